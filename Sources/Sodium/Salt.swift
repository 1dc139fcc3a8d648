/// A 16-byte Argon2id salt (`crypto_pwhash_SALTBYTES`). Not secret; store it next to the ciphertext.
public struct Salt: Sendable, Hashable {
    /// The salt length in bytes.
    public static let byteCount = 16

    /// The salt bytes.
    public let bytes: [UInt8]

    /// A salt from exactly 16 bytes, e.g. read from a file header.
    public init(bytes: [UInt8]) throws(SodiumError) {
        guard bytes.count == Self.byteCount else {
            throw SodiumError.invalidLength(what: "salt", expected: Self.byteCount, actual: bytes.count)
        }
        self.bytes = bytes
    }

    /// A fresh random salt.
    public static func random() -> Salt {
        Salt(unchecked: Libsodium.randomBytes(byteCount))
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }
}
