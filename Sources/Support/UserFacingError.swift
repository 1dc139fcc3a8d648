/// An error that knows how to explain itself to the person chatting with the bot.
public protocol UserFacingError: Error {
    /// One or two short sentences: what happened and what to do next.
    var userMessage: String { get }
}

/// A failure with only a message for the user, for handlers that refuse input.
public struct UserMessageError: UserFacingError, CustomStringConvertible {
    public let userMessage: String

    public init(_ userMessage: String) {
        self.userMessage = userMessage
    }

    public var description: String { userMessage }
}
