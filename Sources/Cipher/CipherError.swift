import Support

/// Why an OpenSSL cipher call failed: detail for logs and a short `userMessage`.
public enum CipherError: Error, Sendable, Hashable, CustomStringConvertible, UserFacingError {
    /// A key or IV had the wrong length.
    case invalidLength(what: String, expected: Int, actual: Int)
    /// libcrypto refused a call; `detail` is its error queue's first entry.
    case library(operation: String, detail: String)

    /// Detail for logs; never key material.
    public var description: String {
        switch self {
        case .invalidLength(let what, let expected, let actual): "\(what) must be \(expected) bytes, got \(actual)"
        case .library(let operation, let detail): "\(operation) failed: \(detail)"
        }
    }

    /// Short text for a person.
    public var userMessage: String { "I couldn't encrypt or decrypt that file. Send it again." }
}
