import Chat
import Foundation
import Localization
import Schedule
import Storage
import Support

/// Which local day it is for a chat, and the days `/wore` accepts.
///
/// A wear is dated in the time zone of the chat it was recorded in (`/timezone`, else
/// `schedule.default_timezone`, else UTC), so "I wore this" at 00:30 in Berlin counts for that day.
struct WearCalendar: Sendable {
    /// The zone of chats that have not set one.
    let defaultZone: TimeZone

    /// The first day a wear may be logged for.
    static let earliest = LocalDate(year: 2000, month: 1, day: 1)
    /// Longest date argument looked at; anything longer is refused unread.
    static let maximumArgumentLength = 20

    /// The calendar for an environment: the daily feature's default zone when it is on, else UTC.
    init(environment: BotEnvironment) {
        defaultZone = environment.daily?.settings.defaultTimeZone ?? TimeZone(identifier: "UTC")!
    }

    /// A calendar whose chats without a zone use `defaultZone`.
    init(defaultZone: TimeZone) {
        self.defaultZone = defaultZone
    }

    /// The chat's own zone, else the default.
    func zone(of chat: ChatRecord) -> TimeZone {
        chat.settings[DailySettings.timeZoneSetting]?.string.flatMap(TimeZone.init(identifier:)) ?? defaultZone
    }

    /// Today in the chat's zone.
    func today(in chat: ChatRecord, now: Date) -> LocalDate {
        ZonedTime.localDate(of: now, in: zone(of: chat))
    }

    /// The instant stored as `last_worn_at` for a wear on `day`: now for today, else noon that day in `zone`
    /// (noon stays on the same date whatever the daylight-saving shift).
    func instant(of day: LocalDate, today: LocalDate, now: Date, zone: TimeZone) -> Date {
        day == today ? now : ZonedTime.instant(of: LocalTime(hour: 12, minute: 0)!, on: day, in: zone)
    }

    /// The day in a `/wore` argument: empty or "today", "yesterday", "day before yesterday" (in five
    /// languages), YYYY-MM-DD or day first (31.10.2026, 31/10); not in the future, not before 2000.
    static func day(_ text: String, today: LocalDate) throws -> LocalDate {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.count <= maximumArgumentLength else { throw Self.badDate }
        let day: LocalDate
        switch word {
        // The words for today and yesterday in the five reply languages.
        case "", "today", "heute", "aujourd'hui", "hoy", "oggi": day = today
        case "yesterday", "gestern", "hier", "ayer", "ieri": day = today.adding(days: -1)
        case "day before yesterday", "vorgestern", "avant-hier", "anteayer", "antier", "l'altro ieri", "altroieri": day = today.adding(days: -2)
        default:
            if let european = europeanDay(word, today: today) {
                day = european
                break
            }
            // Exactly YYYY-MM-DD, and a real date: 2026-02-30 would otherwise roll over into March.
            let digits = word.split(separator: "-", omittingEmptySubsequences: false)
            guard digits.map(\.count) == [4, 2, 2], digits.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let parsed = LocalDate(text: word), parsed.description == word else { throw Self.badDate }
            day = parsed
        }
        guard day <= today else {
            throw LocalizedUserMessageError("wear.date.future", ["date": .text(day.description)])
        }
        guard day >= earliest else {
            throw LocalizedUserMessageError("wear.date.too_early", ["example": .text(today.adding(days: -7).description)])
        }
        return day
    }

    /// "31.10.2026", "31.10." (this year) or "31/10/2026": day first, as German, French, Spanish and
    /// Italian write it; nil when the text is not that shape or not a real date.
    static func europeanDay(_ word: String, today: LocalDate) -> LocalDate? {
        let separator: Character = word.contains(".") ? "." : "/"
        var parts = word.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count <= 2, parts[1].count <= 2, let dayNumber = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        var year = Int(today.description.prefix(4)) ?? 2000
        if parts.count == 3 {
            guard parts[2].count == 4 || parts[2].count == 2, let typed = Int(parts[2]) else { return nil }
            year = parts[2].count == 2 ? 2000 + typed : typed
        }
        let text = String(format: "%04d-%02d-%02d", year, month, dayNumber)
        guard let parsed = LocalDate(text: text), parsed.description == text else { return nil }
        return parsed
    }

    private static let badDate = LocalizedUserMessageError("wear.date.invalid")
}
