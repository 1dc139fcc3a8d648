import Foundation
import Support
import Synchronization

/// A clock that only moves when a test says so; sleepers wake when time passes their deadline.
public final class ManualClock: WallClock {
    private struct State {
        var now: Date
        var sleepers: [(deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state: Mutex<State>

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: now))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(until deadline: Date) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let resumeNow = state.withLock { state -> Bool in
                if deadline <= state.now { return true }
                state.sleepers.append((deadline, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by seconds: TimeInterval) {
        set(now().addingTimeInterval(seconds))
    }

    /// Sets the time and wakes every sleeper whose deadline has come.
    public func set(_ date: Date) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = date
            let ready = state.sleepers.filter { $0.deadline <= date }
            state.sleepers.removeAll { $0.deadline <= date }
            return ready.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
