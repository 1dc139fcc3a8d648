import Foundation
import Support

/// Runs events of one chat strictly in order while different chats run concurrently.
///
/// Transports `submit` events; `run()` owns the worker tasks and returns once intake has
/// stopped (`finish()`) and every queued event is done. Cancelling `run()` cancels in-flight work.
public final class ChatDispatcher: Sendable {
    /// One unit of work with a completion callback (used by pollers to advance their cursor).
    struct Job: Sendable {
        let work: @Sendable (Router) async -> Void
        let done: @Sendable () async -> Void
    }

    /// The router every event goes to (its catalogs also word what a transport refuses before any handler runs).
    public let router: Router
    private let queues = KeyedQueues<Job>()
    private let logger: Logger
    private let observer: (@Sendable (ChatEvent, Duration) -> Void)?

    /// A dispatcher for `router`; `observer`, when given, learns of every handled event and how long
    /// its turn took (the executable counts them for `/metrics`).
    public init(router: Router, logger: Logger, observer: (@Sendable (ChatEvent, Duration) -> Void)? = nil) {
        self.router = router
        self.logger = logger
        self.observer = observer
    }

    /// Queues an event behind earlier events of the same chat. `done` runs after it was handled.
    /// Returns false when the dispatcher has stopped taking work.
    /// `around`, when given, runs in the event's turn and decides whether and how to handle it
    /// (a transport's poison-message guard; the handler runs when it calls its argument).
    @discardableResult
    public func submit(
        _ event: ChatEvent, via transport: any ChatTransport, done: @escaping @Sendable () async -> Void = {},
        around: (@Sendable (_ handle: @Sendable () async -> Void) async -> Void)? = nil
    ) async -> Bool {
        let job = Job(work: { [observer] router in
            let handle: @Sendable () async -> Void = { await router.handle(event, via: transport) }
            let started = ContinuousClock.now
            if let around { await around(handle) } else { await handle() }
            observer?(event, ContinuousClock.now - started)
        }, done: done)
        return await queues.enqueue(job, key: Self.key(event.chat))
    }

    /// Queues other work for a chat (e.g. a transport's own refusal of an oversized file) behind its
    /// earlier events, so replies keep the order of the messages they answer.
    @discardableResult
    public func submit(
        in chat: ChatAddress, done: @escaping @Sendable () async -> Void = {}, _ work: @escaping @Sendable () async -> Void
    ) async -> Bool {
        await queues.enqueue(Job(work: { _ in await work() }, done: done), key: Self.key(chat))
    }

    private static func key(_ chat: ChatAddress) -> String { "\(chat.transport):\(chat.id)" }

    /// Stops taking new events; `run()` returns once queued work is done.
    public func finish() async { await queues.finish() }

    /// Number of events queued or running.
    public func pending() async -> Int { await queues.pendingCount }

    /// Runs the per-chat workers until `finish()` and the queues drain.
    public func run() async {
        await queues.run { [router] job in
            await job.work(router)
            await job.done()
        }
    }
}

/// Per-key FIFO queues drained by one task per busy key.
actor KeyedQueues<Work: Sendable> {
    private var queues: [String: [Work]] = [:]
    private var busy: Set<String> = []
    private var finished = false
    private let (starts, startContinuation) = AsyncStream<String>.makeStream()

    var pendingCount: Int { queues.values.reduce(0) { $0 + $1.count } + busy.count }

    func enqueue(_ work: Work, key: String) -> Bool {
        guard !finished else { return false }
        queues[key, default: []].append(work)
        if busy.insert(key).inserted { startContinuation.yield(key) }
        return true
    }

    func finish() {
        finished = true
        if busy.isEmpty { startContinuation.finish() }
    }

    /// Removes and returns the next work for `key`, or marks the key idle.
    private func next(for key: String) -> Work? {
        if var queue = queues[key], !queue.isEmpty {
            let work = queue.removeFirst()
            queues[key] = queue.isEmpty ? nil : queue
            return work
        }
        queues[key] = nil
        busy.remove(key)
        if finished && busy.isEmpty { startContinuation.finish() }
        return nil
    }

    nonisolated func run(_ body: @escaping @Sendable (Work) async -> Void) async {
        // Discarding: a finished worker's task is freed at once, not kept for a `next()` nobody calls.
        await withDiscardingTaskGroup { group in
            for await key in starts {
                group.addTask {
                    while let work = await self.next(for: key) { await body(work) }
                }
            }
        }
    }
}
