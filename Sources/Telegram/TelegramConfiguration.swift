import Support

/// Everything the Telegram worker needs to know, with the Bot API's defaults.
public struct TelegramConfiguration: Sendable {
    /// The Bot API base URL without a trailing slash; a local Bot API server works too.
    public var apiBaseURL: String
    /// How long getUpdates holds the request when nothing is waiting, in seconds.
    public var pollTimeoutSeconds: Int
    /// How many updates one getUpdates call returns at most (1–100).
    public var updateLimit: Int
    /// The largest file the bot downloads (the cloud Bot API serves 20 MB).
    public var maxDownloadBytes: Int
    /// How long to wait for the rest of an album after its last part arrived, in seconds.
    public var albumWindowSeconds: Double
    /// How often to fetch again while updates are being handled, in seconds.
    public var progressIntervalSeconds: Double
    /// Outgoing message limits.
    public var rateLimits: RateLimits
    /// Backoff after network errors, 5xx and malformed answers.
    public var backoff: Backoff
    /// Backoff after `409 Conflict` (a webhook or a second poller).
    public var conflictBackoff: Backoff
    /// How many times one outgoing call is tried before its error is returned.
    public var sendAttempts: Int
    /// Bot API calls between "request sent" and "answer recorded" at once: the most replies a crash
    /// can repeat. Nil chooses: 1 while a global limit is set (at Telegram's 30 messages per second one
    /// call in flight never limits throughput), 64 when the global limit is off (a local Bot API server).
    public var maxInFlightSends: Int?

    /// The in-flight bound in force.
    public var effectiveMaxInFlightSends: Int {
        if let maxInFlightSends { return max(1, maxInFlightSends) }
        return rateLimits.globalPerSecond > 0 ? 1 : 64
    }
    /// How long a handler may run before the replies it made so far are sent (progress), in seconds.
    public var earlyFlushSeconds: Double
    /// How long an answer to a button press is worth sending; older ones are dropped after a restart.
    public var buttonAnswerSeconds: Double
    /// How often an update may crash the worker before it is set aside.
    public var maxAttempts: Int
    /// Where updates come from: getUpdates (the default) or the webhook inbox.
    public var mode: TelegramMode = .polling
    /// In webhook mode, how often the inbox is read even without a delivery to this process (rows
    /// stored by another process, or left by a crash), in seconds.
    public var inboxCheckSeconds: Double = 1
    /// With a shared inbox: only the elected worker sends, reading rows in id order (see `TelegramSender.pickUp`).
    public var sharedOutbox = false
    /// With a shared inbox: how many claimed updates one worker handles at once (different chats).
    public var sharedClaimsInFlight: Int = 32
    /// With a shared inbox: how often a worker renews the leases of the chats it holds (well inside the lease).
    public var sharedRenewSeconds: Double = 5

    /// A configuration with the Bot API's defaults.
    public init(
        apiBaseURL: String = "https://api.telegram.org", pollTimeoutSeconds: Int = 50, updateLimit: Int = 100,
        maxDownloadBytes: Int = 20 * 1024 * 1024, albumWindowSeconds: Double = 1.2, progressIntervalSeconds: Double = 0.25,
        rateLimits: RateLimits = RateLimits(), backoff: Backoff = Backoff(base: 1, cap: 60),
        conflictBackoff: Backoff = Backoff(base: 5, cap: 60), sendAttempts: Int = 5, maxInFlightSends: Int? = nil,
        earlyFlushSeconds: Double = 0.3, buttonAnswerSeconds: Double = 10, maxAttempts: Int = 2
    ) {
        self.apiBaseURL = apiBaseURL.hasSuffix("/") ? String(apiBaseURL.dropLast()) : apiBaseURL
        self.pollTimeoutSeconds = pollTimeoutSeconds
        self.updateLimit = updateLimit
        self.maxDownloadBytes = maxDownloadBytes
        self.albumWindowSeconds = albumWindowSeconds
        self.progressIntervalSeconds = progressIntervalSeconds
        self.rateLimits = rateLimits
        self.backoff = backoff
        self.conflictBackoff = conflictBackoff
        self.sendAttempts = sendAttempts
        self.maxInFlightSends = maxInFlightSends.map { max(1, $0) }
        self.earlyFlushSeconds = earlyFlushSeconds
        self.buttonAnswerSeconds = buttonAnswerSeconds
        self.maxAttempts = max(1, maxAttempts)
    }

    /// The update types the worker asks for; everything else stays at Telegram.
    public static let allowedUpdates = ["message", "edited_message", "callback_query", "poll", "poll_answer", "my_chat_member"]
}

/// Outgoing message limits; 0 turns a limit off.
public struct RateLimits: Sendable, Hashable {
    /// Messages per second to one chat, on average.
    public var perChatPerSecond: Double
    /// Messages one chat may get at once before the average rate applies (a short burst).
    public var perChatBurst: Int
    /// Messages per minute to one group.
    public var perGroupPerMinute: Double
    /// Messages per second across all chats.
    public var globalPerSecond: Double

    /// Limits with Telegram's documented defaults: about 1/s per chat (bursts of 3), 20/min per group, 30/s overall.
    public init(perChatPerSecond: Double = 1, perGroupPerMinute: Double = 20, globalPerSecond: Double = 30, perChatBurst: Int = 3) {
        self.perChatPerSecond = perChatPerSecond
        self.perChatBurst = max(1, perChatBurst)
        self.perGroupPerMinute = perGroupPerMinute
        self.globalPerSecond = globalPerSecond
    }

    /// No limits at all (benchmarks).
    public static let unlimited = RateLimits(perChatPerSecond: 0, perGroupPerMinute: 0, globalPerSecond: 0)
}
