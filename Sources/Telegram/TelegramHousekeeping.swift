import Foundation
import Storage
import Support

/// Keeps the Telegram tables small: forgets processed update ids older than the retention
/// (the persisted offset keeps those updates from coming back anyway). Runs hourly until shutdown.
public final class TelegramHousekeeping: Service {
    public var name: String { "telegram-housekeeping" }
    let store: Store
    let retention: TimeInterval
    let clock: any WallClock
    let logger: Logger
    private let (stops, stopper) = AsyncStream<Void>.makeStream()

    /// Housekeeping for `store`, keeping processed ids for `retention` seconds.
    public init(store: Store, retention: TimeInterval, clock: any WallClock, logger: Logger) {
        self.store = store
        self.retention = retention
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [store, retention, clock, logger] in
                while !Task.isCancelled {
                    do {
                        try await store.pruneProcessed(olderThan: clock.now().addingTimeInterval(-retention))
                    } catch {
                        logger.warning("cannot prune processed updates", ["error": "\(error)"])
                    }
                    try await clock.sleep(seconds: 3600)
                }
            }
            group.addTask { [stops] in for await _ in stops {} }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    public func shutdown() async { stopper.finish() }
}
