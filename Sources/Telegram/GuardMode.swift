import Synchronization

/// How an update is protected against crashing the worker over and over (poison messages, see
/// docs/telegram.md#poison-messages).
enum GuardMode: Sendable, Equatable {
    /// Covered by its batch's fetch mark: no record of its own; a crash charges the whole batch.
    case marked
    /// Its start is recorded before its handler runs, with other updates running beside it (the
    /// shared inbox, where workers record every start).
    case armed
    /// A suspect of an earlier crash: its start is recorded, and it runs alone, so a crash now is
    /// charged to it and to nothing else.
    case alone

    /// Whether the update's start is recorded in the attempts before its handler runs.
    var recordsStart: Bool { self != .marked }
}

/// This worker's updates queued or being handled, so a suspect can wait until it would run alone.
/// A lock, not an actor: every update passes here twice, and a suspect's wait is the rare case.
final class RunningUpdates: Sendable {
    private let state = Mutex<(count: Int, waiters: [UInt64: CheckedContinuation<Void, Never>], next: UInt64)>((0, [:], 0))

    /// One more update was handed to the dispatcher.
    func started() { state.withLock { $0.count += 1 } }

    /// An update's handling (and its record) is done.
    func ended() {
        let idle = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count = max(0, state.count - 1)
            guard state.count == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in idle { waiter.resume() }
    }

    /// Returns once nothing is running (or the task is cancelled).
    func waitUntilIdle() async {
        let ticket = state.withLock { state -> UInt64 in
            state.next += 1
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard state.count > 0, !Task.isCancelled else { return false }
                    state.waiters[ticket] = waiter
                    return true
                }
                if !waiting { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: ticket) }?.resume()
        }
    }
}
