import Foundation
import Localization
import Schedule
import Support

/// What a `/wore` date argument names: one day, or two when an English slash date reads both ways.
enum WearDay: Equatable {
    /// The day meant.
    case day(LocalDate)
    /// "3/2/2026" from an English speaker: 3 February (day first) or March 2 (month first).
    case either(dayFirst: LocalDate, monthFirst: LocalDate)
}

/// Why a `/wore` date argument names no day; `WearCalendar.day` turns it into the reader's words.
enum WearDateProblem: InternalError, Equatable {
    /// Not a date in any form read.
    case unreadable
    /// A date's shape with a day its month does not have ("31.02.", "2026-04-31").
    case noSuchDay(year: Int, month: Int, day: Int)
}

/// The days people write after `/wore N` in the five reply languages: today, yesterday and the day before
/// (`gestern`, `avant-hier`…), `3 days ago` (`vor 3 Tagen`, `il y a 3 jours`, `hace 3 días`, `3 giorni fa`),
/// a weekday (`monday`, `last monday`, `letzten Montag`, `lundi dernier`, `el lunes`, `lunedì scorso`), and
/// dates: `2026-10-31`, day first (`31.10.2026`, `31.10.`, `31/10`, `31-10-2026`), and month first when day
/// first is impossible (`10/31`). A year left out is the latest such day not after today.
enum WearDateWords {
    /// Longest argument looked at; anything longer is refused unread.
    static let maximumLength = 40

    /// The day or days `text` names, relative to `today`. English speakers write slash dates either way, so
    /// for them "3/2" names two days; the other four languages write the day first.
    static func read(_ text: String, today: LocalDate, language: Language) throws(WearDateProblem) -> WearDay {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .replacingOccurrences(of: "’", with: "'")
        let words = folded.split(whereSeparator: \.isWhitespace).map(String.init)
        guard folded.count <= maximumLength else { throw .unreadable }
        let phrase = words.joined(separator: " ")
        if todayWords.contains(phrase) { return .day(today) }
        if yesterdayWords.contains(phrase) { return .day(today.adding(days: -1)) }
        if dayBeforeYesterdayWords.contains(phrase) { return .day(today.adding(days: -2)) }
        if let days = daysAgo(words) { return .day(today.adding(days: -days)) }
        if let weekday = weekday(words, today: today) { return .day(weekday) }
        guard words.count == 1 else { throw .unreadable }
        return try numeric(words[0], today: today, language: language)
    }

    /// "2026-10-31", "31.10.", "31/10/26", "10/31"…
    private static func numeric(_ word: String, today: LocalDate, language: Language) throws(WearDateProblem) -> WearDay {
        guard let separator = word.first(where: { ".-/".contains($0) }) else { throw .unreadable }
        var parts = word.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        // "31.10." ends with the separator, as German writes it.
        if separator == ".", parts.last == "" { parts.removeLast() }
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { throw .unreadable }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { throw .unreadable }
        if parts[0].count == 4 {
            // Year first: 2026-10-31 (or 2026-3-1, which reads only one way).
            guard separator == "-", parts.count == 3, parts[1].count <= 2, parts[2].count <= 2 else { throw .unreadable }
            return .day(try date(year: numbers[0], month: numbers[1], day: numbers[2]))
        }
        guard parts[0].count <= 2, parts[1].count <= 2 else { throw .unreadable }
        var year: Int?
        if parts.count == 3 {
            guard [2, 4].contains(parts[2].count) else { throw .unreadable }
            year = parts[2].count == 2 ? 2000 + numbers[2] : numbers[2]
        }
        let dayFirst = Result(catching: { () throws(WearDateProblem) -> LocalDate in
            try dated(day: numbers[0], month: numbers[1], year: year, today: today)
        })
        let monthFirst = Result(catching: { () throws(WearDateProblem) -> LocalDate in
            try dated(day: numbers[1], month: numbers[0], year: year, today: today)
        })
        switch (dayFirst, monthFirst) {
        case (.success(let first), .success(let second)) where separator == "/" && language == .en && first != second:
            return .either(dayFirst: first, monthFirst: second)
        case (.success(let first), _):
            return .day(first)
        case (.failure, .success(let second)) where separator != ".":
            // "10/31": there is no month 31, so the month came first, whoever wrote it.
            return .day(second)
        case (.failure(let first), .failure(let second)):
            // "31.02." has a month and no such day: say that rather than "not a date".
            throw first == .unreadable ? second : first
        case (.failure(let first), _):
            throw first
        }
    }

    /// The date of a day and month, in `year` or else the latest year that puts it on or before `today`.
    private static func dated(day: Int, month: Int, year: Int?, today: LocalDate) throws(WearDateProblem) -> LocalDate {
        let current = today.components
        if let year { return try date(year: year, month: month, day: day) }
        let later = (month, day) > (current.month, current.day)
        return try date(year: later ? current.year - 1 : current.year, month: month, day: day)
    }

    /// A real calendar date; a day past the month's end is named as such, a month past 12 is no date.
    private static func date(year: Int, month: Int, day: Int) throws(WearDateProblem) -> LocalDate {
        guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { throw .unreadable }
        guard day <= daysIn(month: month, year: year) else { throw .noSuchDay(year: year, month: month, day: day) }
        return LocalDate(year: year, month: month, day: day)
    }

    /// How many days `month` has in `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        let next = month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
        return next.dayNumber - LocalDate(year: year, month: month, day: 1).dayNumber
    }

    /// "3 days ago", "vor 3 Tagen", "il y a 3 jours", "hace 3 días", "3 giorni fa": the count of days.
    private static func daysAgo(_ words: [String]) -> Int? {
        let number = { (word: String) -> Int? in
            word.count <= 4 && word.allSatisfy { $0.isASCII && $0.isNumber } ? Int(word) : nil
        }
        switch words.count {
        case 3 where ["days", "day"].contains(words[1]) && words[2] == "ago": return number(words[0])
        case 3 where ["giorni", "giorno"].contains(words[1]) && words[2] == "fa": return number(words[0])
        case 3 where words[0] == "vor" && ["tagen", "tag"].contains(words[2]): return number(words[1])
        case 3 where words[0] == "hace" && ["dias", "dia"].contains(words[2]): return number(words[1])
        case 5 where Array(words[0..<3]) == ["il", "y", "a"] && ["jours", "jour"].contains(words[4]): return number(words[3])
        default: return nil
        }
    }

    /// A weekday's latest date: on or before today ("monday", "am Montag"), or before today when said as
    /// the last one ("last monday", "letzten Montag", "lundi dernier", "el lunes pasado", "lunedì scorso").
    private static func weekday(_ words: [String], today: LocalDate) -> LocalDate? {
        let past = words.contains { pastWords.contains($0) }
        let named = words.filter { !pastWords.contains($0) && !articles.contains($0) }
        guard named.count == 1, words.count <= 4, let weekday = DayWords.weekday(named[0]) else { return nil }
        var back = (today.weekday - weekday + 7) % 7
        if past, back == 0 { back = 7 }
        return today.adding(days: -back)
    }

    private static let todayWords: Set<String> = ["today", "heute", "aujourd'hui", "aujourdhui", "hoy", "oggi"]
    private static let yesterdayWords: Set<String> = ["yesterday", "gestern", "hier", "ayer", "ieri"]
    private static let dayBeforeYesterdayWords: Set<String> = [
        "day before yesterday", "the day before yesterday", "vorgestern", "avant-hier", "avant hier", "anteayer", "antier",
        "antes de ayer", "l'altro ieri", "altro ieri", "altroieri", "ieri l'altro",
    ]
    /// Words saying a weekday is the last one before today.
    private static let pastWords: Set<String> = [
        "last", "past", "letzten", "letzter", "letztes", "vergangenen", "vorigen", "dernier", "derniere", "passe", "pasado", "scorso", "ultimo",
    ]
    /// Words around a weekday that change nothing: "on monday", "am Montag", "le lundi", "el lunes", "lo scorso lunedì".
    private static let articles: Set<String> = ["on", "this", "the", "am", "le", "el", "il", "lo", "la"]
}
