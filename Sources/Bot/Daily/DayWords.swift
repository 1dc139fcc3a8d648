import Foundation
import Schedule

/// The days of the week in `/daily 07:30 weekdays`, `/daily 09:00 weekend`, `/daily 08:00 mon,wed,fri` or
/// `/daily 08:00 Di-Do`: day names, their abbreviations, ranges and lists in the five reply languages.
enum DayWords {
    /// The days the words name, and the words left for the occasion. Nil days when no word names a day.
    static func read(_ words: [String]) -> (days: Weekdays?, rest: [String]) {
        var days = 0
        var rest: [String] = []
        var previousWasDay = false
        for (index, word) in words.enumerated() {
            let lowered = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.;"))
            if let found = mask(of: lowered) {
                days |= found
                previousWasDay = true
                continue
            }
            // "monday and friday": a connector between two day words is part of the list.
            let next = index + 1 < words.count ? mask(of: words[index + 1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.;"))) : nil
            if previousWasDay, next != nil, connectors.contains(lowered) { continue }
            previousWasDay = false
            rest.append(word)
        }
        return (days == 0 ? nil : Weekdays(mask: days), rest)
    }

    /// The day mask one word names ("weekdays", "sat,sun", "mo-fr", "lundi"), or nil when it names no days.
    static func mask(of word: String) -> Int? {
        guard !word.isEmpty, word.count <= 60 else { return nil }
        if let group = groups[word] { return group.mask }
        let parts = word.split(whereSeparator: { ",/+&".contains($0) })
        guard !parts.isEmpty else { return nil }
        var mask = 0
        for part in parts {
            if let group = groups[String(part)] {
                mask |= group.mask
                continue
            }
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            if ends.count == 1, let day = dayNumbers[String(part)] {
                mask |= 1 << (day - 1)
            } else if ends.count == 2, let first = dayNumbers[String(ends[0])], let last = dayNumbers[String(ends[1])] {
                // A range wraps past Sunday: "fri-mon" is Friday to Monday.
                var day = first
                while true {
                    mask |= 1 << (day - 1)
                    if day == last { break }
                    day = day % 7 + 1
                }
            } else {
                return nil
            }
        }
        return mask
    }

    /// The ISO weekday (1 Monday … 7 Sunday) one lowercased day name or abbreviation names ("montag", "mié").
    static func weekday(_ word: String) -> Int? { dayNumbers[word] }

    /// Words for a set of days.
    private static let groups: [String: Weekdays] = {
        var groups: [String: Weekdays] = [:]
        for word in ["weekdays", "weekday", "workdays", "werktags", "wochentags", "semaine", "laborables", "feriali", "feriale"] {
            groups[word] = .mondayToFriday
        }
        for word in ["weekend", "weekends", "wochenende", "week-end", "week-ends", "finde", "findes", "wochenenden"] {
            groups[word] = .weekend
        }
        for word in ["daily", "everyday", "täglich", "taeglich", "quotidien", "diario", "diariamente", "quotidiano", "ogni-giorno"] {
            groups[word] = .everyDay
        }
        return groups
    }()

    /// Day names, plurals and abbreviations in the five reply languages → ISO weekday (1 Monday … 7 Sunday).
    private static let dayNumbers: [String: Int] = {
        let names: [Int: [String]] = [
            1: ["mon", "monday", "mondays", "mo", "montag", "montags", "lun", "lundi", "lundis", "lunes", "lunedì", "lunedi"],
            2: ["tue", "tues", "tuesday", "tuesdays", "di", "dienstag", "dienstags", "mar", "mardi", "mardis", "martes", "martedì", "martedi"],
            3: ["wed", "wednesday", "wednesdays", "mi", "mittwoch", "mittwochs", "mer", "mercredi", "mercredis", "mié", "mie", "miércoles",
                "miercoles", "mercoledì", "mercoledi"],
            4: ["thu", "thur", "thurs", "thursday", "thursdays", "do", "donnerstag", "donnerstags", "jeu", "jeudi", "jeudis", "jue", "jueves",
                "gio", "giovedì", "giovedi"],
            5: ["fri", "friday", "fridays", "fr", "freitag", "freitags", "ven", "vendredi", "vendredis", "vie", "viernes", "venerdì", "venerdi"],
            6: ["sat", "saturday", "saturdays", "sa", "samstag", "samstags", "sonnabend", "sam", "samedi", "samedis", "sáb", "sab", "sábado",
                "sabado", "sábados", "sabados", "sabato"],
            7: ["sun", "sunday", "sundays", "so", "sonntag", "sonntags", "dim", "dimanche", "dimanches", "dom", "domingo", "domingos",
                "domenica"],
        ]
        var numbers: [String: Int] = [:]
        for (day, words) in names { for word in words { numbers[word] = day } }
        return numbers
    }()

    /// "and" in the five languages, as in "monday and friday".
    private static let connectors: Set<String> = ["and", "und", "et", "y", "e", "&", "+"]
}
