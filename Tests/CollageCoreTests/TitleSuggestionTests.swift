// The rules of the suggested title, one case per rule (see TitleSuggestion):
// places named, merged into countries or dropped; days, months, seasons in
// both hemispheres, years; EXIF date text read or refused.

import CollageCore
import Testing

@Suite struct TitleSuggestionTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d)! }

    func time(_ days: [CalendarDay], latitude: Double? = nil) -> TitleSuggestion.Time? {
        TitleSuggestion.make(days.map {
            TitleFacts(taken: $0, coordinate: latitude.flatMap { Coordinate(latitude: $0, longitude: 0) })
        })?.time
    }

    @Test func exifDatesAreReadAndBlanksRefused() {
        #expect(CalendarDay(exif: "2026:04:03 14:05:09") == day(2026, 4, 3))
        #expect(CalendarDay(exif: "2026-04-03T14:05:09") == day(2026, 4, 3))
        #expect(CalendarDay(exif: "0000:00:00 00:00:00") == nil)
        #expect(CalendarDay(exif: "2026:02:30 10:00:00") == nil)
        #expect(CalendarDay(exif: "2024:02:29 10:00:00") == day(2024, 2, 29))
        #expect(CalendarDay(exif: "2026:13:01 10:00:00") == nil)
        #expect(CalendarDay(exif: "    :  :     :  :  ") == nil)
        #expect(CalendarDay(exif: "２０２６:04:03") == nil)
        #expect(CalendarDay(exif: "") == nil)
        #expect(day(1970, 1, 1).dayNumber == 0)
        #expect(day(2026, 3, 1).dayNumber - day(2026, 2, 28).dayNumber == 1)
        #expect(day(2024, 3, 1).dayNumber - day(2024, 2, 28).dayNumber == 2)
    }

    @Test func coordinatesOffTheGlobeAreRefused() {
        #expect(Coordinate(latitude: 91, longitude: 0) == nil)
        #expect(Coordinate(latitude: 0, longitude: -181) == nil)
        #expect(Coordinate(latitude: .nan, longitude: 0) == nil)
        #expect(Coordinate(latitude: 48.85, longitude: 2.35) != nil)
    }

    @Test func daysAndMonths() {
        #expect(time([day(2026, 4, 3)]) == .day(day(2026, 4, 3)))
        #expect(time([day(2026, 4, 5), day(2026, 4, 3), day(2026, 4, 4)]) == .days(day(2026, 4, 3), day(2026, 4, 5)))
        #expect(time([day(2026, 3, 30), day(2026, 4, 2)]) == .days(day(2026, 3, 30), day(2026, 4, 2)))
        #expect(time([day(2025, 12, 30), day(2026, 1, 2)]) == .days(day(2025, 12, 30), day(2026, 1, 2)))
        // Fourteen days are still named; fifteen make a month.
        #expect(time([day(2026, 4, 1), day(2026, 4, 14)]) == .days(day(2026, 4, 1), day(2026, 4, 14)))
        #expect(time([day(2026, 4, 1), day(2026, 4, 15)]) == .month(year: 2026, month: 4))
    }

    @Test func seasonsInTheNorth() {
        #expect(time([day(2026, 3, 2), day(2026, 5, 20)]) == .season(.spring, from: 2026, to: 2026))
        #expect(time([day(2025, 12, 10), day(2026, 2, 20)]) == .season(.winter, from: 2025, to: 2026))
        #expect(time([day(2026, 1, 5), day(2026, 2, 20)]) == .season(.winter, from: 2025, to: 2026))
        #expect(time([day(2026, 9, 1), day(2026, 11, 30)], latitude: 48) == .season(.autumn, from: 2026, to: 2026))
    }

    @Test func seasonsInTheSouthAndNoneInTheTropics() {
        #expect(time([day(2025, 12, 10), day(2026, 2, 20)], latitude: -34) == .season(.summer, from: 2025, to: 2026))
        #expect(time([day(2026, 6, 10), day(2026, 8, 20)], latitude: -34) == .season(.winter, from: 2026, to: 2026))
        #expect(time([day(2026, 3, 2), day(2026, 5, 20)], latitude: -34) == .season(.autumn, from: 2026, to: 2026))
        #expect(time([day(2026, 3, 2), day(2026, 5, 20)], latitude: 5)
                == .months(fromYear: 2026, fromMonth: 3, toYear: 2026, toMonth: 5))
    }

    @Test func monthSpansYearsAndLonger() {
        #expect(time([day(2026, 5, 20), day(2026, 7, 10)]) == .months(fromYear: 2026, fromMonth: 5, toYear: 2026, toMonth: 7))
        #expect(time([day(2025, 11, 20), day(2026, 1, 10)])
                == .months(fromYear: 2025, fromMonth: 11, toYear: 2026, toMonth: 1))
        #expect(time([day(2026, 1, 20), day(2026, 9, 10)]) == .year(2026))
        #expect(time([day(2024, 6, 1), day(2026, 9, 10)]) == .years(2024, 2026))
    }

    @Test func placesNamedMergedOrDropped() {
        func places(_ list: [Place?]) -> TitleSuggestion.Places? {
            TitleSuggestion.make(list.map { TitleFacts(place: $0) })?.places
        }
        #expect(places([.city("Paris", country: "France"), nil, .city("Paris", country: "France")]) == .one("Paris"))
        #expect(places([.city("Paris", country: "France"), .city("Lyon", country: "France")]) == .two("Paris", "Lyon"))
        #expect(places([.city("Paris", country: "France"), .city("Lyon", country: "France"), .city("Nice", country: "France")])
                == .one("France"))
        #expect(places([.city("Paris", country: "France"), .country("France")]) == .one("France"))
        #expect(places([.city("Paris", country: "France"), .city("Rome", country: "Italy"), .city("Nice", country: "France")])
                == .two("France", "Italy"))
        #expect(places([.city("Paris", country: "France"), .city("Rome", country: "Italy"), .city("Bern", country: "Switzerland")])
                == nil)
        // A city whose country is unknown cannot be merged into one.
        #expect(places([.city("A", country: nil), .city("B", country: nil), .city("C", country: "X")]) == nil)
    }

    @Test func nothingKnownIsNoSuggestion() {
        #expect(TitleSuggestion.make([]) == nil)
        #expect(TitleSuggestion.make([TitleFacts(), TitleFacts()]) == nil)
        // A place alone or a time alone is still a suggestion.
        let placeOnly = TitleSuggestion.make([TitleFacts(place: .country("Japan"))])
        #expect(placeOnly == TitleSuggestion(places: .one("Japan"), time: nil))
        let timeOnly = TitleSuggestion.make([TitleFacts(taken: day(2026, 4, 3)), TitleFacts()])
        #expect(timeOnly == TitleSuggestion(places: nil, time: .day(day(2026, 4, 3))))
    }
}
