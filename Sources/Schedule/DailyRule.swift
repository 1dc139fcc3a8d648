import Foundation

/// When one subscription fires: a local time in a zone, every day or Monday to Friday.
public struct DailyRule: Sendable, Hashable {
    public let time: LocalTime
    public let zone: TimeZone
    public let weekdaysOnly: Bool

    public init(time: LocalTime, zone: TimeZone, weekdaysOnly: Bool) {
        self.time = time
        self.zone = zone
        self.weekdaysOnly = weekdaysOnly
    }

    /// Whether the rule fires at all on `date`.
    public func fires(on date: LocalDate) -> Bool { !weekdaysOnly || date.isWeekday }

    /// The instant it fires on `date` (DST handled by `ZonedTime`).
    public func fireInstant(on date: LocalDate) -> Date { ZonedTime.instant(of: time, on: date, in: zone) }
}
