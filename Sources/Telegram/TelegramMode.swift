/// Where the Telegram worker gets its updates.
public enum TelegramMode: String, Sendable, Hashable, CaseIterable {
    /// Long polling with getUpdates (the default; no public address needed).
    case polling
    /// Telegram posts updates to the bot's HTTPS address; they are stored in the inbox and drained.
    case webhook
}
