import Chat

extension MatrixError: RecipientGone {
    /// A 403 `M_FORBIDDEN` saying the bot is not (or no longer) in the room: it left or was kicked.
    public var isRecipientGone: Bool {
        guard case .forbidden(let message) = self else { return false }
        let lower = message.lowercased()
        return lower.contains("not in room") || lower.contains("not in the room") || lower.contains("not joined")
            || lower.contains("been kicked") || lower.contains("banned")
    }
}
