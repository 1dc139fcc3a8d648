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

    /// The day or days a `/wore` argument names (`WearDateWords`; empty is today), refused in the reader's
    /// words when it names none, one that does not exist, or one in the future or before 2000. Of an English
    /// slash date's two readings, one outside those days is dropped; `number` is the item in the examples.
    static func day(_ text: String, today: LocalDate, words: Phrasebook, number: String = "3") throws(LocalizedUserMessageError) -> WearDay {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let read: WearDay
        do throws(WearDateProblem) {
            read = trimmed.isEmpty ? .day(today) : try WearDateWords.read(trimmed, today: today, language: words.language)
        } catch {
            switch error {
            case .unreadable:
                throw LocalizedUserMessageError("wear.date.invalid", ["number": .text(number)])
            case .noSuchDay(let year, let month, let day):
                throw LocalizedUserMessageError("wear.date.no_such_day", [
                    "date": .text(words.longDate(year: year, month: month, day: day)), "month": .text(words.longMonth(month)),
                    "days": .integer(WearDateWords.daysIn(month: month, year: year)), "number": .text(number),
                ])
            }
        }
        switch read {
        case .day(let day):
            try check(day, today: today)
            return read
        case .either(let dayFirst, let monthFirst):
            let possible = [dayFirst, monthFirst].filter { (try? check($0, today: today)) != nil }
            guard possible.count == 1 else {
                if possible.isEmpty { try check(dayFirst, today: today) }
                return read
            }
            return .day(possible[0])
        }
    }

    /// Refuses a day in the future or before `earliest`.
    private static func check(_ day: LocalDate, today: LocalDate) throws(LocalizedUserMessageError) {
        guard day <= today else {
            throw LocalizedUserMessageError("wear.date.future", ["date": .text(day.description)])
        }
        guard day >= earliest else {
            throw LocalizedUserMessageError("wear.date.too_early", ["example": .text(today.adding(days: -7).description)])
        }
    }
}
