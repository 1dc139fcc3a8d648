internal import CSodium

/// A 32-byte XChaCha20-Poly1305 key, kept in memory it owns and zeroed with `sodium_memzero` on deinit.
///
/// A class rather than a struct so there is exactly one copy of the bytes to wipe; copies of the
/// reference share it. `description` never shows the bytes.
public final class SecretKey: @unchecked Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    // @unchecked Sendable is safe: the buffer is written only in init and only read afterwards,
    // and deinit runs once no reference is left.

    /// The key length in bytes (`crypto_aead_xchacha20poly1305_ietf_KEYBYTES`).
    public static let byteCount = 32

    private let storage: UnsafeMutableRawBufferPointer

    /// A key holding a copy of `bytes`, which must be exactly 32 bytes long.
    public init(bytes: [UInt8]) throws(SodiumError) {
        Libsodium.ready()
        guard bytes.count == Self.byteCount else {
            throw SodiumError.invalidLength(what: "secret key", expected: Self.byteCount, actual: bytes.count)
        }
        storage = .allocate(byteCount: Self.byteCount, alignment: 16)
        storage.copyBytes(from: bytes)
    }

    /// A key decoded from padded base64 of 32 bytes; whitespace around and inside is ignored.
    public convenience init(base64: String) throws(SodiumError) {
        var bytes = try Base64.decode(base64)
        defer { Libsodium.wipe(&bytes) }
        try self.init(bytes: bytes)
    }

    /// A new key of 32 random bytes.
    public static func random() -> SecretKey {
        var bytes = Libsodium.randomBytes(byteCount)
        defer { Libsodium.wipe(&bytes) }
        // The length is right by construction.
        return try! SecretKey(bytes: bytes)
    }

    deinit {
        sodium_memzero(storage.baseAddress!, storage.count)
        storage.deallocate()
    }

    /// The key as padded base64, for writing a new key file. Treat the result as a secret.
    public func base64() -> String {
        Base64.encode(UnsafeRawBufferPointer(storage))
    }

    /// Runs `body` with the raw key bytes; the pointer must not escape.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(storage))
    }

    /// Compares two keys in constant time.
    public static func == (lhs: SecretKey, rhs: SecretKey) -> Bool {
        sodium_memcmp(lhs.storage.baseAddress!, rhs.storage.baseAddress!, byteCount) == 0
    }

    /// A 32-byte subkey for one purpose (`crypto_kdf_derive_from_key`): `context` is 8 ASCII characters
    /// naming the purpose, `subkeyID` numbers keys within it. The same inputs always give the same bytes;
    /// the master key cannot be recovered from them. Treat the result as a secret.
    public func derivedBytes(subkeyID: UInt64, context: String) throws(SodiumError) -> [UInt8] {
        let contextBytes = Array(context.utf8)
        guard contextBytes.count == Int(crypto_kdf_CONTEXTBYTES) else {
            throw SodiumError.invalidLength(what: "key derivation context", expected: Int(crypto_kdf_CONTEXTBYTES), actual: contextBytes.count)
        }
        var output = [UInt8](repeating: 0, count: Self.byteCount)
        let result = output.withUnsafeMutableBufferPointer { outputBuffer in
            contextBytes.withUnsafeBufferPointer { contextBuffer in
                contextBuffer.withMemoryRebound(to: CChar.self) { context in
                    crypto_kdf_derive_from_key(
                        outputBuffer.baseAddress!, Self.byteCount, subkeyID, context.baseAddress!,
                        storage.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        guard result == 0 else { throw SodiumError.encryptionFailed }
        return output
    }

    /// A placeholder that never shows key bytes.
    public var description: String { "SecretKey(32 bytes, redacted)" }

    /// A placeholder that never shows key bytes.
    public var debugDescription: String { description }
}
