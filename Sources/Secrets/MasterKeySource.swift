import Sodium

/// Where the key that opens the key file comes from. `description` names the source, never the key.
public enum MasterKeySource: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// A 32-byte key from the `WARDROBE_MASTER_KEY` environment variable (base64).
    case environment(SecretKey)
    /// A passphrase (from `WARDROBE_PASSPHRASE` or given explicitly), stretched with Argon2id and the file's salt.
    case passphrase(String)
    /// A 32-byte key read from the master key file at `path`.
    case file(SecretKey, path: String)
    /// A 32-byte key generated on this run and written to `path`, because no key existed yet.
    case generated(SecretKey, path: String)

    /// The environment variable holding a base64 master key.
    public static let masterKeyVariable = "WARDROBE_MASTER_KEY"
    /// The environment variable naming a file that holds the base64 master key, e.g. a systemd credential
    /// (`%d/wardrobe-master-key`), so the key itself never sits in the process environment.
    public static let masterKeyFileVariable = "WARDROBE_MASTER_KEY_FILE"
    /// The environment variable holding a passphrase.
    public static let passphraseVariable = "WARDROBE_PASSPHRASE"
    /// The master key file's name inside the data folder.
    public static let masterKeyFileName = "master.key"
    /// The key file's name inside the data folder.
    public static let secretsFileName = "secrets.enc"

    /// The raw key, or nil for a passphrase (whose key depends on the file's salt).
    public var key: SecretKey? {
        switch self {
        case .environment(let key), .file(let key, _), .generated(let key, _): key
        case .passphrase: nil
        }
    }

    /// A line for the operator's log when this run created something they must back up; nil otherwise.
    public var notice: String? {
        guard case .generated(_, let path) = self else { return nil }
        return "Generated a new master key in \(path) (mode 0600). Back it up and keep it private: "
            + "without it the stored secrets can't be read."
    }

    /// What to restore when decryption fails, as a person would name it.
    var restoreHint: String {
        switch self {
        case .environment: Self.masterKeyVariable
        case .passphrase: "passphrase (\(Self.passphraseVariable))"
        case .file(_, let path), .generated(_, let path): "\(Self.masterKeyVariable) or \(path)"
        }
    }

    /// The kind of source and its location, never key material.
    public var description: String {
        switch self {
        case .environment: "environment \(Self.masterKeyVariable)"
        case .passphrase: "passphrase"
        case .file(_, let path): "file \(path)"
        case .generated(_, let path): "generated \(path)"
        }
    }

    /// Same as `description`: never key material.
    public var debugDescription: String { "MasterKeySource(\(description))" }
}
