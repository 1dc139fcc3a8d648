import Synchronization

/// Tells an inbox drain that work arrived (a webhook stored an update, a claim completed), so it reads
/// the inbox now instead of at its next periodic check. Fired any number of times; a waiter returns once per batch of fires.
public final class InboxWakeUp: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A signal nobody has fired yet.
    public init() {}

    /// Wakes the waiter (or the next one to wait).
    public func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.fired = true
            return nil
        }
        waiter?.resume()
    }

    /// Returns once fired (at once when fired since the last wait), or when the task is cancelled.
    public func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.fired || Task.isCancelled {
                        state.fired = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Returns once fired or after `seconds` on `clock`, whichever comes first.
    public func wait(upTo seconds: Double, clock: any WallClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait() }
            group.addTask { try? await clock.sleep(seconds: seconds) }
            await group.next()
            group.cancelAll()
        }
    }
}
