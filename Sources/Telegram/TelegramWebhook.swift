import Foundation
import HTTPServer
import JSON
import Storage
import Support

/// Receives Telegram's webhook deliveries: checks the secret token, checks that the body is one
/// update, stores it in the inbox and answers 200 at once. The inbox drain handles it afterwards, so
/// a slow handler never holds Telegram's connection, and a crash after the answer loses nothing.
public struct TelegramWebhook: Sendable {
    /// The header Telegram sends the secret token in.
    public static let secretHeader = "X-Telegram-Bot-Api-Secret-Token"
    /// The largest update accepted. Updates are small JSON objects (a message with its entities and
    /// file ids); a megabyte is far above any real one.
    public static let maxUpdateBytes = 1_048_576

    let destination: Destination
    let secret: WebhookSecret
    let metrics: TelegramMetrics?
    let logger: Logger
    let clock: any WallClock

    /// A receiver storing into `store`'s inbox and waking `wakeUp`'s drain.
    public init(store: Store, secret: WebhookSecret, wakeUp: InboxWakeUp, metrics: TelegramMetrics?, logger: Logger, clock: any WallClock) {
        destination = .ledger(store, wakeUp)
        self.secret = secret
        self.metrics = metrics
        self.logger = logger
        self.clock = clock
    }

    /// A receiver storing into the inbox several workers share; any of them may receive.
    public init(shared: any SharedInbox, secret: WebhookSecret, metrics: TelegramMetrics?, logger: Logger, clock: any WallClock) {
        destination = .shared(shared)
        self.secret = secret
        self.metrics = metrics
        self.logger = logger
        self.clock = clock
    }

    /// Adds the webhook route (POST only) at `path`.
    public func register(in routes: inout HTTPRoutes, path: String) {
        routes.add("POST", path) { request in await self.receive(request) }
    }

    /// Answers one delivery: 401 for a missing or wrong secret (nothing stored), 400 for a body that is
    /// not one update, 503 when the database cannot take it (Telegram retries), else 200.
    public func receive(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        guard let given = request.header(TelegramWebhook.secretHeader), secret.matches(given) else {
            metrics?.webhookRequests.add(1, "unauthorized")
            logger.warning("webhook request without the right secret token; refused")
            return .text("Unauthorized\n", status: 401)
        }
        guard request.body.count <= TelegramWebhook.maxUpdateBytes, let json = try? JSON.parse(bytes: request.body) else {
            return invalid("the body is not JSON")
        }
        guard let id = json["update_id"]?.int, id >= 0, json.object != nil else { return invalid("the body has no update_id") }
        do {
            let new: Bool
            switch destination {
            case .ledger(let store, let wakeUp):
                new = try await store.insertInbox(
                    transport: TelegramPoller.transportName, updateID: String(id), payload: json.serialized(), now: clock.now())
                if new { wakeUp.fire() }
            case .shared(let shared):
                let entry = SharedInboxEntry(externalID: String(id), chatKey: TelegramUpdate.chatKey(of: json), payload: json.serialized())
                new = try await shared.enqueue([entry], network: TelegramPoller.transportName, cursor: String(id + 1)) > 0
            }
            metrics?.webhookRequests.add(1, new ? "accepted" : "duplicate")
            if !new { logger.debug("webhook repeated an update; stored once", ["update": id]) }
            return .text("ok\n")
        } catch {
            metrics?.webhookRequests.add(1, "unavailable")
            logger.error("cannot store a webhook update; Telegram will retry it", ["update": id, "error": "\(error)"])
            return .text("Service Unavailable\n", status: 503)
        }
    }

    private func invalid(_ reason: String) -> HTTPServerResponse {
        metrics?.webhookRequests.add(1, "invalid")
        logger.warning("webhook request refused: \(reason)")
        return .text("Bad Request: \(reason)\n", status: 400)
    }
}

extension TelegramWebhook {
    /// Where a delivery is stored.
    enum Destination: Sendable {
        /// This process's inbox, and the drain to wake.
        case ledger(any TelegramLedger, InboxWakeUp)
        /// The inbox several workers share.
        case shared(any SharedInbox)
    }
}
