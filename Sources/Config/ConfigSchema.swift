import JSON

/// One declared setting: its dotted key, kind, default and a one-line description.
public struct SettingSpec: Sendable {
    public let key: String
    public let kind: SettingKind
    public let defaultValue: JSON
    public let help: String

    /// The environment variable that overrides it: `WARDROBE_` + key in upper case, dots as underscores.
    public var environmentName: String {
        "WARDROBE_" + key.uppercased().replacingOccurrences(of: ".", with: "_")
    }
}

/// Every setting Wardrobe understands. `bot-config/wardrobe.json` lists them all with these defaults.
public enum ConfigSchema {
    public static let settings: [SettingSpec] = [
        spec("data_directory", .string, "./data", "Where the database, media and key file live."),
        spec("log.level", .choice(["trace", "debug", "info", "notice", "warning", "error"]), "info", "Lowest level logged."),
        spec("shutdown_grace_seconds", .int(1...300), 10, "How long in-flight work may finish after SIGTERM."),
        spec("worker.max_attempts", .int(1...10), 2, "How often one update, event, try-on job or daily send may crash the worker before it is set aside."),
        spec("secrets.file", .string, "secrets.enc", "Encrypted key file, relative to data_directory."),
        spec("storage.backend", .choice(["sqlite", "postgres"]), "sqlite", "sqlite = one process, data in data_directory; postgres = several workers share the database in the key file's postgres.conninfo (docs/scale-out.md)."),
        spec("storage.postgres.lease_seconds", .double(1...600), 30, "How long a chat stays with a worker that stopped renewing its lease (a killed worker's update is retried after this)."),
        spec("storage.postgres.election_retry_seconds", .double(0.05...60), 1, "How often a standby worker tries to become the bot's poller and sender."),
        spec("storage.postgres.matrix_relay_seconds", .double(5...600), 60, "How long a Matrix message made on a worker not elected for Matrix waits for the elected one to send it."),
        spec("storage.postgres.job_lease_seconds", .double(1...3600), 60, "How long a try-on job stays with a worker that stopped renewing its lease (a killed worker's job is run again by another after this)."),
        spec("storage.postgres.claims_in_flight", .int(1...256), 32, "Updates of different chats one worker handles at once."),

        spec("telegram.enabled", .bool, true, "Serve Telegram when a token is in the key file."),
        spec("telegram.api_base_url", .url, "https://api.telegram.org", "Bot API base URL (a local Bot API server works too)."),
        spec("telegram.poll_timeout_seconds", .int(1...50), 50, "getUpdates long-poll timeout."),
        spec("telegram.max_download_bytes", .int(1...2_000_000_000), 20_971_520, "Largest file the bot downloads (the cloud Bot API allows 20 MB)."),
        spec("telegram.album_window_ms", .int(0...10_000), 1200, "How long to wait for the rest of an album."),
        spec("telegram.rate_limit.per_chat_per_second", .double(0...1000), 1, "Messages per second to one chat on average (0 = unlimited)."),
        spec("telegram.rate_limit.per_chat_burst", .int(1...20), 3, "Messages one chat may get at once before the average applies."),
        spec("telegram.rate_limit.per_group_per_minute", .double(0...100_000), 20, "Messages per minute to one group (0 = unlimited)."),
        spec("telegram.rate_limit.global_per_second", .double(0...100_000), 30, "Messages per second in total (0 = unlimited)."),
        spec("telegram.outbox.max_in_flight", .int(0...64), 0, "Bot API sends in flight at once, the most replies a crash can repeat (0: 1 with a global limit, 64 without)."),
        spec("telegram.outbox.early_flush_ms", .int(0...60_000), 300, "A handler still working after this long has its replies so far sent (progress)."),
        spec("telegram.outbox.button_answer_seconds", .int(1...900), 10, "Answers to button presses older than this are dropped, not sent late."),
        spec("telegram.mode", .choice(["polling", "webhook"]), "polling", "polling = getUpdates; webhook = Telegram posts updates to telegram.webhook.listen (see `wardrobe telegram set-webhook`)."),
        spec("telegram.webhook.listen", .listenAddress, "127.0.0.1:8443", "Where the webhook server listens in webhook mode (behind a TLS reverse proxy); port 0 picks a free one."),
        spec("telegram.webhook.path", .urlPath, "/telegram/webhook", "The webhook's URL path on that server."),
        spec("telegram.webhook.max_connections", .int(1...100), 40, "setWebhook max_connections: deliveries Telegram makes at once."),
        spec("telegram.webhook.allowed_updates", .stringList,
             ["message", "edited_message", "callback_query", "poll", "poll_answer", "my_chat_member"], "setWebhook allowed_updates: the update types Telegram posts."),

        spec("http.listen", .optionalListenAddress, .null, "Where /healthz and /metrics are served, e.g. 127.0.0.1:9464 (null = off; the same address as the webhook shares its server)."),

        spec("matrix.homeserver_url", .optionalURL, .null, "Homeserver base URL; Matrix is off while this is null."),
        spec("matrix.user_id", .optionalString, .null, "The bot's full user id, e.g. @wardrobe:example.org."),
        spec("matrix.invite_allowlist", .stringList, [], "Users (@a:b) or servers (example.org) whose invites are accepted; empty = nobody."),
        spec("matrix.sync_timeout_ms", .int(0...120_000), 30_000, "/sync long-poll timeout."),

        spec("import.allow_private_networks", .bool, false, "Allow product links to private/loopback addresses (tests, home setups)."),
        spec("import.timeout_seconds", .int(1...120), 15, "Total time for fetching a product page."),
        spec("import.max_html_bytes", .int(1024...100_000_000), 5_242_880, "Largest product page read."),
        spec("import.max_image_bytes", .int(1024...100_000_000), 15_728_640, "Largest product image downloaded."),
        spec("import.max_redirects", .int(0...20), 5, "Redirects followed for a product link."),

        spec("images.max_upload_bytes", .int(1024...2_000_000_000), 26_214_400, "Largest image a user may send."),
        spec("images.max_pixels", .int(1_000_000...1_000_000_000), 100_000_000, "Decompression-bomb guard: most pixels in an image."),
        spec("images.max_decode_bytes", .int(8_388_608...1_073_741_824), 100_663_296, "Most memory a decoder may need for one image (progressive JPEG, HEIC, interlaced PNG), from the header."),
        spec("images.picture_cache_bytes", .int(0...268_435_456), 2_097_152, "Memory for finished outfit, closet and vote pictures kept for reuse; 0 keeps none."),

        spec("tryon.default_service", .choice(["openrouter", "gemini", "fal"]), "openrouter", "Service used when a user has not picked one."),
        spec("tryon.global_concurrency", .int(1...64), 4, "Try-on jobs running at once across all users."),
        spec("tryon.provider_timeout_seconds", .int(5...900), 180, "Timeout of one provider call."),
        spec("tryon.allow_private_result_hosts", .bool, false, "Allow AI result-image URLs on private/loopback addresses (tests, home setups)."),
        spec("tryon.daily_quota", .int(0...10_000), 20, "Try-ons per user per day with the operator's keys (0 = unlimited)."),
        spec("tryon.openrouter.base_url", .url, "https://openrouter.ai", "OpenRouter base URL."),
        spec("tryon.openrouter.model", .string, "meta/muse-image", "OpenRouter model id."),
        spec("tryon.openrouter.endpoint", .choice(["images", "chat"]), "images", "images = /api/v1/images; chat = /api/v1/chat/completions."),
        spec("tryon.gemini.base_url", .url, "https://generativelanguage.googleapis.com", "Google Gemini API base URL."),
        spec("tryon.gemini.model", .string, "gemini-2.5-flash-image", "Gemini model id."),
        spec("tryon.fal.base_url", .url, "https://fal.run", "Fal.ai base URL."),
        spec("tryon.fal.endpoint", .string, "fal-ai/bytedance/seedream/v4/edit", "Fal.ai model path."),

        spec("outfits.explainer", .choice(["off", "openrouter"]), "off", "openrouter = a text model picks among /outfit's top candidates and says why in one sentence."),
        spec("outfits.explainer_model", .string, "openai/gpt-4o-mini", "OpenRouter chat model of the outfit explainer."),
        spec("outfits.explainer_timeout_ms", .int(100...5000), 5000, "Longest wait for the explainer; then the rules' choice is shown."),
        spec("outfits.explainer_candidates", .int(2...5), 3, "How many of the rules' best outfits the explainer chooses from."),

        spec("schedule.default_timezone", .string, "UTC", "IANA zone for chats that have not set one."),
        spec("schedule.catch_up_hours", .double(0...24), 2, "Send a missed daily outfit on start-up within this window."),
        spec("voting.default_window_minutes", .int(1...10_080), 10, "How long a group vote stays open."),
    ]

    /// The spec for a dotted key.
    public static func spec(for key: String) -> SettingSpec? { index[key] }

    private static let index: [String: SettingSpec] = Dictionary(uniqueKeysWithValues: settings.map { ($0.key, $0) })

    private static func spec(_ key: String, _ kind: SettingKind, _ value: JSON, _ help: String) -> SettingSpec {
        SettingSpec(key: key, kind: kind, defaultValue: value, help: help)
    }

    /// All defaults as the nested JSON object written to `bot-config/wardrobe.json`.
    public static var defaultDocument: JSON {
        var root: JSON = [:]
        for setting in settings { root = root.inserting(setting.defaultValue, at: setting.key.split(separator: ".").map(String.init)) }
        return root
    }
}

extension JSON {
    /// A copy with `value` stored at a nested path, creating objects on the way.
    func inserting(_ value: JSON, at path: [String]) -> JSON {
        guard let head = path.first else { return value }
        let child = (self[head] ?? [:]).inserting(value, at: Array(path.dropFirst()))
        return setting(head, child)
    }
}
