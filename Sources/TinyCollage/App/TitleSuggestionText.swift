// A suggested title in words (SPEC §9): the places and the time span of
// TitleSuggestion (CollageCore's rules), in the user's language. Dates go
// through GLib's g_date_time_format with formats the translation chooses,
// so a language can put the year first and count months ("2026年4月")
// where English names them ("April 2026"). Place names come translated from
// libgeonames (PlaceFinder).

import CGtk
import CollageCore

enum TitleSuggestionText {
    static func text(_ suggestion: TitleSuggestion) -> String {
        let place = suggestion.places.map(places)
        let when = suggestion.time.map(time)
        switch (place, when) {
        // TRANSLATORS: a suggested title: a place, then a date, e.g. "Paris, April 2026".
        case let (place?, when?): return tr("%s, %s", place, when)
        case let (place?, nil): return place
        case let (nil, when?): return when
        default: return ""
        }
    }

    static func places(_ places: TitleSuggestion.Places) -> String {
        switch places {
        case let .one(name): return name
        // TRANSLATORS: two places in a suggested title, e.g. "Paris and Lyon".
        case let .two(first, second): return tr("%s and %s", first, second)
        }
    }

    static func time(_ time: TitleSuggestion.Time) -> String {
        switch time {
        case let .day(day):
            return format(day, dayMonthYear)
        case let .days(first, last) where first.year == last.year && first.month == last.month:
            // xgettext:no-c-format
            // TRANSLATORS: the first day of a range within one month, as in "3–5 April 2026": a date
            // format for GLib's g_date_time_format (%-d day, %-m month number, %B month name, %Y year).
            return tight(format(first, trc("first day of a range in one month", "%-d")),
                         // xgettext:no-c-format
                         // TRANSLATORS: the last day of a range within one month, as in "3–5 April 2026" (a date format).
                         format(last, trc("last day of a range in one month", "%-d %B %Y")))
        case let .days(first, last) where first.year == last.year:
            // xgettext:no-c-format
            // TRANSLATORS: the first day of a range across months, as in "30 March – 2 April 2026" (a date format).
            return spaced(format(first, trc("first day of a range across months", "%-d %B")),
                          // xgettext:no-c-format
                          // TRANSLATORS: the last day of a range across months, as in "30 March – 2 April 2026" (a date format).
                          format(last, trc("last day of a range across months", "%-d %B %Y")))
        case let .days(first, last):
            return spaced(format(first, dayMonthYear), format(last, dayMonthYear))
        case let .month(year, month):
            return format(CalendarDay(year: year, month: month, day: 1)!, monthYear)
        case let .months(fromYear, fromMonth, toYear, toMonth):
            let first = CalendarDay(year: fromYear, month: fromMonth, day: 1)!
            let last = CalendarDay(year: toYear, month: toMonth, day: 1)!
            guard fromYear == toYear else { return spaced(format(first, monthYear), format(last, monthYear)) }
            // xgettext:no-c-format
            // TRANSLATORS: the first month of a range within one year, as in "May – July 2026" (a date format).
            return spaced(format(first, trc("first month of a range in one year", "%B")),
                          // xgettext:no-c-format
                          // TRANSLATORS: the last month of a range within one year, as in "May – July 2026" (a date format).
                          format(last, trc("last month of a range in one year", "%B %Y")))
        case let .season(season, from, to):
            return seasonText(season, from: from, to: to)
        case let .year(year):
            return format(CalendarDay(year: year, month: 1, day: 1)!, yearOnly)
        case let .years(first, last):
            return tight(format(CalendarDay(year: first, month: 1, day: 1)!, yearOnly),
                         format(CalendarDay(year: last, month: 1, day: 1)!, yearOnly))
        }
    }

    private static func seasonText(_ season: TitleSuggestion.Season, from: Int, to: Int) -> String {
        let first = String(from), last = String(to)
        switch season {
        // TRANSLATORS: a season in a suggested title; %s is the year.
        case .spring: return tr("Spring %s", first)
        // TRANSLATORS: a season in a suggested title; %s is the year.
        case .autumn: return tr("Autumn %s", first)
        // TRANSLATORS: the southern summer, from December to February; the two years it spans.
        case .summer where from != to: return tr("Summer %s–%s", first, last)
        // TRANSLATORS: a season in a suggested title; %s is the year.
        case .summer: return tr("Summer %s", first)
        // TRANSLATORS: the northern winter, from December to February; the two years it spans.
        case .winter where from != to: return tr("Winter %s–%s", first, last)
        // TRANSLATORS: a season in a suggested title; %s is the year.
        case .winter: return tr("Winter %s", first)
        }
    }

    // xgettext:no-c-format
    // TRANSLATORS: a whole date in a suggested title, as in "3 April 2026" (a date format for GLib's
    // g_date_time_format: %-d day, %-m month number, %B month name, %Y year).
    private static var dayMonthYear: String { trc("date", "%-d %B %Y") }
    // xgettext:no-c-format
    // TRANSLATORS: a month in a suggested title, as in "April 2026" (a date format).
    private static var monthYear: String { trc("month", "%B %Y") }
    // xgettext:no-c-format
    // TRANSLATORS: a year in a suggested title, as in "2026" (a date format).
    private static var yearOnly: String { trc("year", "%Y") }

    /// A range of numbers in one unit: "3–5 April", "2024–2026".
    // TRANSLATORS: a range whose ends are short, as in "3–5 April 2026" or "2024–2026".
    private static func tight(_ first: String, _ last: String) -> String { tr("%s–%s", first, last) }

    /// A range of longer phrases: "30 March – 2 April 2026".
    // TRANSLATORS: a range whose ends are phrases, as in "30 March – 2 April 2026".
    private static func spaced(_ first: String, _ last: String) -> String { tr("%s – %s", first, last) }

    /// `day` in `format` through GLib, in the current locale's month names.
    private static func format(_ day: CalendarDay, _ format: String) -> String {
        guard let date = g_date_time_new_utc(Int32(day.year), Int32(day.month), Int32(day.day), 12, 0, 0) else {
            return String(day.year)
        }
        defer { g_date_time_unref(date) }
        return takeString(g_date_time_format(date, format)) ?? String(day.year)
    }
}
