import Foundation

/// Conversions between instants and a zone's wall clock, with explicit answers for the two
/// daylight-saving edge cases: a time that does not exist (spring forward) maps to the end of
/// the gap, and a time that happens twice (fall back) maps to its first occurrence.
public enum ZonedTime {
    /// The local calendar date of `instant` in `zone`.
    public static func localDate(of instant: Date, in zone: TimeZone) -> LocalDate {
        let local = Int((instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))).rounded(.down))
        return LocalDate(dayNumber: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The first instant whose wall-clock reading in `zone` is `time` on `date`, or, when that
    /// reading does not exist, the instant the clocks jump past it.
    public static func instant(of time: LocalTime, on date: LocalDate, in zone: TimeZone) -> Date {
        // The wall reading as if it were UTC; the real instant is that minus the zone's offset then.
        let wall = Double(date.dayNumber * 86_400 + time.secondsIntoDay)
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let candidates = Set([before, after]).map { wall - Double($0) }.filter { candidate in
            Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate))) == wall - candidate
        }
        if let first = candidates.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: the clocks jump from before the reading to after it; fire at the jump.
        let start = Date(timeIntervalSince1970: wall - Double(max(before, after)) - 1)
        return zone.nextDaylightSavingTimeTransition(after: start) ?? Date(timeIntervalSince1970: wall - Double(before))
    }
}
