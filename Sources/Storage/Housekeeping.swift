import Foundation
import Support

/// Keeps the bookkeeping tables small, for every transport: processed update and event ids (the
/// saved cursors keep those from coming back), expired buttons, delivered outbox rows, the
/// choice menus and poll mappings behind messages older than any live button or vote, finished
/// try-on jobs, past daily-send markers and image bytes nothing names any more. Runs hourly; on
/// PostgreSQL every worker runs it, and each step is safe while others run it too.
public final class Housekeeping: Service {
    public var name: String { "housekeeping" }
    /// How long the tables keep their rows.
    public struct Retention: Sendable {
        /// Handled update ids (Telegram) and event ids (Matrix).
        public var processed: TimeInterval = 7 * 86_400
        /// Delivered or failed outbox rows (Matrix txnIds; pending rows are always kept).
        public var outbox: TimeInterval = 7 * 86_400
        /// Menus behind sent messages and Telegram poll mappings: longer than a button lives (7 days)
        /// and than the longest vote window (7 days).
        public var choices: TimeInterval = 8 * 86_400
        /// Finished try-on jobs (failed, cancelled, or delivered): longer than the daily quota looks back (one UTC day).
        public var jobs: TimeInterval = 7 * 86_400
        /// Once-per-day send markers (PostgreSQL): a local day is over everywhere a day after it ends in UTC.
        public var dailySends: TimeInterval = 2 * 86_400
        /// Images no record names any more are removed once they are this old, so a save in progress keeps its bytes.
        public var unusedImages: TimeInterval = 3600

        public init() {}
    }

    let store: any WardrobeStore
    /// What only this backend keeps: one process's ledgers on SQLite, the shared inbox on PostgreSQL.
    let backendTables: @Sendable (_ now: Date, _ retention: Retention) async throws -> Void
    let retention: Retention
    let clock: any WallClock
    let logger: Logger
    private let (stops, stopper) = AsyncStream<Void>.makeStream()

    /// Housekeeping of the SQLite store, its update ledgers included.
    public convenience init(store: Store, retention: Retention = Retention(), clock: any WallClock, logger: Logger) {
        self.init(store: store, retention: retention, clock: clock, logger: logger) { now, retention in
            try await store.pruneProcessed(olderThan: now.addingTimeInterval(-retention.processed))
            // Handled webhook updates: Telegram gives up retrying a delivery long before this.
            try await store.pruneInbox(olderThan: now.addingTimeInterval(-retention.processed))
            try await store.pruneAttempts(olderThan: now.addingTimeInterval(-retention.outbox))
        }
    }

    /// Housekeeping of any backend; `backendTables` prunes what only that backend keeps.
    public init(
        store: any WardrobeStore, retention: Retention = Retention(), clock: any WallClock, logger: Logger,
        backendTables: @escaping @Sendable (_ now: Date, _ retention: Retention) async throws -> Void
    ) {
        self.store = store
        self.backendTables = backendTables
        self.retention = retention
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                while !Task.isCancelled {
                    await prune()
                    try await clock.sleep(seconds: 3600)
                }
            }
            group.addTask { [stops] in for await _ in stops {} }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    public func shutdown() async { stopper.finish() }

    /// One pass over every table; a failure is logged and the next pass tries again.
    func prune() async {
        let now = clock.now()
        do {
            try await backendTables(now, retention)
            try await store.pruneButtons(now: now)
            try await store.pruneOutbox(olderThan: now.addingTimeInterval(-retention.outbox))
            try await store.pruneChoices(olderThan: now.addingTimeInterval(-retention.choices))
            let jobs = try await store.pruneJobs(finishedBefore: now.addingTimeInterval(-retention.jobs))
            let sends = try await store.pruneDailySends(before: now.addingTimeInterval(-retention.dailySends))
            let images = try await store.pruneUnusedImages(storedBefore: now.addingTimeInterval(-retention.unusedImages))
            if jobs + sends + images > 0 {
                logger.info("housekeeping pruned", ["jobs": "\(jobs)", "daily_sends": "\(sends)", "unused_images": "\(images)"])
            }
        } catch {
            logger.warning("housekeeping failed", ["error": "\(error)"])
        }
    }
}
