import Chat
import Foundation
import Storage
import Support
import Synchronization

/// Sends the Telegram rows of the outbox: in order per chat, within the rate limits, retrying what
/// failed for a passing reason, and marking each API call done as soon as Telegram answers.
///
/// At most `maxInFlight` calls are between "request sent" and "recorded as answered" at any moment,
/// so a crash repeats at most that many; rows written but not yet sent are sent after a restart.
public final class TelegramSender: Service {
    public var name: String { "telegram-sender" }
    let delivery: TelegramDelivery
    let store: any WardrobeStore
    let logger: Logger
    let clock: any WallClock
    let state: SenderState
    let limit: InFlightLimit
    /// Answered rows waiting to be recorded as sent (they hold their slots until then).
    let marks: SentMarks
    /// Ends the current run's intake (each `run()` makes its own, so the poller can run it again).
    private let stopper = Mutex(Stopper())

    init(delivery: TelegramDelivery, maxInFlight: Int) {
        self.delivery = delivery
        store = delivery.store
        logger = delivery.logger
        clock = delivery.clock
        state = SenderState()
        limit = InFlightLimit(max(1, maxInFlight))
        marks = SentMarks(store: delivery.store, limit: limit, logger: delivery.logger, clock: delivery.clock)
    }

    /// Queues rows a handler or a message outside one just committed. With a shared outbox only the
    /// elected sender's `pickUp` queues rows, in id order, which keeps each chat's order across workers.
    /// `plans` are the replies as their handler made them (see `PlannedMessage`), which spare decoding their rows.
    func submit(_ records: [OutboxRecord], plans: [String: PlannedMessage] = [:]) async {
        guard !delivery.configuration.sharedOutbox else { return }
        await queue(records, plans: plans)
    }

    /// Queues committed rows for sending (rows already queued or finished are skipped). While the
    /// sender is not running, rows only wait in the table: each run starts by reading every pending row.
    private func queue(_ records: [OutboxRecord], plans: [String: PlannedMessage] = [:]) async {
        // Decoded here, then queued in one call to the state: one hop per committed batch, not three per row.
        var entries: [SenderQueue.Entry] = []
        var unreadable: [String: String] = [:]
        for record in records where record.state == "pending" {
            if let plan = plans[record.txnID], plan.payload == record.payload {
                entries.append(SenderQueue.Entry(record: record, message: plan.message, steps: plan.steps))
                continue
            }
            do {
                entries.append(SenderQueue.Entry(record: record, message: try OutgoingMessage(stored: StoredMessage.withoutFiles(record.payload))))
            } catch {
                unreadable[record.txnID] = "\(error)"
            }
        }
        guard !entries.isEmpty || !unreadable.isEmpty else { return }
        let (rejected, dropped) = await state.add(entries, unreadable: Array(unreadable.keys))
        for txnID in rejected {
            logger.error("unreadable outbox row; not sent", ["txn": txnID, "error": unreadable[txnID] ?? "?"])
            try? await store.markOutboxFailed(txnID: txnID, now: clock.now())
        }
        for dropped in dropped {
            logger.debug("outgoing message superseded", ["chat": dropped.chat, "txn": dropped.txnID])
            try? await store.markOutboxDropped(txnID: dropped.txnID, now: clock.now())
            await state.finished(dropped.txnID, posted: nil)
        }
    }

    /// Writes rows now and queues them (messages sent outside a handler, and answers to button presses).
    func enqueue(_ drafts: [OutboxDraft], plans: [String: PlannedMessage] = [:]) async throws {
        await submit(try await store.enqueueOutbox(drafts, now: clock.now()), plans: plans)
    }

    /// Sends until `shutdown()`; rows left pending when it stops are sent after the next start.
    public func run() async throws {
        let (stops, stop) = AsyncStream<Void>.makeStream()
        stopper.withLock { $0.begin(stop) }
        // A fresh queue: whatever a cancelled run left behind is still pending in the table.
        let starts = await state.reset()
        let pending: [OutboxRecord]
        do {
            pending = try await store.pendingOutbox(transport: TelegramPoller.transportName, since: .distantPast)
        } catch {
            await state.stop()
            throw error
        }
        if !pending.isEmpty { logger.notice("sending replies left from the last run", ["count": pending.count]) }
        await queue(pending)
        await withDiscardingTaskGroup { outer in
            // Runs until every drain is done, so the last sent marks are written before `run` returns.
            let wakes = marks.begin()
            outer.addTask { [marks] in await marks.run(wakes) }
            await withDiscardingTaskGroup { group in
                group.addTask { [state] in
                    for await _ in stops {}
                    await state.stopStarting()
                }
                for await chat in starts {
                    group.addTask { await self.drain(chat: chat) }
                }
            }
            marks.finish()
        }
        await state.stop()
    }

    /// Queues the pending rows that are not queued or sent in this run yet, in id order: a chat's
    /// rows commit one after another, so a read that sees a chat's row sees its earlier rows too.
    func pickUp() async throws {
        var unknown: [Int64] = []
        for key in try await store.pendingOutboxKeys(transport: TelegramPoller.transportName) where await !state.knows(key.txnID) {
            unknown.append(key.id)
        }
        await queue(try await store.pendingOutbox(ids: unknown))
    }

    /// Stops taking new chats once the rows queued now are sent.
    /// A shutdown that comes before `run` has begun (the poller starts the sender as a task and may stop
    /// at once) is kept and ends that run as soon as it begins, instead of being lost.
    public func shutdown() async { stopper.withLock { $0.stop() } }

    /// Sends the rows of one chat until none is left.
    private func drain(chat: String) async {
        // The row just done is reported with the question for the next one: one call to the state, not two.
        var done: SenderState.Done?
        while !Task.isCancelled {
            let next = await state.next(chat: chat, now: clock.now(), after: done)
            done = nil
            switch next {
            case .send(let entry):
                done = await deliver(entry)
            case .wait:
                // A row refers to a message that another row (perhaps not committed yet) will post.
                try? await clock.sleep(seconds: 0.02)
            case .idle:
                return
            }
        }
        if let done { await state.finished(done.txnID, posted: done.posted) }
    }

    /// Sends one row step by step, resuming after the steps a previous run recorded. Returns the row
    /// as done, unless it went back to the queue (to step aside, or to be retried).
    private func deliver(_ entry: SenderQueue.Entry) async -> SenderState.Done? {
        let record = entry.record
        // Made only when something is logged: most rows go out without a line.
        var log: Logger { logger.with("chat", record.chatExternalID).with("txn", record.txnID) }
        var posted = record.remoteIDs
        var holding = false
        var outcome: String? = "sent"
        let hasFiles = record.payload["kind"]?.string == "photos" || record.payload["kind"]?.string == "document"
        do {
            if let expiry = record.expiresAt, expiry < clock.now() {
                log.info("answer to a button press too old to send; dropped")
                outcome = "dropped"
            } else {
                // Only photos and documents carry files; every other row was decoded whole when it was queued.
                let message = hasFiles
                    ? try OutgoingMessage(stored: StoredMessage(payload: record.payload, files: try await store.outboxFiles(txnID: record.txnID)))
                    : entry.message
                let kind: ChatKind = record.chatKind == ChatKind.group.rawValue ? .group : .privateChat
                let chat = ChatAddress(transport: TelegramPoller.transportName, id: record.chatExternalID, kind: kind)
                // The plan made when the row was queued, unless the files had to be read (photos are planned with them).
                let steps = hasFiles ? TelegramStep.plan(message) : entry.steps
                try await send(steps, of: record, to: chat, posted: &posted, holding: &holding, log: log)
            }
        } catch is NotYet {
            // Only single-call messages refer to others (edits, deletes, stops): nothing was sent yet.
            if holding { limit.release() }
            await state.stepAside(entry, until: clock.now().addingTimeInterval(0.05))
            return nil
        } catch let paced as TelegramDelivery.Paced {
            // Edits are single calls: nothing of this row was sent; the chat's replies go first.
            if holding { limit.release() }
            await state.stepAside(entry, until: paced.until)
            return nil
        } catch is CancellationError {
            outcome = nil
        } catch TelegramError.network(.cancelled) {
            // The worker is stopping and took the call back: the row stays pending for the next run
            // (it may have reached Telegram: one of the calls in flight a stop can repeat).
            outcome = nil
        } catch let error as TelegramError where !error.isRetryable && !error.isUnauthorized {
            log.warning("message given up", ["error": error.description])
            if error.isBlocked { await recipientGone(record.chatExternalID, log: log) }
            outcome = "failed"
        } catch let error as OutboxCodecError {
            log.error("unreadable outbox row; not sent", ["error": error.description])
            outcome = "failed"
        } catch {
            // Telegram unreachable for longer than the call's retries: keep the row and try again.
            log.warning("send failed; will retry", ["error": "\(error)"])
            outcome = nil
        }
        guard let outcome else {
            if holding { limit.release() }
            await state.putBack(entry)
            if !Task.isCancelled { try? await clock.sleep(seconds: delivery.configuration.backoff.delay(attempt: 3)) }
            return nil
        }
        if outcome == "sent" {
            // Recorded with the other rows answered meanwhile; the slot stays taken until that commit,
            // while this chat's next row may already go (its order needs only the answer, held below).
            marks.add(SentMarks.Mark(sent: OutboxSentMark(record: record, remoteIDs: posted, hasFiles: hasFiles), holdsSlot: holding))
            holding = false
        } else {
            do {
                if outcome == "dropped" {
                    try await store.markOutboxDropped(txnID: record.txnID, now: clock.now())
                } else {
                    try await store.markOutboxFailed(txnID: record.txnID, now: clock.now())
                }
            } catch {
                log.error("cannot record an unsent message", ["error": "\(error)"])
            }
        }
        if holding { limit.release() }
        return SenderState.Done(txnID: record.txnID, posted: outcome == "sent" ? posted : nil)
    }

    /// Makes the calls of `steps` after the first `record.stepsDone`, appending what they post.
    /// Each call holds an in-flight slot from its request until its answer is recorded: the progress
    /// of a step is recorded before the next step's slot is taken, the last by the caller.
    private func send(
        _ steps: [TelegramStep], of record: OutboxRecord, to chat: ChatAddress, posted: inout [String], holding: inout Bool, log: Logger
    ) async throws {
        for (index, step) in steps.enumerated() where index >= record.stepsDone {
            guard let resolved = try await resolve(step, of: record, in: chat) else {
                log.info("the message this refers to was never posted; step skipped")
                continue
            }
            if holding {
                try await store.markOutboxProgress(txnID: record.txnID, stepsDone: index, remoteIDs: posted, now: clock.now())
                limit.release()
                holding = false
            }
            // The chat's pace first, then the shared in-flight slot: a paced chat never holds up the others.
            let admission = try await delivery.admit(resolved, to: chat)
            await limit.acquire()
            holding = true
            let pollRef = MessageRef.pending(chatID: chat.id, txnID: record.txnID, index: posted.count)
            posted += try await TelegramDelivery.$admission.withValue(admission) {
                try await delivery.execute(resolved, to: chat, pollRef: pollRef)
            }
        }
    }

    /// The step with a pending reference swapped for the posted message; nil when the step acts on a
    /// message that was never posted (a reply then goes without its quote). An edit, delete or stop
    /// of a message whose row is not written yet (a job's edit racing its handler's commit) throws
    /// `NotYet` for ten seconds after its own row was written, so it steps aside instead of blocking the chat.
    private func resolve(_ step: TelegramStep, of record: OutboxRecord, in chat: ChatAddress) async throws -> TelegramStep? {
        guard let ref = step.reference, let pending = ref.pending else { return step }
        var ids = await state.posted(pending.txnID)
        if ids == nil, let row = try await store.outbox(txnID: pending.txnID) {
            if row.state == "sent" { ids = row.remoteIDs }
            if row.state == "pending", !(await state.isDone(pending.txnID)), !isQuote(step) { throw NotYet() }
        } else if ids == nil, !isQuote(step), clock.now().timeIntervalSince(record.createdAt) < 10 {
            throw NotYet()
        }
        guard let ids, pending.index < ids.count else {
            if isQuote(step) { return step.referring(to: nil) }
            return nil
        }
        return step.referring(to: MessageRef(chatID: ref.chatID, messageID: ids[pending.index]))
    }

    /// A reply's quote never holds a message back: without its posted id, the reply goes unquoted.
    private func isQuote(_ step: TelegramStep) -> Bool {
        if case .text = step { return true }
        return false
    }

    /// The message a step refers to is not posted yet, nor known to be gone.
    struct NotYet: InternalError {}

    /// The chat blocked the bot or removed it: its daily subscriptions pause until someone subscribes again.
    private func recipientGone(_ chat: String, log: Logger) async {
        do {
            if try await store.pauseSchedules(transport: TelegramPoller.transportName, chatExternalID: chat) > 0 {
                log.notice("daily outfit paused: the chat blocked the bot or the bot left")
            }
        } catch {
            log.warning("cannot pause the daily outfit", ["error": "\(error)"])
        }
    }

    /// Rows waiting or being sent (for shutdown and tests).
    public func pendingCount() async -> Int { await state.count }
}

/// The sender's shared state: the queue, the ids posted in this run, and which chats need a worker.
actor SenderState {
    private var queue = SenderQueue()
    private var posted: [String: [String]] = [:]
    private var busy: Set<String> = []
    private var stopped = false
    private var startContinuation: AsyncStream<String>.Continuation?
    /// Between `reset` and the end of the run: only then are rows queued in memory.
    private(set) var running = false

    /// Starts over for a new run and returns the stream of chats that need a worker.
    func reset() -> AsyncStream<String> {
        startContinuation?.finish()
        let (starts, continuation) = AsyncStream<String>.makeStream()
        startContinuation = continuation
        queue = SenderQueue()
        busy = []
        stopped = false
        running = true
        return starts
    }

    /// The run ended: rows submitted from now on wait in the table for the next run.
    func stop() {
        running = false
        queue = SenderQueue()
        busy = []
    }

    var count: Int { queue.count }

    /// Queues the entries not queued or finished in this run yet, and returns the rows they made
    /// pointless; of the `unreadable` rows, returns those not known yet (to be marked failed).
    /// While the sender is not running nothing is queued or returned: the rows wait in the table.
    func add(_ entries: [SenderQueue.Entry], unreadable: [String]) -> (unreadable: [String], dropped: [SenderQueue.Entry]) {
        guard running else { return ([], []) }
        var dropped: [SenderQueue.Entry] = []
        for entry in entries where !knows(entry.txnID) {
            let pointless = queue.add(entry)
            if !pointless.contains(where: { $0.txnID == entry.txnID }), busy.insert(entry.chat).inserted { startContinuation?.yield(entry.chat) }
            dropped += pointless
        }
        return (unreadable.filter { !knows($0) }, dropped)
    }

    /// A row the sender is done with, and the ids it posted (nil unless it was sent).
    struct Done: Sendable {
        /// The row's transaction id.
        let txnID: String
        /// The ids of the messages it posted; nil when it was not sent (given up or dropped).
        let posted: [String]?
    }

    /// What `chat`'s worker does next, after recording the row it just finished, if any.
    func next(chat: String, now: Date, after done: Done? = nil) -> SenderQueue.Next {
        if let done { finished(done.txnID, posted: done.posted) }
        let next = queue.next(chat: chat, now: now)
        if case .idle = next {
            busy.remove(chat)
            if stopped && busy.isEmpty { startContinuation?.finish() }
        }
        return next
    }

    func putBack(_ entry: SenderQueue.Entry) { queue.putBack(entry) }

    func stepAside(_ entry: SenderQueue.Entry, until: Date) { queue.stepAside(entry, until: until) }

    func isDone(_ txnID: String) -> Bool { queue.isDone(txnID) }

    /// Whether `txnID` is queued, being sent or finished in this run.
    func knows(_ txnID: String) -> Bool { queue.isQueued(txnID) || queue.isDone(txnID) }

    func finished(_ txnID: String, posted ids: [String]?) {
        queue.finished(txnID)
        if let ids {
            posted[txnID] = ids
            if posted.count > 10_000 { posted.removeAll() }
        }
    }

    func posted(_ txnID: String) -> [String]? { posted[txnID] }

    /// No new chats are started once every queued row is sent.
    func stopStarting() {
        stopped = true
        if busy.isEmpty { startContinuation?.finish() }
    }
}

/// Ends one run's intake; remembers a stop that came before the run began.
struct Stopper {
    private var current: AsyncStream<Void>.Continuation?
    private var requested = false

    /// A run began with `continuation`; a stop already requested ends it at once.
    mutating func begin(_ continuation: AsyncStream<Void>.Continuation) {
        current = continuation
        if requested {
            requested = false
            continuation.finish()
        }
    }

    /// Ends the current run's intake, or the next run's when none has begun.
    mutating func stop() {
        if let current {
            current.finish()
            self.current = nil
        } else {
            requested = true
        }
    }
}
