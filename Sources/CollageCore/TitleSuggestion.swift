// The rules behind a suggested title (SPEC §9), from what the photos' own
// metadata says: where (a nearby city or a country, already looked up) and
// when (the camera's date). Pure: reading EXIF and the place database is
// CollageMetadata's job, turning the result into words the app's (gettext).
//
// Place: photos without a place are left out; one or two cities are named;
// more cities, or photos known only by country, give the country (one or
// two); more than that, no place.
// Time, from the first to the last day a photo was taken:
//   one day                           → 3 April 2026
//   up to 14 days                     → 3–5 April 2026, 30 March – 2 April 2026
//   one calendar month                → April 2026
//   one season (meteorological; the   → Spring 2026, Winter 2025–2026
//     southern hemisphere's when the photos are there; none in the tropics)
//   up to three calendar months       → May – July 2026
//   one calendar year                 → 2026
//   longer                            → 2024–2026
// No photo with a place or a date: no suggestion at all, rather than a wrong one.

public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil for a day that does not exist (30 February) or a year no camera wrote.
    public init?(year: Int, month: Int, day: Int) {
        guard (1800...2999).contains(year), (1...12).contains(month),
              (1...CalendarDay.length(ofMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads EXIF's "YYYY:MM:DD HH:MM:SS" (also with "-" between the date's
    /// parts); the camera's wall clock, so no time zone is applied. Nil for
    /// the blank "0000:00:00 00:00:00" cameras write when they do not know.
    public init?(exif text: String) {
        let digits = text.trimmingWhitespace().prefix(10)
        let parts = digits.split(whereSeparator: { $0 == ":" || $0 == "-" })
        guard digits.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Months since year 0, for counting calendar months.
    var monthNumber: Int { year * 12 + month - 1 }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
    public var description: String { "\(year)-\(month)-\(day)" }
}

public struct Coordinate: Hashable, Sendable {
    public let latitude: Double
    public let longitude: Double

    /// Nil outside the globe or for NaN.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Where a photo was taken, as the place database could tell.
public enum Place: Hashable, Sendable {
    /// A known city near enough to be true, and its country when known.
    case city(String, country: String?)
    /// No city near enough, but the country is clear.
    case country(String)
}

/// What one photo's metadata says, as far as a title cares.
public struct TitleFacts: Hashable, Sendable {
    public var taken: CalendarDay?
    public var coordinate: Coordinate?
    /// The coordinate looked up; nil when there is none or nothing is near.
    public var place: Place?

    public init(taken: CalendarDay? = nil, coordinate: Coordinate? = nil, place: Place? = nil) {
        self.taken = taken
        self.coordinate = coordinate
        self.place = place
    }
}

public struct TitleSuggestion: Hashable, Sendable {
    public enum Places: Hashable, Sendable {
        case one(String)
        case two(String, String)
    }

    public enum Season: Hashable, Sendable { case spring, summer, autumn, winter }

    public enum Time: Hashable, Sendable {
        case day(CalendarDay)
        /// Two to fourteen days; the words depend on whether month and year differ.
        case days(CalendarDay, CalendarDay)
        case month(year: Int, month: Int)
        /// A season; `from` and `to` differ for the one that spans New Year.
        case season(Season, from: Int, to: Int)
        /// Two or three calendar months: first (year, month) and last.
        case months(fromYear: Int, fromMonth: Int, toYear: Int, toMonth: Int)
        case year(Int)
        case years(Int, Int)
    }

    public var places: Places?
    public var time: Time?

    public init(places: Places? = nil, time: Time? = nil) {
        self.places = places
        self.time = time
    }

    /// The suggestion for these photos, nil when they say nothing usable.
    public static func make(_ facts: [TitleFacts]) -> TitleSuggestion? {
        let suggestion = TitleSuggestion(places: places(facts.compactMap(\.place)),
                                         time: time(facts.compactMap(\.taken), hemisphere: hemisphere(facts)))
        return suggestion.places == nil && suggestion.time == nil ? nil : suggestion
    }

    static func places(_ places: [Place]) -> Places? {
        func named(_ names: [String]) -> Places? {
            var distinct: [String] = []
            for name in names where !distinct.contains(name) { distinct.append(name) }
            switch distinct.count {
            case 1: return .one(distinct[0])
            case 2: return .two(distinct[0], distinct[1])
            default: return nil
            }
        }
        guard !places.isEmpty else { return nil }
        let cities = places.compactMap { place -> String? in
            if case let .city(name, _) = place { return name }
            return nil
        }
        if cities.count == places.count, let named = named(cities) { return named }
        let countries = places.map { place -> String? in
            switch place {
            case let .city(_, country): return country
            case let .country(country): return country
            }
        }
        guard countries.allSatisfy({ $0 != nil }) else { return nil }
        return named(countries.compactMap { $0 })
    }

    enum Hemisphere { case north, south, tropics }

    /// Where the photos were, for the seasons: by their mean latitude; the
    /// north when nothing says.
    static func hemisphere(_ facts: [TitleFacts]) -> Hemisphere {
        let latitudes = facts.compactMap { $0.coordinate?.latitude }
        guard !latitudes.isEmpty else { return .north }
        let mean = latitudes.reduce(0, +) / Double(latitudes.count)
        if abs(mean) < tropicLatitude { return .tropics }
        return mean < 0 ? .south : .north
    }

    static let tropicLatitude = 23.44
    /// Up to this many days from the first to the last, the days are named.
    static let longestDayRange = 13

    static func time(_ days: [CalendarDay], hemisphere: Hemisphere) -> Time? {
        guard let first = days.min(), let last = days.max() else { return nil }
        if first == last { return .day(first) }
        if last.dayNumber - first.dayNumber <= longestDayRange { return .days(first, last) }
        if first.year == last.year, first.month == last.month { return .month(year: first.year, month: first.month) }
        if hemisphere != .tropics {
            // Meteorological seasons: three months from December (north) or June (south).
            let shift = hemisphere == .north ? 1 : 7
            let key = { (day: CalendarDay) in (day.monthNumber + shift).floorDivided(by: 3) }
            if key(first) == key(last) {
                // The shift makes each hemisphere's winter key 0 (mod 4).
                let seasons: [Season] = [.winter, .spring, .summer, .autumn]
                let season = seasons[((key(first) % 4) + 4) % 4]
                let firstMonth = key(first) * 3 - shift
                return .season(season, from: firstMonth.floorDivided(by: 12), to: (firstMonth + 2).floorDivided(by: 12))
            }
        }
        if last.monthNumber - first.monthNumber <= 2 {
            return .months(fromYear: first.year, fromMonth: first.month, toYear: last.year, toMonth: last.month)
        }
        if first.year == last.year { return .year(first.year) }
        return .years(first.year, last.year)
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
