/// Why a libsodium operation failed: detail for logs (`description`) and a short `userMessage`.
public enum SodiumError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `sodium_init` failed, so no cryptography is available.
    case initializationFailed
    /// A key, nonce, salt or digest had the wrong number of bytes.
    case invalidLength(what: String, expected: Int, actual: Int)
    /// The text is not valid padded base64 (original alphabet).
    case invalidBase64
    /// The text is not valid hexadecimal.
    case invalidHex
    /// Authentication failed: wrong key, wrong associated data, or changed ciphertext.
    case decryptionFailed
    /// The ciphertext is shorter than the authentication tag.
    case ciphertextTooShort(length: Int)
    /// Encryption refused its input (libsodium returned an error).
    case encryptionFailed
    /// Argon2id could not run, usually because the memory limit could not be allocated.
    case keyDerivationFailed(operations: UInt64, memory: Int)
    /// A file could not be opened or read for hashing.
    case fileUnreadable(path: String, errno: Int32)

    /// Detail for logs. Never contains key material.
    public var description: String {
        switch self {
        case .initializationFailed: "sodium_init failed"
        case .invalidLength(let what, let expected, let actual): "\(what) must be \(expected) bytes, got \(actual)"
        case .invalidBase64: "invalid base64 (expected the original alphabet with padding)"
        case .invalidHex: "invalid hexadecimal text"
        case .decryptionFailed: "XChaCha20-Poly1305 authentication failed"
        case .ciphertextTooShort(let length): "ciphertext of \(length) bytes is shorter than the 16-byte tag"
        case .encryptionFailed: "XChaCha20-Poly1305 encryption failed"
        case .keyDerivationFailed(let operations, let memory):
            "Argon2id failed (opslimit \(operations), memlimit \(memory) bytes); out of memory?"
        case .fileUnreadable(let path, let errno): "cannot read \(path) (errno \(errno))"
        }
    }

    /// Short text for a person: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .initializationFailed: "The crypto library could not start. Check the libsodium installation."
        case .invalidLength(let what, _, _): "The \(what) has the wrong length. Check the value and try again."
        case .invalidBase64: "That isn't valid base64. Copy the value again, including any trailing '='."
        case .invalidHex: "That isn't valid hexadecimal. Copy the value again."
        case .decryptionFailed, .ciphertextTooShort:
            "The data can't be decrypted: the key is wrong or the data was changed. Use the right key."
        case .encryptionFailed: "Encryption failed. Try again; report it if it keeps happening."
        case .keyDerivationFailed: "The passphrase key could not be computed, likely for lack of memory. Free some memory and retry."
        case .fileUnreadable(let path, _): "The file \(path) can't be read. Check that it exists and is readable."
        }
    }
}
