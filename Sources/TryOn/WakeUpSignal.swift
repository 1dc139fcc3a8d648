import Foundation
import Support
import Synchronization

/// Wakes a waiting loop: `fire()` before or during `wait` ends one wait (signals do not pile up).
public final class WakeUpSignal: Sendable {
    /// A signal nobody has fired yet.
    public init() {}

    private struct State {
        var pending = false
        var waiter: (id: UInt64, continuation: CheckedContinuation<Void, Never>)?
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Ends the current wait, or the next one if nobody is waiting.
    public func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        continuation?.resume()
    }

    /// Returns on `fire()`, at `deadline` (on `clock`), or when the task is cancelled.
    public func wait(until deadline: Date?, clock: any WallClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.next() }
            if let deadline { group.addTask { try? await clock.sleep(until: deadline) } }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns on `fire()` or cancellation.
    private func next() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiter = (id, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            continuation?.resume()
        }
    }
}
