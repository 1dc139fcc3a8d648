import Support

/// Why a libolm operation failed: libolm's error text for logs, and a short `userMessage`.
public enum OlmError: Error, Sendable, Hashable, CustomStringConvertible, UserFacingError {
    /// libolm refused the call; `operation` names it, `code` is `olm_*_last_error` (e.g. `BAD_MESSAGE_MAC`).
    case library(operation: String, code: String)
    /// A pickle, key or message was not valid text (libolm works on base64 ASCII).
    case invalidInput(String)
    /// A group message was decrypted at an index already seen for another event (a replay).
    case replayedMessage(index: UInt32)

    /// Detail for logs; never contains key material.
    public var description: String {
        switch self {
        case .library(let operation, let code): "\(operation) failed: \(code)"
        case .invalidInput(let detail): "invalid olm input: \(detail)"
        case .replayedMessage(let index): "megolm message index \(index) was already used by another event"
        }
    }

    /// Whether the failure means the message cannot be decrypted with this key (not a bug on our side).
    public var isUndecryptable: Bool {
        switch self {
        case .library(_, let code):
            ["BAD_MESSAGE_MAC", "BAD_SIGNATURE", "INVALID_BASE64", "BAD_MESSAGE_FORMAT", "BAD_MESSAGE_KEY_ID", "UNKNOWN_MESSAGE_INDEX", "BAD_MESSAGE_VERSION"].contains(code)
        case .replayedMessage: true
        case .invalidInput: true
        }
    }

    /// Short text for a person.
    public var userMessage: String {
        "I couldn't decrypt or encrypt a message. Send it again; if that keeps failing, start a new chat with me."
    }
}
