/// What a transport can do, so handlers can phrase choices the right way.
public struct TransportCapabilities: Sendable, Hashable {
    /// Inline buttons (Telegram). Without them, choices are numbered and answered by reaction or number.
    public var inlineButtons: Bool
    /// Editing earlier messages in place.
    public var edits: Bool
    /// Native polls.
    public var polls: Bool
    /// Deleting the user's messages (e.g. one carrying a key).
    public var deletesUserMessages: Bool
    /// A group's plain text reaches the bot only when it is addressed to it (Telegram: a mention or a
    /// reply to the bot), so it deserves an answer as a private message does; elsewhere it is chatter.
    public var addressedGroupText: Bool

    public init(inlineButtons: Bool, edits: Bool, polls: Bool, deletesUserMessages: Bool, addressedGroupText: Bool = false) {
        self.inlineButtons = inlineButtons
        self.edits = edits
        self.polls = polls
        self.deletesUserMessages = deletesUserMessages
        self.addressedGroupText = addressedGroupText
    }
}

/// A chat network the bot speaks over (Telegram, Matrix, the console).
public protocol ChatTransport: Sendable {
    /// "telegram", "matrix" or "console".
    var name: String { get }
    var capabilities: TransportCapabilities { get }
    /// The bot's own user id on this transport, when known; its events never count as votes.
    var botUserID: String? { get }
    /// Sends one message and returns the references of what was posted (several for an album).
    @discardableResult
    func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef]
}

extension ChatTransport {
    /// Unknown by default.
    public var botUserID: String? { nil }
}
