import Sodium

/// What an archive is sealed with: the master key, or the passphrase when the key file uses one.
public enum BackupKey: Sendable {
    /// The 32-byte master key; the archive key is its `WDBACKUP` subkey.
    case masterKey(SecretKey)
    /// A passphrase; the archive key is the `WDBACKUP` subkey of Argon2id(passphrase, the archive's own salt).
    case passphrase(String)
}

/// The archive's clear header before the stream header: how the archive key is derived. All of it is
/// authenticated as associated data of every chunk.
///
/// Layout (integers big-endian): magic "WDBACKUP" (8) · format version (1) · KDF kind (1: 0 master key,
/// 1 Argon2id) · opslimit (8) · memlimit (8) · salt (16). Master-key archives carry zeros for the KDF fields.
struct ArchiveKeyHeader {
    /// The header length in bytes.
    static let byteCount = 8 + 1 + 1 + 8 + 8 + Salt.byteCount

    /// How the archive key is derived.
    enum Derivation: Equatable {
        /// A subkey of the master key.
        case masterKey
        /// A subkey of Argon2id of a passphrase with these limits and salt.
        case argon2id(Argon2id.Limits, Salt)
    }

    /// The derivation this header records.
    let derivation: Derivation

    /// A header for a new archive sealed with `key`; passphrases get a fresh salt and `limits`.
    init(for key: BackupKey, limits: Argon2id.Limits) {
        switch key {
        case .masterKey: derivation = .masterKey
        case .passphrase: derivation = .argon2id(limits, Salt.random())
        }
    }

    /// Reads the header bytes (magic and version already checked); refuses Argon2id limits beyond the
    /// ceiling before anything is derived, as the key file does.
    init(parsing bytes: [UInt8], path: String) throws(BackupError) {
        let operations = ArchiveFormat.readBigEndian(bytes[10..<18])
        let memory = ArchiveFormat.readBigEndian(bytes[18..<26])
        let salt = Array(bytes[26..<42])
        switch bytes[9] {
        case 0:
            guard operations == 0, memory == 0, salt.allSatisfy({ $0 == 0 }) else { throw BackupError.wrongKeyOrChangedStart(path: path) }
            derivation = .masterKey
        case 1:
            let limits = Argon2id.Limits(operations: operations, memory: Int(clamping: memory))
            guard limits.isAccepted(), let salt = try? Salt(bytes: salt) else {
                throw BackupError.damaged(path: path, detail: "Argon2id limits out of range (\(limits))")
            }
            derivation = .argon2id(limits, salt)
        default:
            throw BackupError.damaged(path: path, detail: "unknown key derivation \(bytes[9])")
        }
    }

    /// The header bytes, magic and version included.
    var bytes: [UInt8] {
        var output = ArchiveFormat.magic + [ArchiveFormat.version]
        switch derivation {
        case .masterKey:
            output += [0] + [UInt8](repeating: 0, count: 8 + 8 + Salt.byteCount)
        case .argon2id(let limits, let salt):
            output += [1] + ArchiveFormat.bigEndian(limits.operations, count: 8)
                + ArchiveFormat.bigEndian(UInt64(limits.memory), count: 8) + salt.bytes
        }
        return output
    }

    /// The archive key from `key`, or `wrongKeyKind` when the archive was sealed with the other kind.
    func archiveKey(from key: BackupKey, path: String) throws(BackupError) -> SecretKey {
        let root: SecretKey
        switch (derivation, key) {
        case (.masterKey, .masterKey(let masterKey)):
            root = masterKey
        case (.argon2id(let limits, let salt), .passphrase(let passphrase)):
            do { root = try Argon2id.deriveKey(passphrase: passphrase, salt: salt, limits: limits) } catch {
                throw BackupError.cannotRead(path: path, detail: error.description)
            }
        case (.masterKey, .passphrase):
            throw BackupError.wrongKeyKind(path: path, sealedWith: "the master key (WARDROBE_MASTER_KEY)")
        case (.argon2id, .masterKey):
            throw BackupError.wrongKeyKind(path: path, sealedWith: "a passphrase (WARDROBE_PASSPHRASE)")
        }
        do {
            return try SubkeyDerivation.derive(from: root, id: 1, context: try SubkeyDerivation.Context(BackupArchive.keyContext))
        } catch {
            throw BackupError.cannotRead(path: path, detail: error.description)
        }
    }
}
