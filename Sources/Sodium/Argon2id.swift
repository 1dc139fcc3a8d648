internal import CSodium

/// Argon2id (`crypto_pwhash`, ALG_ARGON2ID13): turns a passphrase and salt into a `SecretKey`.
public enum Argon2id {
    /// How much work one derivation costs: passes over memory and memory in bytes.
    public struct Limits: Sendable, Hashable, CustomStringConvertible {
        /// The number of passes (`opslimit`).
        public var operations: UInt64
        /// The memory used, in bytes (`memlimit`).
        public var memory: Int

        /// Limits from explicit numbers; `derive` rejects values libsodium does not accept.
        public init(operations: UInt64, memory: Int) {
            self.operations = operations
            self.memory = memory
        }

        /// libsodium's MODERATE: 3 passes over 256 MiB, roughly a second. The default for stored keys.
        public static let moderate = Limits(
            operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MODERATE),
            memory: Int(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))

        /// libsodium's INTERACTIVE: 2 passes over 64 MiB.
        public static let interactive = Limits(
            operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE),
            memory: Int(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))

        /// The smallest limits libsodium accepts (1 pass, 8 KiB). Only for tests: it offers no protection.
        public static let minimum = Limits(
            operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MIN),
            memory: Int(crypto_pwhash_argon2id_MEMLIMIT_MIN))

        /// True when libsodium accepts these limits and they stay within `ceiling`.
        public func isAccepted(ceiling: Limits = .ceiling) -> Bool {
            operations >= Limits.minimum.operations && memory >= Limits.minimum.memory
                && operations <= ceiling.operations && memory <= ceiling.memory
        }

        /// The largest limits read from a file are trusted with: 8 passes over 256 MiB (MODERATE's memory,
        /// the most this bot ever writes). The header is read before the tag can be checked, so a changed
        /// header must not make the process allocate gigabytes or spin for minutes first.
        public static let ceiling = Limits(operations: 8, memory: Int(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))

        /// The limits as text for logs.
        public var description: String { "opslimit \(operations), memlimit \(memory) bytes" }
    }

    /// Derives a 32-byte key from `passphrase` and `salt`; the same inputs always give the same key.
    public static func deriveKey(passphrase: String, salt: Salt, limits: Limits = .moderate) throws(SodiumError) -> SecretKey {
        Libsodium.ready()
        guard limits.isAccepted(ceiling: Limits(operations: UInt64(UInt32.max), memory: Int.max)) else {
            throw SodiumError.keyDerivationFailed(operations: limits.operations, memory: limits.memory)
        }
        var output = [UInt8](repeating: 0, count: SecretKey.byteCount)
        defer { Libsodium.wipe(&output) }
        var passphraseBytes = Array(passphrase.utf8)
        let passphraseLength = passphraseBytes.count
        // libsodium wants a real pointer even for an empty passphrase.
        if passphraseBytes.isEmpty { passphraseBytes = [0] }
        defer { Libsodium.wipe(&passphraseBytes) }
        let status = output.withUnsafeMutableBufferPointer { out in
            passphraseBytes.withUnsafeBufferPointer { password in
                salt.bytes.withUnsafeBufferPointer { saltBytes in
                    password.withMemoryRebound(to: CChar.self) { characters in
                        crypto_pwhash(
                            out.baseAddress!, UInt64(out.count),
                            characters.baseAddress!, UInt64(passphraseLength),
                            saltBytes.baseAddress!,
                            limits.operations, limits.memory, crypto_pwhash_ALG_ARGON2ID13)
                    }
                }
            }
        }
        guard status == 0 else {
            throw SodiumError.keyDerivationFailed(operations: limits.operations, memory: limits.memory)
        }
        return try SecretKey(bytes: output)
    }
}
