import Foundation
import Schedule

/// The time of day in `/daily` as people write it in the five reply languages: `07:30`, `7.30`, `0730`,
/// `7:30 Uhr`, `19h30`, `19 h`, `7pm`, `7 p.m.`, `7.30am`, `um 7`, `alle 19`, `7 de la tarde`, `noon`…
enum TimeWords {
    /// What a `/daily` argument held.
    enum Reading: Equatable {
        /// A time, and the other words in their order once it (with "at", "Uhr", "pm"…) is taken out.
        case time(LocalTime, rest: [String])
        /// Words written like a time whose numbers are no time of day ("25:00", "7:75", "13pm").
        case outOfRange(String)
        /// No words read as a time.
        case none
    }

    /// The first time among `words`. A bare number ("7") counts only first (or after "at", "um"…), so an
    /// occasion or day word after the time is never read as one.
    static func read(_ words: [String]) -> Reading {
        let lowered = words.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",;!")) }
        var outOfRange: String?
        for start in lowered.indices {
            let lead = leadLength(before: start, in: lowered)
            guard let written = written(at: start, in: lowered, bareAllowed: start - lead == 0) else { continue }
            let end = start + written.length
            guard let time = written.time else {
                if outOfRange == nil { outOfRange = words[start..<end].joined(separator: " ") }
                continue
            }
            return .time(time, rest: Array(words[..<(start - lead)] + words[end...]))
        }
        return outOfRange.map(Reading.outOfRange) ?? .none
    }

    /// A time as written: its numbers, whether am or pm was said, and how many words it took.
    private struct Written {
        var hour: Int
        var minute: Int
        /// True for pm, false for am, nil when neither was said.
        var afternoon: Bool?
        /// A day part ("abends", "du soir") rather than am/pm: 19 with "in the evening" is still 19.
        var softDayPart = false
        /// Words the time took.
        var length = 1

        /// The time meant, or nil when the numbers are no time of day.
        var time: LocalTime? {
            guard (0...59).contains(minute) else { return nil }
            guard let afternoon else { return LocalTime(hour: hour, minute: minute) }
            if softDayPart, hour > 12 { return afternoon ? LocalTime(hour: hour, minute: minute) : nil }
            // 12-hour clock: 12am is midnight, 12pm noon, and only 1–12 take am or pm.
            guard (1...12).contains(hour) else { return nil }
            return LocalTime(hour: hour % 12 + (afternoon ? 12 : 0), minute: minute)
        }
    }

    /// The time starting at word `start`, or nil when none does.
    private static func written(at start: Int, in words: [String], bareAllowed: Bool) -> Written? {
        let word = words[start]
        if let named = namedTimes[word] {
            return Written(hour: named / 60, minute: named % 60, afternoon: nil)
        }
        guard let core = core(word) else { return nil }
        var written = Written(hour: core.hour, minute: core.minute ?? 0, afternoon: core.afternoon)
        var marked = core.marked
        var next = start + 1
        if written.afternoon == nil, next < words.count {
            if let afternoon = meridiems[words[next]] {
                written.afternoon = afternoon
                marked = true
                next += 1
            } else if units.contains(words[next]) {
                // "7 Uhr", "19 h", and the minutes after the unit: "19 h 30", "7 Uhr 30".
                marked = true
                next += 1
                if core.minute == nil, next < words.count, let minute = twoDigits(words[next]) {
                    written.minute = minute
                    next += 1
                }
            }
        }
        if written.afternoon == nil, let (afternoon, length) = dayPart(at: next, in: words) {
            written.afternoon = afternoon
            written.softDayPart = true
            marked = true
            next += length
        }
        guard marked || bareAllowed else { return nil }
        written.length = next - start
        return written
    }

    /// One word's numbers: "7", "07:30", "7.30", "19h30", "0730", with "pm", "a.m.", "Uhr" or "h" attached.
    private static func core(_ word: String) -> (hour: Int, minute: Int?, afternoon: Bool?, marked: Bool)? {
        guard (1...12).contains(word.count), word.first?.isASCII == true, word.first?.isNumber == true else { return nil }
        var text = Substring(word)
        var afternoon: Bool?
        var marked = false
        for (mark, value) in attachedMeridiems where text.hasSuffix(mark) {
            afternoon = value
            text = text.dropLast(mark.count)
            marked = true
            break
        }
        if afternoon == nil {
            for unit in attachedUnits where text.hasSuffix(unit) {
                text = text.dropLast(unit.count)
                marked = true
                break
            }
        }
        guard let separator = text.firstIndex(where: { !($0.isASCII && $0.isNumber) }) else {
            // Digits only: an hour, or four digits as HHMM ("0730", "1930").
            switch text.count {
            case 1, 2: return Int(text).map { ($0, nil, afternoon, marked) }
            case 4 where afternoon == nil: return (Int(text.prefix(2)) ?? 99, Int(text.suffix(2)), nil, true)
            default: return nil
            }
        }
        guard [":", ".", "h"].contains(text[separator]) else { return nil }
        let hour = text[..<separator]
        let minute = text[text.index(after: separator)...]
        guard (1...2).contains(hour.count), let hourNumber = Int(hour) else { return nil }
        // "19h" had its "h" taken as a unit already; "7." or "7:" alone is no time.
        guard let minuteNumber = twoDigits(String(minute)) else { return nil }
        return (hourNumber, minuteNumber, afternoon, true)
    }

    /// Exactly two ASCII digits as a number: minutes are always written with two ("7:05", not "7:5").
    private static func twoDigits(_ text: String) -> Int? {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// How many words before `index` are "at", "um", "à", "a las", "alle ore"…: taken out with the time.
    private static func leadLength(before index: Int, in words: [String]) -> Int {
        for lead in leads where lead.count <= index && Array(words[(index - lead.count)..<index]) == lead { return lead.count }
        return 0
    }

    /// A day part after the time ("abends", "du soir", "de la tarde", "in the morning"): its half of the day and length.
    private static func dayPart(at index: Int, in words: [String]) -> (Bool, Int)? {
        for (phrase, afternoon) in dayParts where index + phrase.count <= words.count {
            if Array(words[index..<(index + phrase.count)]) == phrase { return (afternoon, phrase.count) }
        }
        return nil
    }

    /// "at 7", "um 7", "à 19h", "a las 7", "alle 19", "ore 7": longest first.
    private static let leads: [[String]] = [
        ["alle", "ore"], ["a", "las"], ["a", "la"], ["at"], ["um"], ["gegen"], ["ab"], ["à"], ["vers"], ["a"], ["las"], ["alle"], ["ore"],
    ]

    /// Marks written apart from the number: "7 pm", "7 a.m.".
    private static let meridiems: [String: Bool] = ["am": false, "a.m.": false, "pm": true, "p.m.": true]

    /// Marks written onto the number: "7pm", "7:30a.m.", "7p"; longest first so "a.m." is not read as "m.".
    private static let attachedMeridiems: [(String, Bool)] = [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true), ("a", false), ("p", true)]

    /// Hour words written apart from the number: "7 Uhr", "19 h", "19:30 hs", "7 o'clock".
    private static let units: Set<String> = ["uhr", "h", "hs", "hrs", "hr", "heures", "heure", "horas", "hora", "o'clock", "oclock"]

    /// Hour words written onto the number: "7Uhr", "19h", "19:30h", "7:30hs".
    private static let attachedUnits = ["uhr", "hrs", "hs", "hr", "h"]

    /// Day parts after the time, in the five languages: true for the afternoon and evening.
    private static let dayParts: [([String], Bool)] = [
        (["in", "the", "morning"], false), (["in", "the", "evening"], true), (["in", "the", "afternoon"], true),
        (["morgens"], false), (["früh"], false), (["vormittags"], false), (["nachmittags"], true), (["abends"], true),
        (["du", "matin"], false), (["de", "l'après-midi"], true), (["du", "soir"], true),
        (["de", "la", "mañana"], false), (["de", "la", "tarde"], true), (["de", "la", "noche"], true),
        (["di", "mattina"], false), (["del", "mattino"], false), (["di", "pomeriggio"], true), (["del", "pomeriggio"], true),
        (["di", "sera"], true), (["della", "sera"], true),
    ]

    /// Noon and midnight in the five languages, as minutes after midnight.
    private static let namedTimes: [String: Int] = [
        "noon": 720, "midday": 720, "mittag": 720, "mittags": 720, "midi": 720, "mediodía": 720, "mediodia": 720, "mezzogiorno": 720,
        "midnight": 0, "mitternacht": 0, "minuit": 0, "medianoche": 0, "mezzanotte": 0,
    ]
}
