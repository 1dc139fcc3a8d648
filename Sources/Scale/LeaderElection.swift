import Postgres
import Support

/// Elects one process to do what only one may do at a time, such as polling one bot's
/// `getUpdates` or one Matrix account's `/sync`, with PostgreSQL's session-level advisory lock.
///
/// Every candidate keeps a dedicated session and tries `pg_try_advisory_lock` every
/// `retrySeconds`. The holder runs `lead` and checks its session every `checkSeconds`; the lock
/// ends with the holder's session (a crash, a kill, a lost connection), so a standby takes over
/// within about `retrySeconds` of the server noticing.
public struct LeaderElection: Sendable {
    /// Timing of the campaign.
    public struct Configuration: Sendable, Hashable {
        /// How often a standby tries the lock, and waits before reconnecting (0.05–60 s, default 1).
        public let retrySeconds: Double
        /// How often the leader checks that its session still answers (0.05–60 s, default 1).
        public let checkSeconds: Double

        /// Settings clamped into their ranges.
        public init(retrySeconds: Double = 1, checkSeconds: Double = 1) {
            self.retrySeconds = Self.clamp(retrySeconds)
            self.checkSeconds = Self.clamp(checkSeconds)
        }

        private static func clamp(_ seconds: Double) -> Double { seconds.isFinite ? min(max(seconds, 0.05), 60) : 1 }
    }

    /// What is being led, e.g. `poller:telegram:123456` (a bot's id, never its token).
    public let name: String
    /// The advisory lock key derived from `name`.
    public let key: AdvisoryLockKey
    /// Retry and check intervals.
    public let configuration: Configuration
    private let conninfo: String
    private let clock: any WallClock
    private let logger: Logger

    /// A candidate for `name` that opens its own sessions with `conninfo`.
    public init(name: String, conninfo: String, configuration: Configuration = Configuration(), clock: any WallClock, logger: Logger) {
        self.name = name
        self.key = AdvisoryLockKey(name: name)
        self.conninfo = conninfo
        self.configuration = configuration
        self.clock = clock
        self.logger = logger.with("election", name)
    }

    /// Campaigns until cancelled, running `lead` whenever this process holds the lock. When the
    /// lock's session is lost, `lead` is cancelled and the campaign starts again on a new session.
    /// Returns when `lead` returns (the lock is released first); rethrows what `lead` throws.
    public func run(lead: @escaping @Sendable () async throws -> Void) async throws {
        while true {
            try Task.checkCancellation()
            let session: PostgresSession
            do {
                session = try await PostgresSession.connect(conninfo, label: "wardrobe.election")
            } catch {
                logger.warning("cannot open the election session; retrying", ["error": "\(error)"])
                try await clock.sleep(seconds: configuration.retrySeconds)
                continue
            }
            let outcome: Term
            do {
                outcome = try await campaign(on: session, lead: lead)
            } catch {
                await session.close()
                throw error
            }
            await session.close()
            switch outcome {
            case .finished: return
            case .sessionLost: try await clock.sleep(seconds: configuration.retrySeconds)
            }
        }
    }

    /// How one session's campaign ended.
    private enum Term: Sendable {
        /// `lead` returned.
        case finished
        /// The session broke, as standby or as leader; start again on a new one.
        case sessionLost
    }

    private func campaign(on session: PostgresSession, lead: @escaping @Sendable () async throws -> Void) async throws -> Term {
        do {
            while try await !session.tryAdvisoryLock(key) {
                try await clock.sleep(seconds: configuration.retrySeconds)
            }
        } catch let error as PostgresError {
            logger.warning("election session failed as standby", ["error": "\(error)"])
            return .sessionLost
        }
        logger.info("leading", ["backend": Int(session.processID)])
        let lost = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await lead()
                return false
            }
            group.addTask {
                // Only a session that answers still holds the lock; anything else ends the term.
                while await session.isAlive() {
                    try await clock.sleep(seconds: configuration.checkSeconds)
                }
                return true
            }
            defer { group.cancelAll() }
            return try await group.next() ?? true
        }
        if lost {
            logger.warning("leadership lost: the election session no longer answers")
            return .sessionLost
        }
        logger.info("stepped down")
        return .finished
    }
}
