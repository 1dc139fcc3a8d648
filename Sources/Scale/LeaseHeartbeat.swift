import Support

/// Keeps a lease alive while work runs: renews it every `intervalSeconds` on the injected clock,
/// and cancels the work as soon as a renewal finds the lease taken.
public struct LeaseHeartbeat: Sendable {
    /// Time between renewals.
    public let intervalSeconds: Double
    /// The clock the renewals are timed on.
    public let clock: any WallClock

    /// A heartbeat every `intervalSeconds` (at least 0.05 s).
    public init(intervalSeconds: Double, clock: any WallClock) {
        self.intervalSeconds = max(intervalSeconds, 0.05)
        self.clock = clock
    }

    /// Runs `body` while calling `renew` every interval; returns `body`'s result. When `renew`
    /// returns false the lease on `what` is gone: `body` is cancelled and `ScaleError.leaseLost`
    /// thrown. An error from `renew` (the session broke) ends the work the same way.
    public func run<T: Sendable>(
        what: String, renew: @escaping @Sendable () async throws -> Bool, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                while true {
                    try await clock.sleep(seconds: intervalSeconds)
                    guard try await renew() else { throw ScaleError.leaseLost(what) }
                }
            }
            defer { group.cancelAll() }
            // Only the body returns a value; the heartbeat ends only by throwing.
            while let result = try await group.next() {
                if let value = result { return value }
            }
            throw CancellationError()
        }
    }
}
