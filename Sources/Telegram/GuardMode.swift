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
actor RunningUpdates {
    private var count = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// One more update was handed to the dispatcher.
    func started() { count += 1 }

    /// An update's handling (and its record) is done.
    func ended() {
        count = max(0, count - 1)
        guard count == 0 else { return }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once nothing is running (or the task is cancelled).
    func waitUntilIdle() async {
        while count > 0, !Task.isCancelled {
            await withTaskCancellationHandler {
                await withCheckedContinuation { waiter in
                    // A cancellation that came before this point found no waiter to wake.
                    if Task.isCancelled { waiter.resume() } else { waiters.append(waiter) }
                }
            } onCancel: {
                Task { await self.wakeAll() }
            }
        }
    }

    private func wakeAll() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }
}
