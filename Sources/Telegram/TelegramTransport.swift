import Chat
import Foundation
import Storage
import Support

/// The bot's messages to Telegram. Everything but chat actions goes through the durable outbox:
/// `send` writes the message and returns at once with references to the messages it will post
/// (`MessageRef.pending`), and the `sender` posts it in order, within the rate limits.
public final class TelegramTransport: ChatTransport {
    public let name = "telegram"
    public let capabilities = TransportCapabilities(inlineButtons: true, edits: true, polls: true, deletesUserMessages: true, addressedGroupText: true)
    let delivery: TelegramDelivery
    /// Sends the outbox rows; the poller runs it.
    public let sender: TelegramSender
    let configuration: TelegramConfiguration

    /// A transport sending through `client`, limited by `configuration.rateLimits` on `clock`; rate-limit
    /// waits are counted in `metrics` when given.
    public init(
        client: TelegramClient, store: any WardrobeStore, configuration: TelegramConfiguration, logger: Logger, clock: any WallClock,
        metrics: TelegramMetrics? = nil
    ) {
        self.configuration = configuration
        delivery = TelegramDelivery(
            client: client, store: store, configuration: configuration, logger: logger, clock: clock, metrics: metrics)
        sender = TelegramSender(delivery: delivery, maxInFlight: configuration.effectiveMaxInFlightSends)
    }

    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        try await send(message, to: chat, batch: nil)
    }

    /// Sends `message`; with a `batch`, it is held until the handler's update is recorded.
    func send(_ message: OutgoingMessage, to chat: ChatAddress, batch: OutboxBatch?) async throws -> [MessageRef] {
        if message.isEphemeral {
            for step in TelegramStep.plan(message) { _ = try await delivery.execute(step, to: chat) }
            return []
        }
        let txnID = batch?.nextTransactionID() ?? "tg-\(UUID().uuidString.lowercased())"
        let stored = message.stored()
        var expiry: Date?
        if case .answerButton = message { expiry = delivery.clock.now().addingTimeInterval(configuration.buttonAnswerSeconds) }
        let draft = OutboxDraft(
            txnID: txnID, transport: name, chatExternalID: chat.id, chatKind: chat.kind.rawValue, payload: stored.payload,
            files: stored.files, expiresAt: expiry)
        let steps = TelegramStep.plan(message)
        let plan = stored.files.isEmpty ? PlannedMessage(payload: stored.payload, message: message, steps: steps) : nil
        // An answer to a button press goes at once: the spinner on the user's button waits for it.
        if expiry != nil || !(batch?.hold(draft, plan: plan) ?? false) {
            try await sender.enqueue([draft], plans: plan.map { [txnID: $0] } ?? [:])
        }
        return TelegramTransport.references(message, steps: steps, chat: chat, txnID: txnID)
    }

    /// Writes what a handler still holds and sends it now; later replies of that handler go at once.
    func flushEarly(_ batch: OutboxBatch) async {
        let (drafts, plans) = batch.takeWithPlans(early: true)
        guard !drafts.isEmpty else { return }
        do {
            try await sender.enqueue(drafts, plans: plans)
        } catch {
            delivery.logger.warning("cannot write early replies; they go with the update", ["update": batch.updateID, "error": "\(error)"])
        }
    }

    /// What `send` returns: the edited or stopped message itself, else one pending reference per posted message.
    static func references(_ message: OutgoingMessage, steps: [TelegramStep], chat: ChatAddress, txnID: String) -> [MessageRef] {
        switch message {
        case .edit(let ref, _, _), .editButtons(let ref, _), .stopPoll(let ref): return [ref]
        default:
            let count = steps.reduce(0) { $0 + $1.postedCount }
            return (0..<count).map { MessageRef.pending(chatID: chat.id, txnID: txnID, index: $0) }
        }
    }
}

/// The transport one update's handler sees: its replies are held in the update's batch.
struct EventTransport: ChatTransport {
    let base: TelegramTransport
    let batch: OutboxBatch

    var name: String { base.name }
    var capabilities: TransportCapabilities { base.capabilities }
    var botUserID: String? { base.botUserID }

    func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        try await base.send(message, to: chat, batch: batch)
    }
}
