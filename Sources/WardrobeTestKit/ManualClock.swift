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

    /// A test waiting until `count` tasks sleep on the clock.
    private struct Watcher {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
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
                if let outcome { continuation.resume(with: outcome) } else { wakeWatchers() }
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

    /// Returns true as soon as at least `count` tasks sleep on this clock (woken by the sleep itself, no
    /// polling), or false when that has not happened within `timeout` of real time.
    public func waitForSleepers(_ count: Int, timeout: Duration = .seconds(10)) async -> Bool {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        // The bound: a real-time timer that gives up on the watcher if it is still waiting.
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.giveUp(watcher: id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume(returning: true) }
        }
    }

    private func wakeWatchers() {
        let ready = state.withLock { state -> [Watcher] in
            let ready = state.watchers.filter { $0.count <= state.sleepers.count }
            state.watchers.removeAll { $0.count <= state.sleepers.count }
            return ready
        }
        for watcher in ready { watcher.continuation.resume(returning: true) }
    }

    private func giveUp(watcher id: UInt64) {
        let watcher = state.withLock { state -> Watcher? in
            guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
            return state.watchers.remove(at: index)
        }
        watcher?.continuation.resume(returning: false)
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the current sleepers, earliest first.
    public var sleeperDeadlines: [Date] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }
}
