/// A 24-byte XChaCha20-Poly1305 nonce. Use `random()` for every encryption; never reuse one with a key.
public struct Nonce: Sendable, Hashable {
    /// The nonce length in bytes (`crypto_aead_xchacha20poly1305_ietf_NPUBBYTES`).
    public static let byteCount = 24

    /// The nonce bytes; not secret.
    public let bytes: [UInt8]

    /// A nonce from exactly 24 bytes, e.g. read from a file header.
    public init(bytes: [UInt8]) throws(SodiumError) {
        guard bytes.count == Self.byteCount else {
            throw SodiumError.invalidLength(what: "nonce", expected: Self.byteCount, actual: bytes.count)
        }
        self.bytes = bytes
    }

    /// A fresh random nonce; 192 bits make random nonces safe for any practical number of messages.
    public static func random() -> Nonce {
        Nonce(unchecked: Libsodium.randomBytes(byteCount))
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }
}
