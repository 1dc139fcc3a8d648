/// A send error that can say the recipient is gone for good: the user blocked the bot, or the
/// bot was removed from the group or room. Transports' error types adopt it (Telegram's 403
/// "bot was blocked by the user", Matrix's 403 for a room the bot left), so work outside a
/// handler — the daily outfit — can stop writing there instead of retrying every day.
public protocol RecipientGone: Error {
    /// True when writing to this chat again is pointless until someone re-subscribes.
    var isRecipientGone: Bool { get }
}
