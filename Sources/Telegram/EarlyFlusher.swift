import Foundation
import Support
import Synchronization

/// Sends the replies of handlers still working `delay` seconds after they started (a page being
/// fetched), so people see progress: one watcher for all handlers, sleeping until the oldest is due,
/// instead of a timer per update.
final class EarlyFlusher: Sendable {
    private struct Running {
        let batch: OutboxBatch
        let due: Date
    }

    private struct State {
        var running: [Int: Running] = [:]
        var next = 0
        /// Wakes the watcher when it waits with nothing running.
        var wake: AsyncStream<Void>.Continuation?
        /// Ends the current `run`.
        var stop: AsyncStream<Void>.Continuation?
        /// `stop()` was called (perhaps before `run` began).
        var stopRequested = false
    }

    private let transport: TelegramTransport
    private let delay: Double
    private let clock: any WallClock
    private let state = Mutex(State())

    init(transport: TelegramTransport, delay: Double, clock: any WallClock) {
        self.transport = transport
        self.delay = max(0, delay)
        self.clock = clock
    }

    /// Runs `handle`, sending what `batch` holds if it is still running when due.
    func watch(_ batch: OutboxBatch, _ handle: () async -> Void) async {
        let due = clock.now().addingTimeInterval(delay)
        let (key, wake) = state.withLock { state in
            defer { state.next += 1 }
            state.running[state.next] = Running(batch: batch, due: due)
            return (state.next, state.running.count == 1 ? state.wake : nil)
        }
        wake?.yield()
        await handle()
        _ = state.withLock { $0.running.removeValue(forKey: key) }
    }

    /// Flushes handlers as they fall due until cancelled or `stop()`.
    func run() async {
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let (stops, stopper) = AsyncStream<Void>.makeStream()
        let stopped = state.withLock { state in
            state.wake = wake
            state.stop = stopper
            return state.stopRequested
        }
        if stopped { stopper.finish() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.flushWhenDue(wakes) }
            // A stop also ends a sleep until a handler that has finished meanwhile would have been due.
            group.addTask { for await _ in stops {} }
            await group.next()
            group.cancelAll()
        }
        state.withLock { state in
            state.wake = nil
            state.stop = nil
            state.stopRequested = false
        }
    }

    /// Ends `run`.
    func stop() {
        state.withLock { state in
            state.stopRequested = true
            return state.stop
        }?.finish()
    }

    private func flushWhenDue(_ wakes: AsyncStream<Void>) async {
        var iterator = wakes.makeAsyncIterator()
        while !Task.isCancelled {
            // Every handler waits the same delay, so none registered later is due before the oldest one.
            guard let due = state.withLock({ $0.running.values.lazy.map(\.due).min() }) else {
                guard await iterator.next() != nil else { return }
                continue
            }
            if due > clock.now() {
                guard (try? await clock.sleep(until: due)) != nil else { return }
            }
            let now = clock.now()
            let dueBatches = state.withLock { state in
                let keys = state.running.filter { $0.value.due <= now }.map(\.key)
                return keys.compactMap { state.running.removeValue(forKey: $0)?.batch }
            }
            for batch in dueBatches { await transport.flushEarly(batch) }
        }
    }
}
