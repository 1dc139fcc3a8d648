import Foundation
import HTTP
import HTTPServer
import JSON
import Metrics
import Support
import Telegram
import WardrobeTestKit

/// The Telegram worker in webhook mode: the usual harness (fake Bot API, store, router) plus the
/// webhook receiver on a loopback HTTP server with an ephemeral port.
final class WebhookHarness: Sendable {
    static let secret = "test-Secret_0123456789"
    let base: TelegramHarness
    let http: HTTPServer
    let metrics = MetricsRegistry()
    let telegramMetrics: TelegramMetrics
    let client = HTTPClient(configuration: .init(proxy: .none))
    private let serving: Task<Void, Never>

    init(maxBodyBytes: Int = TelegramWebhook.maxUpdateBytes) throws {
        base = try TelegramHarness { configuration in
            configuration.mode = .webhook
            configuration.inboxCheckSeconds = 0.2
        }
        telegramMetrics = TelegramMetrics(registry: metrics)
        let webhook = TelegramWebhook(
            store: base.store, secret: WebhookSecret(WebhookHarness.secret)!, wakeUp: base.poller.inboxWakeUp, metrics: telegramMetrics,
            logger: base.logger, clock: SystemClock())
        var routes = HTTPRoutes()
        webhook.register(in: &routes, path: "/telegram/webhook")
        http = try HTTPServer.start(HTTPServerConfiguration(maxBodyBytes: maxBodyBytes), routes: routes)
        serving = Task { [http] in await http.run() }
    }

    /// Posts a body as Telegram would, with `secret` in the secret header (none when nil).
    func post(_ body: [UInt8], secret: String? = WebhookHarness.secret) async throws -> HTTPResponse {
        let headers = secret.map { HTTPHeaders([(TelegramWebhook.secretHeader, $0)]) } ?? HTTPHeaders()
        var request = HTTPRequest(
            method: .post, url: http.baseURL + "/telegram/webhook", headers: headers, body: .bytes(body, contentType: "application/json"))
        request.timeout = .seconds(20)
        return try await client.send(request)
    }

    /// Posts one update.
    func post(_ update: JSON, secret: String? = WebhookHarness.secret) async throws -> HTTPResponse {
        try await post(Array(update.serialized().utf8), secret: secret)
    }

    /// Delivers what the fake Bot API has queued, as Telegram's webhook would, all at once; returns the statuses.
    @discardableResult
    func deliverQueued() async throws -> [Int] {
        let updates = base.server.takeForWebhook()
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for update in updates { group.addTask { try await self.post(update.body).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Updates stored and not yet handled.
    func pendingCount() async throws -> Int { try await base.store.inboxDepth(transport: "telegram").count }

    /// Stops the HTTP server, then the harness.
    func stop(_ task: Task<Void, any Error>?) async {
        await http.stop()
        serving.cancel()
        await serving.value
        if let task { await base.stop(task) } else { await base.stop(base.start()) }
    }
}
