import Foundation
import Storage

/// The per-user daily limit on try-ons made with the operator's keys; days start at midnight UTC.
public struct TryOnQuota: Sendable, Hashable {
    /// Images per user per day; 0 means unlimited.
    public let dailyLimit: Int

    public init(dailyLimit: Int) {
        self.dailyLimit = dailyLimit
    }

    /// Today's use for one user.
    public struct Usage: Sendable, Hashable {
        /// Images made (or queued) today with the operator's keys.
        public let used: Int
        /// Images still allowed today; nil when unlimited.
        public let remaining: Int?
        /// When the count starts again.
        public let resetsAt: Date
    }

    /// Counts the user's operator-key images since midnight UTC: every variation counts; failed jobs and
    /// jobs cancelled before they ran do not.
    public func usage(store: any WardrobeStore, userID: Int64, now: Date) async throws -> Usage {
        let start = Self.startOfDay(now)
        let jobs = try await store.jobs(userID: userID, kind: TryOnJobPayload.kind, since: start)
        let used = jobs.reduce(0) { total, record in
            guard let payload = TryOnJobPayload(json: record.payload), !payload.ownKey, record.state != .failed,
                !(record.state == .cancelled && record.attempts == 0)
            else { return total }
            return total + payload.count
        }
        return Usage(
            used: used, remaining: dailyLimit == 0 ? nil : max(0, dailyLimit - used), resetsAt: start.addingTimeInterval(86_400))
    }

    /// Midnight UTC at or before `date`.
    public static func startOfDay(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: seconds - seconds.truncatingRemainder(dividingBy: 86_400))
    }

    /// "in 5 h" / "in 40 min" until `date`.
    public static func until(_ date: Date, from now: Date) -> String {
        let minutes = max(1, Int((date.timeIntervalSince(now) / 60).rounded(.up)))
        return minutes >= 60 ? "in \(minutes / 60) h" + (minutes % 60 >= 1 && minutes < 600 ? " \(minutes % 60) min" : "") : "in \(minutes) min"
    }
}
