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

/// An error no chat user can cause or fix (a broken database, a missing key file, a bug): the chat
/// gets the generic apology and the log gets the detail.
///
/// Every error type conforms to exactly one of `UserFacingError` and `InternalError`, so a new
/// error has to be classified when it is written (checked by `ErrorClassificationTests`).
public protocol InternalError: Error {}
