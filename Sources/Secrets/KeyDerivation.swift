import Sodium

/// How the file's encryption key is obtained, as recorded in the file header.
enum KeyDerivation: Sendable, Equatable {
    /// The 32-byte master key is used directly.
    case masterKey
    /// The key is Argon2id of the passphrase with these limits and salt.
    case argon2id(Argon2id.Limits, Salt)

    /// The header's KDF byte.
    var kind: UInt8 {
        switch self {
        case .masterKey: 0
        case .argon2id: 1
        }
    }

    /// How a person would name this kind of key, for error messages.
    var displayName: String {
        switch self {
        case .masterKey: "a master key (WARDROBE_MASTER_KEY or master.key)"
        case .argon2id: "a passphrase (WARDROBE_PASSPHRASE)"
        }
    }
}
