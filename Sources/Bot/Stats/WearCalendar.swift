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

    /// The day in a `/wore` argument: empty or "today", "yesterday", or YYYY-MM-DD; not in the future, not before 2000.
    static func day(_ text: String, today: LocalDate) throws -> LocalDate {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.count <= maximumArgumentLength else { throw Self.badDate }
        let day: LocalDate
        switch word {
        // The words for today and yesterday in the five reply languages.
        case "", "today", "heute", "aujourd'hui", "hoy", "oggi": day = today
        case "yesterday", "gestern", "hier", "ayer", "ieri": day = today.adding(days: -1)
        default:
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

    private static let badDate = LocalizedUserMessageError("wear.date.invalid")
}
