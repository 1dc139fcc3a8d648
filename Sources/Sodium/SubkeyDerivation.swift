internal import CSodium

/// Derives independent 32-byte keys from one master key (`crypto_kdf_derive_from_key`, BLAKE2b).
///
/// Different contexts or ids give unrelated keys, so a key derived for backups never equals the master key
/// itself or a key derived for anything else.
public enum SubkeyDerivation {
    /// A context: exactly 8 ASCII characters naming what the subkey is for, e.g. "WDBACKUP".
    public struct Context: Sendable, Equatable {
        /// The 8 context bytes.
        public let bytes: [UInt8]

        /// A context from 8 ASCII characters.
        public init(_ text: String) throws(SodiumError) {
            let bytes = Array(text.utf8)
            guard bytes.count == 8, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                throw SodiumError.invalidLength(what: "key derivation context", expected: 8, actual: bytes.count)
            }
            self.bytes = bytes
        }
    }

    /// The subkey number `id` for `context`, derived from `masterKey`.
    public static func derive(from masterKey: SecretKey, id: UInt64, context: Context) throws(SodiumError) -> SecretKey {
        Libsodium.ready()
        var output = [UInt8](repeating: 0, count: SecretKey.byteCount)
        defer { Libsodium.wipe(&output) }
        let contextCharacters = context.bytes.map { CChar(bitPattern: $0) }
        let status = masterKey.withUnsafeBytes { keyBytes in
            crypto_kdf_derive_from_key(
                &output, output.count, id, contextCharacters, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw SodiumError.encryptionFailed }
        return try SecretKey(bytes: output)
    }
}
