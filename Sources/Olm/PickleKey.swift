/// The key that encrypts pickled Olm state (libolm's AES-256 + HMAC pickle format).
///
/// Its own type, so a pickle key can't be passed where a message or another key is expected.
/// `description` never shows the bytes.
public struct PickleKey: Sendable, CustomStringConvertible {
    /// The raw key bytes.
    let bytes: [UInt8]

    /// A pickle key from 32 bytes derived from the master key.
    public init(bytes: [UInt8]) throws(OlmError) {
        guard bytes.count == 32 else { throw OlmError.invalidInput("pickle key must be 32 bytes, got \(bytes.count)") }
        self.bytes = bytes
    }

    /// Never shows the key.
    public var description: String { "PickleKey(32 bytes)" }
}
