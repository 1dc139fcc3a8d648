import Chat
import Foundation
import JSON
import Storage
import Support

/// Every worker's loop over the Matrix events in the shared inbox (PostgreSQL): it claims a room's
/// oldest event when no other worker holds that room (up to `claimsInFlight` rooms at once), hands it
/// to the dispatcher behind the poison guard, keeps the leases of the rooms it holds alive, and
/// records the event as handled when its handler is done.
///
/// The elected worker syncs and decrypts (`MatrixService` with `Sharing`); this runs on all workers,
/// the elected one included. Replies go through `SharedMatrixTransport` under transaction ids named
/// after the event, so the elected worker encrypts and sends them, and handling an event again after
/// a crash, on any worker, sends nothing twice.
public struct MatrixClaimLoop: Sendable {
    /// How many rooms one worker handles at once, and how often it renews their leases.
    public struct Configuration: Sendable {
        /// Rooms handled at once (1–256).
        public var claimsInFlight: Int
        /// Seconds between lease renewals (a third of the lease).
        public var renewSeconds: Double
        /// How often an event may crash a worker before it is set aside.
        public var maxAttempts: Int

        /// Settings, clamped to their ranges.
        public init(claimsInFlight: Int = 32, renewSeconds: Double = 10, maxAttempts: Int = 2) {
            self.claimsInFlight = min(max(claimsInFlight, 1), 256)
            self.renewSeconds = renewSeconds.isFinite ? min(max(renewSeconds, 0.05), 600) : 10
            self.maxAttempts = max(1, maxAttempts)
        }
    }

    let inbox: any SharedInbox
    let transport: SharedMatrixTransport
    let store: any AttemptLedger
    let dispatcher: ChatDispatcher
    let mapper: EventMapper
    let configuration: Configuration
    let clock: any WallClock
    let logger: Logger
    let held = HeldEvents()
    /// Fired when a handled event is recorded: a slot is free, and the room's next event may be claimable.
    let wakeUp = InboxWakeUp()

    /// A loop claiming from `inbox`; `mapper` loads pictures (with the shared access token).
    public init(
        inbox: any SharedInbox, transport: SharedMatrixTransport, store: any AttemptLedger, dispatcher: ChatDispatcher, mapper: EventMapper,
        configuration: Configuration, clock: any WallClock, logger: Logger
    ) {
        self.inbox = inbox
        self.transport = transport
        self.store = store
        self.dispatcher = dispatcher
        self.mapper = mapper
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// Claims and handles until cancelled.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { [inbox, wakeUp] in await inbox.relayNews(to: wakeUp) }
            group.addTask { [inbox, held, configuration, clock, logger] in
                try await inbox.keepLeases(
                    every: configuration.renewSeconds, clock: clock, logger: logger, item: "event",
                    held: { await held.all }, holds: { await held.holds($0) })
            }
            var failures = 0
            while !Task.isCancelled {
                do {
                    while await held.count < configuration.claimsInFlight, !Task.isCancelled,
                        let claim = try await inbox.claim(network: MatrixInboxEvent.network)
                    {
                        await take(claim)
                    }
                    if failures > 0 { logger.notice("shared inbox readable again", ["failures": failures]) }
                    failures = 0
                } catch {
                    failures += 1
                    if failures == 1 || failures % 10 == 0 {
                        logger.error("cannot claim Matrix events from the shared inbox; retrying", ["error": "\(error)", "failures": failures])
                    }
                }
                await wakeUp.wait(upTo: failures > 0 ? 2 : 1, clock: clock)
                try Task.checkCancellation()
            }
        }
    }

    /// Queues one claimed event in its room behind the poison guard; it is recorded once handled.
    func take(_ claim: SharedInboxClaim) async {
        if claim.setAside {
            logger.error("event set aside: it crashed workers too often", ["update": claim.externalID, "chat": claim.chatKey])
            return
        }
        let event: ChatEvent
        do {
            event = try MatrixInboxEvent.decode(try JSON.parse(claim.payload), mapper: mapper, transport: transport.name)
        } catch {
            logger.error("unreadable Matrix event in the shared inbox; recorded without handling", ["update": claim.externalID, "error": "\(error)"])
            await finish(claim)
            return
        }
        await held.hold(claim)
        let relayed = InboxEventTransport(base: transport, reference: SendAttribution.sanitize(event.id))
        let guardian = PoisonGuard(kind: MatrixService.attemptKind, store: store, maxAttempts: configuration.maxAttempts, logger: logger, clock: clock)
        let accepted = await dispatcher.submit(
            event, via: relayed, done: { await finish(claim) },
            around: { handle in await guardian.run(event.id, event: event, via: relayed) { await handle() } })
        if !accepted {
            // Shutting down: the room is free for another worker at once.
            _ = await held.take(claim.id)
            try? await inbox.release(claim)
        }
    }

    /// Records a handled event (and forgets its attempts), freeing its room for its next event.
    func finish(_ claim: SharedInboxClaim) async {
        _ = await held.take(claim.id)
        do {
            _ = try await inbox.complete(claim, outbox: [], attemptKind: MatrixService.attemptKind, now: clock.now())
            logger.info("matrix event handled", ["update": claim.externalID, "chat": claim.chatKey])
        } catch {
            logger.error("cannot record a handled Matrix event; its room goes to another worker when the lease ends", [
                "update": claim.externalID, "error": "\(error)",
            ])
        }
        wakeUp.fire()
    }
}

/// The claims a worker holds while their events are handled.
actor HeldEvents {
    private var claims: [Int64: SharedInboxClaim] = [:]

    var count: Int { claims.count }
    var all: [SharedInboxClaim] { Array(claims.values) }

    func hold(_ claim: SharedInboxClaim) { claims[claim.id] = claim }
    func holds(_ claim: SharedInboxClaim) -> Bool { claims[claim.id] == claim }
    func take(_ id: Int64) -> SharedInboxClaim? { claims.removeValue(forKey: id) }
}

/// The transport a shared-inbox event's handler answers through: its k-th message is named
/// `<event>-<k>`, so the same handler run again (after a crash, on any worker) reuses the names.
struct InboxEventTransport: ChatTransport {
    let base: SharedMatrixTransport
    let reference: String
    let counter = MessageCounter()

    var name: String { base.name }
    var capabilities: TransportCapabilities { base.capabilities }
    var botUserID: String? { base.botUserID }

    func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        try await base.send(message, to: chat, reference: "\(reference)-\(await counter.next())")
    }
}

/// Counts the messages of one handler.
actor MessageCounter {
    private var count = 0

    func next() -> Int {
        defer { count += 1 }
        return count
    }
}
