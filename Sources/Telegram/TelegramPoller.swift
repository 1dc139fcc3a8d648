import Chat
import Foundation
import JSON
import Localization
import Storage
import Support

/// The Telegram worker: long-polls getUpdates, turns updates into events for the dispatcher and
/// records each handled update together with the offset watermark, so a restart (even after
/// `kill -9`) handles every update exactly once.
public final class TelegramPoller: Service {
    public var name: String { "telegram" }
    /// The transport name used for cursors and processed ids.
    public static let transportName = "telegram"
    let client: TelegramClient
    let transport: TelegramTransport
    let dispatcher: ChatDispatcher
    let store: any WardrobeStore
    /// Where updates are recorded: one process's ledger (SQLite) or the inbox several workers share (PostgreSQL).
    let source: UpdateSource
    let commands: [Command]
    let configuration: TelegramConfiguration
    let logger: Logger
    let clock: any WallClock
    /// Fired by the webhook when it stored an update (webhook mode).
    public let inboxWakeUp: InboxWakeUp
    /// What the worker is doing, for `/healthz`.
    let health = TelegramHealthState()
    let (stops, stopper) = AsyncStream<Void>.makeStream()
    /// Sends the replies of handlers still working after `configuration.earlyFlushSeconds`.
    let earlyFlusher: EarlyFlusher
    /// This worker's name in its fetch marks: a mark with another name was left by a process that died.
    let processName = UUID().uuidString

    /// A poller feeding `dispatcher`; `commands` become the bot's command menu (setMyCommands).
    public init(
        client: TelegramClient, transport: TelegramTransport, dispatcher: ChatDispatcher, store: Store, commands: [Command],
        configuration: TelegramConfiguration, logger: Logger, clock: any WallClock, inboxWakeUp: InboxWakeUp = InboxWakeUp()
    ) {
        self.inboxWakeUp = inboxWakeUp
        earlyFlusher = EarlyFlusher(transport: transport, delay: configuration.earlyFlushSeconds, clock: clock)
        self.client = client
        self.transport = transport
        self.dispatcher = dispatcher
        self.store = store
        source = .ledger(store)
        self.commands = commands
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
    }

    /// A worker sharing `shared` with others: it handles the updates it claims, and while elected it
    /// also fetches the bot's updates (polling mode) and sends its replies (see docs/scale-out.md).
    public init(
        client: TelegramClient, transport: TelegramTransport, dispatcher: ChatDispatcher, store: any WardrobeStore, shared: any SharedInbox,
        commands: [Command], configuration: TelegramConfiguration, logger: Logger, clock: any WallClock
    ) {
        inboxWakeUp = InboxWakeUp()
        earlyFlusher = EarlyFlusher(transport: transport, delay: configuration.earlyFlushSeconds, clock: clock)
        self.client = client
        self.transport = transport
        self.dispatcher = dispatcher
        self.store = store
        source = .shared(shared)
        self.commands = commands
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
    }

    /// Polls until `shutdown()`, cancellation, or a rejected token (which throws).
    public func run() async throws {
        health.set(.starting, now: clock.now())
        let identity: (id: Int64?, username: String?)
        do {
            identity = try await startUp()
        } catch {
            health.set(.stopped(error.localizedDescription), now: clock.now())
            throw error
        }
        let maxBytes = configuration.maxDownloadBytes
        var mapper = UpdateMapper(botUsername: identity.username, botID: identity.id, maxDownloadBytes: maxBytes) { [client] fileID in
            try await client.download(fileID: fileID, maxBytes: maxBytes)
        }
        mapper.catalogs = dispatcher.router.catalogs
        let ledger: any TelegramLedger
        switch source {
        case .shared(let shared):
            try await runShared(shared, identity: identity, mapper: mapper)
            return
        case .ledger(let own):
            ledger = own
        }
        let saved = try await ledger.cursor(transport: TelegramPoller.transportName).flatMap { Int64($0) }
        let machine = PollStateMachine(
            savedOffset: saved, pollTimeout: configuration.pollTimeoutSeconds, backoff: configuration.backoff,
            conflictBackoff: configuration.conflictBackoff, progressInterval: configuration.progressIntervalSeconds,
            limit: configuration.updateLimit, seed: UInt64.random(in: 1...UInt64.max))
        let updateLedger = UpdateLedger(machine: machine, albumWindow: configuration.albumWindowSeconds)
        let webhook = configuration.mode == .webhook
        if webhook {
            logger.notice("serving Telegram from the webhook inbox", ["bot": identity.username ?? "?"])
        } else {
            logger.notice("polling Telegram", ["bot": identity.username ?? "?", "offset": saved.map(String.init) ?? "none"])
        }
        health.set(webhook ? .webhook : .polling, now: clock.now())
        let loop = PollLoop(poller: self, ledger: updateLedger, store: ledger, mapper: mapper)
        let inboxLoop = InboxLoop(poller: self, store: ledger, mapper: mapper, wakeUp: inboxWakeUp)
        let sender = transport.sender
        try await withThrowingTaskGroup(of: Void.self) { outer in
            // The sender outlives polling: replies of updates still being handled go out before it stops.
            outer.addTask { try await sender.run() }
            outer.addTask { [earlyFlusher] in await earlyFlusher.run() }
            defer { outer.cancelAll() }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // In webhook mode getUpdates is never called: Telegram refuses it (409) while a webhook is set.
                    group.addTask { if webhook { try await inboxLoop.run() } else { try await loop.run() } }
                    group.addTask { [stops] in for await _ in stops {} }
                    // Whichever ends first (the loop failing or a shutdown request) ends both.
                    defer { group.cancelAll() }
                    try await group.next()
                }
            } catch {
                // The sender is cancelled with polling (the defer): its rows stay pending for the next run,
                // rather than failing one by one against a rejected token.
                throw error
            }
            health.set(.stopped("shut down"), now: clock.now())
            while await dispatcher.pending() > 0, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
            if !Task.isCancelled {
                // Everything fetched was handled or left unstarted: a restart has no suspects.
                do {
                    try await ledger.clearFetchMark(key: webhook ? TelegramPoller.inboxMarkKey : TelegramPoller.fetchMarkKey, process: processName)
                } catch {
                    logger.warning("cannot clear the fetch mark; the next start treats its updates as suspects", ["error": "\(error)"])
                }
            }
            await sender.shutdown()
            earlyFlusher.stop()
            try await outer.waitForAll()
        }
    }

    /// A rejected token or an outage ends this run; the service group runs it again after a backoff
    /// while the other networks keep serving.
    public var terminationPolicy: TerminationPolicy { .restart(Backoff(base: 5, cap: 300)) }

    /// Stops polling; updates already submitted finish in the dispatcher and are recorded then.
    public func shutdown() async { stopper.finish() }

    /// getMe (retrying network trouble, stopping on a rejected token), then the command menu.
    func startUp() async throws -> (id: Int64?, username: String?) {
        var attempt = 0
        while true {
            do throws(TelegramError) {
                let me = try await client.call("getMe")
                try await publishCommands()
                return (me["id"]?.int, me["username"]?.string)
            } catch {
                switch error {
                case .unauthorized, .api(code: 404, _):
                    logger.critical("Telegram rejected the bot token; check it with BotFather and store it again with `wardrobe keys set telegram.token`", ["error": error.description])
                    throw error
                default:
                    attempt += 1
                    let delay = configuration.backoff.delay(attempt: attempt)
                    logger.warning("cannot reach Telegram at start-up; retrying", ["error": error.description, "delay": delay])
                    try await clock.sleep(seconds: delay)
                }
            }
        }
    }

    /// setMyCommands from the router's listed commands: the English menu as the default, then one per other
    /// language with its `language_code`, which Telegram shows to users whose app is in that language.
    /// A failure is logged, not fatal.
    func publishCommands() async throws(TelegramError) {
        for language in [nil] + Language.allCases.filter({ $0 != .en }) {
            var parameters: [String: JSON] = ["commands": .array(TelegramPoller.menu(commands, in: language ?? .en))]
            if let language { parameters["language_code"] = .string(language.rawValue) }
            do {
                try await client.call("setMyCommands", parameters)
            } catch {
                if case .unauthorized = error { throw error }
                logger.warning("setMyCommands failed", ["error": error.description, "language": language?.rawValue ?? "default"])
            }
        }
    }

    /// The menu entries in one language: at most 100 commands, descriptions of 1–256 characters.
    static func menu(_ commands: [Command], in language: Language) -> [JSON] {
        commands.filter { isMenuName($0.name) }.prefix(100).map { command in
            let description = String(command.summary(in: language).prefix(256))
            return ["command": .string(command.name), "description": .string(description.isEmpty ? command.name : description)]
        }
    }

    /// Menu commands are 1–32 lowercase letters, digits and underscores.
    static func isMenuName(_ name: String) -> Bool {
        (1...32).contains(name.count) && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }
    }

    /// The kind of attempt records of updates (poison-message protection).
    static let attemptKind = "telegram.update"
    /// Where the polling worker keeps its fetch mark (the highest update id it may be handling).
    static let fetchMarkKey = "telegram.fetched"
    /// Where the webhook drain keeps its fetch mark (the highest inbox row id it may be handling).
    static let inboxMarkKey = "telegram.inbox.taken"
    /// What a person is told when their message was set aside.
    public static let setAsideText = PoisonGuard.setAsideText

    /// Records updates as handled, moves the persisted offset to the new watermark and writes the
    /// replies the handler produced, in one transaction; then the sender sends the replies. The offset
    /// passed to Telegram moves past the updates only after that transaction committed (`UpdateLedger.complete`).
    func complete(_ ids: [Int64], ledger: UpdateLedger, store: any TelegramLedger, batch: OutboxBatch?, armed: Bool) async {
        do {
            let (drafts, plans) = batch?.takeWithPlans() ?? ([], [:])
            let rows = try await ledger.complete(ids) { [clock] watermark in
                // An update covered by its batch's fetch mark has no attempt row to forget.
                try await store.markProcessed(
                    transport: TelegramPoller.transportName, updateIDs: ids.map { String($0) }, cursor: watermark.map { String($0) },
                    outbox: drafts, attemptKind: armed ? TelegramPoller.attemptKind : nil, now: clock.now()).outbox
            }
            await transport.sender.submit(rows, plans: plans)
        } catch {
            logger.error("cannot record handled updates", ["update": ids.map(String.init).joined(separator: ","), "error": "\(error)"])
        }
    }

    /// Runs `handle`; for an update whose start is recorded (`mode`), only unless it already crashed
    /// the worker `maxAttempts` times (then it is set aside, see `PoisonGuard`). While the handler is
    /// still working after `earlyFlushSeconds`, the replies it made so far are sent.
    func guarded(_ ids: [Int64], event: ChatEvent, transport: EventTransport, mode: GuardMode, handle: @Sendable () async -> Void) async {
        guard mode.recordsStart else {
            await earlyFlusher.watch(transport.batch, handle)
            return
        }
        let guardian = PoisonGuard(kind: TelegramPoller.attemptKind, store: store, maxAttempts: configuration.maxAttempts, logger: logger, clock: clock)
        await guardian.run(String(ids.first ?? 0), event: event, via: transport) { [earlyFlusher] in
            await earlyFlusher.watch(transport.batch, handle)
        }
    }

    /// The event with a reply to one of the bot's messages pointing at the reference the bot's
    /// handlers were given when they sent it (they never see Telegram's ids for their own messages).
    func matchingReplies(_ event: ChatEvent) async -> ChatEvent {
        guard let reply = event.replyTo, reply.pending == nil,
              let row = try? await store.outboxMessage(transport: TelegramPoller.transportName, chatExternalID: reply.chatID, remoteID: reply.messageID)
        else { return event }
        return event.replying(to: MessageRef.pending(chatID: reply.chatID, txnID: row.txnID, index: row.position))
    }
}

/// Where a Telegram worker's updates come from and are recorded.
enum UpdateSource: Sendable {
    /// One process: getUpdates offsets or the webhook inbox in its own ledger.
    case ledger(any TelegramLedger)
    /// Several workers: claims from a shared inbox.
    case shared(any SharedInbox)
}
