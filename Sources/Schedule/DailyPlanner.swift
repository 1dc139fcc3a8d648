import Foundation

/// What to do about one subscription at a given instant.
public enum DailyDecision: Sendable, Hashable {
    /// Send the message for this local date now.
    case send(LocalDate)
    /// Nothing is due; the next fire is at this instant (nil: never, which a valid rule avoids).
    case wait(until: Date?)
}

/// The pure core of the daily schedule: from a rule, the last sent local date and the time,
/// decide whether a message is due and when the next one fires. No I/O, no clock.
///
/// Exactly once per local day comes from the last sent date: a date is only ever sent when it
/// is later than the last one sent, and the send is claimed by recording the date first.
public struct DailyPlanner: Sendable {
    /// How late a missed message may still go out (e.g. after downtime); older ones are skipped.
    public let catchUp: TimeInterval

    public init(catchUp: TimeInterval) {
        self.catchUp = catchUp
    }

    /// Whether to send now, and for which local date.
    ///
    /// The most recent fire at or before `now` (today's or yesterday's, for a catch-up across
    /// midnight) that was not sent yet is due when it is at most `catchUp` old. Older fires are
    /// skipped for good: the next decision looks at the next day.
    public func decision(for rule: DailyRule, lastSent: LocalDate?, now: Date) -> DailyDecision {
        let today = ZonedTime.localDate(of: now, in: rule.zone)
        for date in [today, today.adding(days: -1)] where rule.fires(on: date) {
            let fire = rule.fireInstant(on: date)
            guard fire <= now else { continue }
            if let lastSent, date <= lastSent { break }
            if now.timeIntervalSince(fire) <= catchUp { return .send(date) }
            break
        }
        return .wait(until: nextFire(for: rule, lastSent: lastSent, after: now))
    }

    /// The first fire strictly after `now` for a date later than `lastSent`.
    public func nextFire(for rule: DailyRule, lastSent: LocalDate?, after now: Date) -> Date? {
        let today = ZonedTime.localDate(of: now, in: rule.zone)
        for offset in 0...8 {
            let date = today.adding(days: offset)
            guard rule.fires(on: date), lastSent.map({ date > $0 }) ?? true else { continue }
            let fire = rule.fireInstant(on: date)
            if fire > now { return fire }
        }
        return nil
    }
}
