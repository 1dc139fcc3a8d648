import Foundation

/// When one subscription fires: a local time in a zone, on some days of the week.
public struct DailyRule: Sendable, Hashable {
    public let time: LocalTime
    public let zone: TimeZone
    public let days: Weekdays

    public init(time: LocalTime, zone: TimeZone, days: Weekdays = .everyDay) {
        self.time = time
        self.zone = zone
        self.days = days
    }

    /// Whether the rule fires at all on `date`.
    public func fires(on date: LocalDate) -> Bool { days.contains(date.weekday) }

    /// The instant it fires on `date` (DST handled by `ZonedTime`).
    public func fireInstant(on date: LocalDate) -> Date { ZonedTime.instant(of: time, on: date, in: zone) }
}
