import Foundation
import Support
import Synchronization

/// A clock that only moves when a test says so; sleepers wake when time passes their deadline.
///
/// Like `SystemClock`, a sleep ends with `CancellationError` when its task is cancelled, so code
/// that races a sleep against other work (timeouts, wake-up signals) can cancel the loser.
public final class ManualClock: WallClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: now))
    }

    public func now() -> Date { state.withLock { $0.now } }

    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by seconds: TimeInterval) {
        set(now().addingTimeInterval(seconds))
    }

    /// Sets the time and wakes every sleeper whose deadline has come.
    public func set(_ date: Date) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = date
            let ready = state.sleepers.filter { $0.deadline <= date }
            state.sleepers.removeAll { $0.deadline <= date }
            return ready
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the current sleepers, earliest first.
    public var sleeperDeadlines: [Date] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }
}
