import Chat
import Config
import HTTP
import Secrets
import Storage
import Support
import Telegram

extension App {
    /// The Telegram settings from the configuration.
    func telegramConfiguration() -> TelegramConfiguration {
        TelegramConfiguration(
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
    }

    /// A Bot API client for the stored token, or nil when none is stored.
    func telegramClient(keys: KeyStore, http: HTTPClient) -> TelegramClient? {
        guard let token = keys.value(for: SecretName.telegramToken) else { return nil }
        redactor.register(token)
        return TelegramClient(token: token, baseURL: telegramConfiguration().apiBaseURL, transport: http)
    }
}

extension Runtime {
    /// The Telegram poller and its housekeeping, when Telegram is enabled and a token is stored.
    func telegramServices(dispatcher: ChatDispatcher) -> [any Service] {
        guard app.configuration.bool("telegram.enabled"), let client = app.telegramClient(keys: keys, http: http) else { return [] }
        let configuration = app.telegramConfiguration()
        let logger = app.logger.child(label: "telegram")
        let transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: clock)
        // Try-on results and other messages sent outside a handler find the transport here.
        transports.register(transport)
        let poller = TelegramPoller(
            client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
            configuration: configuration, logger: logger, clock: clock)
        return [poller]
    }
}
