import Chat

/// "Forbidden: bot was blocked by the user" (or kicked from the group) means the chat is gone:
/// the daily outfit pauses its subscription instead of retrying every day.
extension TelegramError: RecipientGone {
    public var isRecipientGone: Bool { isBlocked }
}
