internal import CSodium

/// SHA-256 (`crypto_hash_sha256`), one-shot or streaming; digests come out as lowercase hex.
public struct SHA256: Sendable {
    /// The digest length in bytes.
    public static let byteCount = 32

    private var state = crypto_hash_sha256_state()

    /// A hasher with no input yet.
    public init() {
        Libsodium.ready()
        crypto_hash_sha256_init(&state)
    }

    /// Adds `bytes` to the input.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Adds the UTF-8 bytes of `text` to the input.
    public mutating func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// Adds the bytes in `buffer` to the input.
    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(buffer.count))
    }

    /// The digest bytes of everything added so far. The hasher's own state is left as it was.
    public func finalizeBytes() -> [UInt8] {
        var copy = state
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        crypto_hash_sha256_final(&copy, &digest)
        return digest
    }

    /// The lowercase hex digest of everything added so far.
    public func finalize() -> String {
        Hex.encode(finalizeBytes())
    }

    /// The lowercase hex SHA-256 of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The lowercase hex SHA-256 of the UTF-8 bytes of `text`.
    public static func hash(_ text: String) -> String {
        hash(Array(text.utf8))
    }
}
