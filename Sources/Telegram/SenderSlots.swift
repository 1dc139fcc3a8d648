import Foundation
import Storage
import Support
import Synchronization

/// At most `limit` calls in flight; callers beyond it wait in order.
///
/// A lock rather than an actor: every reply takes a slot and gives it back, and a free slot is then
/// taken without leaving the caller's thread.
final class InFlightLimit: Sendable {
    private struct State {
        var used = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let limit: Int
    private let state = Mutex(State())

    init(_ limit: Int) { self.limit = max(1, limit) }

    /// Takes a slot, waiting for one when all are taken.
    func acquire() async {
        if tryAcquire() { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.used < limit {
                    state.used += 1
                    return true
                }
                state.waiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// Gives a slot back: to the longest waiter, if any.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.used = max(0, state.used - 1)
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }

    private func tryAcquire() -> Bool {
        state.withLock { state in
            guard state.used < limit else { return false }
            state.used += 1
            return true
        }
    }
}

/// Records answered rows as sent, all that are waiting in one write, and only then gives back the
/// in-flight slots their calls held. So a call stays "in flight" until its answer is committed, and a
/// crash still repeats at most `maxInFlight` calls; what batching saves is a write (and the wake-ups
/// around it) per reply, while the chat's next row may already go.
final class SentMarks: Sendable {
    /// One answered row, and whether its call still holds a slot.
    struct Mark: Sendable {
        /// The row and the ids it posted.
        let sent: OutboxSentMark
        /// Whether the row's last call still holds an in-flight slot, freed once the mark is committed.
        let holdsSlot: Bool
    }

    private struct State {
        var marks: [Mark] = []
        var wake: AsyncStream<Void>.Continuation?
    }

    private let store: any OutboxStore
    private let limit: InFlightLimit
    private let logger: Logger
    private let clock: any WallClock
    private let state = Mutex(State())

    init(store: any OutboxStore, limit: InFlightLimit, logger: Logger, clock: any WallClock) {
        self.store = store
        self.limit = limit
        self.logger = logger
        self.clock = clock
    }

    /// Queues a mark for the next write (the writer must be running: see `run`).
    func add(_ mark: Mark) {
        let wake = state.withLock { state in
            state.marks.append(mark)
            return state.wake
        }
        wake?.yield()
    }

    /// Opens a run's intake: marks added from now on wake the writer. Called before the writer's task
    /// is started, so a `finish()` that comes before that task runs (a run stopped as it began) ends
    /// it instead of being lost, which left the writer, and the sender's run, waiting forever.
    func begin() -> AsyncStream<Void> {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let early = state.withLock { state in
            state.wake = wake
            return !state.marks.isEmpty
        }
        if early { wake.yield() }
        return wakes
    }

    /// Writes marks as they come on `wakes` (from `begin`) until the sender stops (`finish`), then
    /// whatever is left.
    func run(_ wakes: AsyncStream<Void>) async {
        for await _ in wakes { await writeWaiting() }
        // Stopped or cancelled: marks that still come wait for the next run, which writes them first.
        state.withLock { $0.wake = nil }
        await writeWaiting()
    }

    /// Ends `run` once the marks queued so far are written.
    func finish() {
        state.withLock { state in
            defer { state.wake = nil }
            return state.wake
        }?.finish()
    }

    /// Writes every waiting mark in one transaction, then frees their slots.
    private func writeWaiting() async {
        while true {
            let marks = state.withLock { state in
                defer { state.marks = [] }
                return state.marks
            }
            guard !marks.isEmpty else { return }
            do {
                try await store.markOutboxSent(marks.map(\.sent), now: clock.now())
            } catch {
                logger.error("cannot record sent messages; they may be sent again after a restart", [
                    "count": marks.count, "error": "\(error)",
                ])
            }
            for mark in marks where mark.holdsSlot { limit.release() }
        }
    }
}
