import Support

/// A message by catalog key with its arguments, rendered later in the reader's language.
public struct LocalizedMessage: Sendable, Hashable {
    /// The catalog key, e.g. "import.usage".
    public let key: String
    /// The values of the message's placeholders.
    public let arguments: [String: MessageArgument]

    /// The message `key` with `arguments`.
    public init(_ key: String, _ arguments: [String: MessageArgument] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}

/// A user-facing error whose message is translated: the router replies with `message` in the user's
/// language; `userMessage` (logs, callers without a language) is the English text.
public protocol LocalizedUserFacingError: UserFacingError {
    /// The message for the user, by catalog key.
    var message: LocalizedMessage { get }
}

extension LocalizedUserFacingError {
    /// The English text from the built-in catalog.
    public var userMessage: String { Catalogs.builtIn.string(message.key, message.arguments, in: .en) }
}

/// A refusal with only a translated message for the user, for handlers that refuse input.
public struct LocalizedUserMessageError: LocalizedUserFacingError, CustomStringConvertible {
    /// The refusal for the user, by catalog key.
    public let message: LocalizedMessage

    /// A refusal saying the catalog's `key` with `arguments`.
    public init(_ key: String, _ arguments: [String: MessageArgument] = [:]) {
        message = LocalizedMessage(key, arguments)
    }

    /// The English text, for logs.
    public var description: String { userMessage }
}
