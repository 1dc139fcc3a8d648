import Chat
import Config
import HTTPServer
import Metrics
import HTTP
import Secrets
import Storage
import Support
import Scale
import Telegram

extension App {
    /// The Telegram settings from the configuration.
    func telegramConfiguration() -> TelegramConfiguration {
        var telegram = TelegramConfiguration(
            apiBaseURL: configuration.string("telegram.api_base_url") ?? "https://api.telegram.org",
            pollTimeoutSeconds: configuration.int("telegram.poll_timeout_seconds"),
            maxDownloadBytes: configuration.int("telegram.max_download_bytes"),
            albumWindowSeconds: Double(configuration.int("telegram.album_window_ms")) / 1000,
            rateLimits: RateLimits(
                perChatPerSecond: configuration.double("telegram.rate_limit.per_chat_per_second"),
                perGroupPerMinute: configuration.double("telegram.rate_limit.per_group_per_minute"),
                globalPerSecond: configuration.double("telegram.rate_limit.global_per_second"),
                perChatBurst: configuration.int("telegram.rate_limit.per_chat_burst")),
            maxInFlightSends: configuration.int("telegram.outbox.max_in_flight") == 0 ? nil : configuration.int("telegram.outbox.max_in_flight"),
            earlyFlushSeconds: Double(configuration.int("telegram.outbox.early_flush_ms")) / 1000,
            buttonAnswerSeconds: Double(configuration.int("telegram.outbox.button_answer_seconds")),
            maxAttempts: configuration.int("worker.max_attempts"))
        telegram.mode = TelegramMode(rawValue: configuration.string("telegram.mode") ?? "") ?? .polling
        return telegram
    }

    /// A Bot API client for the stored token, or nil when none is stored.
    func telegramClient(keys: KeyStore, http: HTTPClient) -> TelegramClient? {
        guard let token = keys.value(for: SecretName.telegramToken) else { return nil }
        redactor.register(token)
        return TelegramClient(token: token, baseURL: telegramConfiguration().apiBaseURL, transport: http)
    }
}

/// The Telegram worker, and in webhook mode the receiver that fills its inbox.
struct TelegramServices {
    let poller: TelegramPoller
    let webhook: TelegramWebhook?
}

extension Runtime {
    /// The Telegram poller (and in webhook mode its webhook receiver), when Telegram is enabled and a token is stored.
    func telegramServices(dispatcher: ChatDispatcher) throws -> TelegramServices? {
        guard app.configuration.bool("telegram.enabled"), let client = app.telegramClient(keys: keys, http: http) else { return nil }
        var configuration = app.telegramConfiguration()
        if backend.shared != nil {
            configuration.sharedOutbox = true
            configuration.sharedClaimsInFlight = app.configuration.int("storage.postgres.claims_in_flight")
            configuration.sharedRenewSeconds = max(0.05, app.configuration.double("storage.postgres.lease_seconds") / 3)
        }
        let logger = app.logger.child(label: "telegram")
        let transport = TelegramTransport(
            client: client, store: store, configuration: configuration, logger: logger, clock: clock, metrics: metrics.telegram)
        // Try-on results and other messages sent outside a handler find the transport here.
        transports.register(transport)
        if let shared = backend.shared {
            return try sharedTelegramServices(
                client: client, transport: transport, shared: shared, dispatcher: dispatcher, configuration: configuration)
        }
        guard let sqlite = backend.sqlite else { return nil }
        let wakeUp = InboxWakeUp()
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: sqlite, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock, inboxWakeUp: wakeUp)
        guard configuration.mode == .webhook else { return TelegramServices(poller: poller, webhook: nil) }
        let webhook = TelegramWebhook(
            store: sqlite, secret: try webhookSecret(), wakeUp: wakeUp, metrics: metrics.telegram, logger: logger.child(label: "webhook"), clock: clock)
        return TelegramServices(poller: poller, webhook: webhook)
    }

    /// The Telegram worker of one of several processes sharing PostgreSQL (and its webhook receiver in webhook mode).
    private func sharedTelegramServices(
        client: TelegramClient, transport: TelegramTransport, shared: PostgresSharedInbox, dispatcher: ChatDispatcher,
        configuration: TelegramConfiguration
    ) throws -> TelegramServices {
        let logger = app.logger.child(label: "telegram")
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, shared: shared, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock)
        guard configuration.mode == .webhook else { return TelegramServices(poller: poller, webhook: nil) }
        let webhook = TelegramWebhook(
            shared: shared, secret: try webhookSecret(), metrics: metrics.telegram, logger: logger.child(label: "webhook"), clock: clock)
        return TelegramServices(poller: poller, webhook: webhook)
    }

    private func webhookSecret() throws -> WebhookSecret {
        guard let text = keys.value(for: SecretName.telegramWebhookSecret), let secret = WebhookSecret(text) else {
            throw CLIError(
                "telegram.mode is webhook but no valid webhook secret is stored; run `wardrobe telegram set-webhook URL` (it creates one) or `wardrobe keys set \(SecretName.telegramWebhookSecret)`")
        }
        return secret
    }

    /// The embedded HTTP servers: `/healthz` and `/metrics` on `http.listen`, the webhook on
    /// `telegram.webhook.listen`; one server when both name the same address. Bound here, so a taken
    /// port stops start-up.
    func httpServices(telegram: TelegramServices?) throws -> [any Service] {
        var routesByAddress: [(address: ListenAddress, routes: HTTPRoutes)] = []
        func add(_ address: ListenAddress, _ change: (inout HTTPRoutes) -> Void) {
            if let index = routesByAddress.firstIndex(where: { $0.address == address && address.port != 0 }) {
                change(&routesByAddress[index].routes)
            } else {
                var routes = HTTPRoutes()
                change(&routes)
                routesByAddress.append((address, routes))
            }
        }
        if let text = app.configuration.string("http.listen"), let address = ListenAddress(text) {
            let health = HealthCheck(backend: backend, telegram: telegram?.poller, clock: clock)
            add(address) { routes in
                routes.add("GET", "/healthz") { _ in await health.respond() }
                routes.add("GET", "/metrics") { [metrics] _ in
                    HTTPServerResponse.text(await metrics.registry.collectAndRender(), contentType: MetricsRegistry.contentType)
                }
            }
        }
        if let webhook = telegram?.webhook, let text = app.configuration.string("telegram.webhook.listen"), let address = ListenAddress(text) {
            let path = app.configuration.string("telegram.webhook.path") ?? "/telegram/webhook"
            add(address) { routes in webhook.register(in: &routes, path: path) }
        }
        var services: [any Service] = []
        for (address, routes) in routesByAddress {
            let configuration = HTTPServerConfiguration(host: address.host, port: address.port, maxBodyBytes: TelegramWebhook.maxUpdateBytes)
            let server: HTTPServer
            do { server = try HTTPServer.start(configuration, routes: routes) } catch { throw CLIError(error.description) }
            app.logger.notice("HTTP server listening", ["address": server.baseURL, "paths": routes.paths.joined(separator: ",")])
            services.append(HTTPServerService(server: server))
        }
        return services
    }
}
