import Foundation

/// The time source every time-dependent component takes, so tests can drive time by hand.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// Suspends until `deadline` (or returns at once when it has passed); throws on cancellation.
    func sleep(until deadline: Date) async throws
}

extension WallClock {
    /// Suspends for `seconds`; throws on cancellation.
    public func sleep(seconds: Double) async throws {
        try await sleep(until: now().addingTimeInterval(seconds))
    }
}

/// The real clock.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSinceNow
        // Bounded before the conversion: a deadline from outside (a server's wait) may be absurd.
        if interval > 0 { try await Task.sleep(for: .milliseconds(Int64((min(interval, 10_000_000) * 1000).rounded(.up)))) }
        try Task.checkCancellation()
    }
}
