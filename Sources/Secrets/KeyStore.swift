import Sodium
import Synchronization

/// Every secret the bot uses, held in one encrypted file; each change is written to disk before it returns.
///
/// A final class behind a `Mutex` rather than an actor so the logger can call `allValues()` synchronously
/// when it redacts. Writes are rare (operator commands, a user storing a key) and take a few milliseconds,
/// so they run under the lock. `description` shows the path and the number of secrets, never values.
public final class KeyStore: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key file's path.
    public let path: String
    private let key: SecretKey
    private let derivation: KeyDerivation
    private let writer: AtomicFile
    private let secrets: Mutex<[String: String]>

    private init(path: String, key: SecretKey, derivation: KeyDerivation, secrets: [String: String], writer: AtomicFile) {
        self.path = path
        self.key = key
        self.derivation = derivation
        self.secrets = Mutex(secrets)
        self.writer = writer
    }

    /// Opens the key file at `path`, or creates it (empty, mode 0600) when it does not exist.
    ///
    /// A wrong key or a changed file throws `cannotDecrypt` and leaves the file untouched. For a passphrase,
    /// a new file uses `limits` and a fresh salt; an existing file uses the limits and salt in its header.
    /// Blocking: with a passphrase this runs Argon2id (about a second at `.moderate`), so call it at startup.
    public static func open(
        path: String, key source: MasterKeySource, limits: Argon2id.Limits = .moderate
    ) throws(SecretsError) -> KeyStore {
        try open(path: path, key: source, limits: limits, writer: AtomicFile())
    }

    /// `open(path:key:limits:)` with a chosen writer, so tests can inject a failed rename.
    static func open(
        path: String, key source: MasterKeySource, limits: Argon2id.Limits, writer: AtomicFile
    ) throws(SecretsError) -> KeyStore {
        guard let file = try AtomicFile.read(path) else {
            let derivation: KeyDerivation =
                source.key == nil ? .argon2id(limits, Salt.random()) : .masterKey
            let store = KeyStore(
                path: path, key: try fileKey(source, derivation, path: path),
                derivation: derivation, secrets: [:], writer: writer)
            try store.persist([:])
            return store
        }
        let header = try SecretsFileHeader(parsing: file, path: path)
        let key = try fileKey(source, header.derivation, path: path)
        var plaintext: [UInt8]
        do {
            plaintext = try XChaCha20Poly1305.open(
                Array(file[SecretsFileHeader.byteCount...]), key: key, nonce: header.nonce,
                associatedData: Array(file[..<SecretsFileHeader.byteCount]))
        } catch {
            throw SecretsError.cannotDecrypt(path: path, keySource: source.restoreHint)
        }
        defer { Libsodium.wipe(&plaintext) }
        let secrets = try SecretsContents.decode(plaintext, path: path)
        return KeyStore(path: path, key: key, derivation: header.derivation, secrets: secrets, writer: writer)
    }

    /// 32 bytes derived from the key that opens this file, for one purpose (`context`: 8 ASCII characters),
    /// e.g. the key that encrypts Matrix Olm state in the database. Treat the result as a secret.
    public func derivedKeyBytes(context: String, subkeyID: UInt64 = 1) throws(SecretsError) -> [UInt8] {
        do {
            return try key.derivedBytes(subkeyID: subkeyID, context: context)
        } catch {
            throw SecretsError.crypto(error)
        }
    }

    /// The secret stored under `name`, or nil when there is none.
    public func value(for name: String) -> String? {
        secrets.withLock { $0[name] }
    }

    /// Stores `value` under `name` and writes the file before returning; on failure nothing changes.
    public func set(_ value: String, for name: String) throws(SecretsError) {
        guard SecretName.isValid(name) else { throw SecretsError.invalidName(name) }
        try update { $0[name] = value }
    }

    /// Removes the secret `name`; returns false when there was none (and then writes nothing).
    @discardableResult
    public func remove(_ name: String) throws(SecretsError) -> Bool {
        try update { $0.removeValue(forKey: name) != nil }
    }

    /// Removes every secret whose name starts with `prefix`; returns the removed names, sorted.
    @discardableResult
    public func removeAll(prefix: String) throws(SecretsError) -> [String] {
        try update { secrets in
            let names = secrets.keys.filter { $0.hasPrefix(prefix) }.sorted()
            for name in names { secrets.removeValue(forKey: name) }
            return names
        }
    }

    /// Removes all of one user's own keys (for `/forget`); returns the removed names, sorted.
    @discardableResult
    public func forget(user userID: String) throws(SecretsError) -> [String] {
        try removeAll(prefix: SecretName.userPrefix(userID))
    }

    /// The names of all stored secrets, sorted.
    public func names() -> [String] {
        secrets.withLock { $0.keys.sorted() }
    }

    /// Every stored value, for the logger's redaction list. Never log the result.
    public func allValues() -> [String] {
        secrets.withLock { Array($0.values) }
    }

    /// The path and the number of secrets; never names or values.
    public var description: String {
        let count = secrets.withLock { $0.count }
        return "KeyStore(\(path), \(count) \(count == 1 ? "secret" : "secrets"))"
    }

    /// Same as `description`: never values.
    public var debugDescription: String { description }

    /// Applies `change` to a copy, writes the copy, and only then makes it current.
    private func update<Result>(_ change: (inout [String: String]) -> Result) throws(SecretsError) -> Result {
        try secrets.withLock { (current: inout [String: String]) throws(SecretsError) -> Result in
            var next = current
            let result = change(&next)
            if next != current {
                try persist(next)
                current = next
            }
            return result
        }
    }

    /// Seals `secrets` under a fresh nonce and replaces the file atomically.
    private func persist(_ secrets: [String: String]) throws(SecretsError) {
        let nonce = Nonce.random()
        let header = SecretsFileHeader(derivation: derivation, nonce: nonce).bytes
        var plaintext = SecretsContents.encode(secrets)
        defer { Libsodium.wipe(&plaintext) }
        let ciphertext: [UInt8]
        do {
            ciphertext = try XChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, associatedData: header)
        } catch {
            throw SecretsError.crypto(error)
        }
        try writer.write(header + ciphertext, to: path, mode: 0o600)
    }

    /// The key that opens a file with `derivation`, or `wrongKeyKind` when `source` is the other kind.
    private static func fileKey(
        _ source: MasterKeySource, _ derivation: KeyDerivation, path: String
    ) throws(SecretsError) -> SecretKey {
        switch (derivation, source) {
        case (.masterKey, .passphrase):
            throw SecretsError.wrongKeyKind(path: path, fileUses: derivation.displayName, given: "a passphrase")
        case (.argon2id, .environment), (.argon2id, .file), (.argon2id, .generated):
            throw SecretsError.wrongKeyKind(path: path, fileUses: derivation.displayName, given: "a master key")
        case (.argon2id(let limits, let salt), .passphrase(let passphrase)):
            do {
                return try Argon2id.deriveKey(passphrase: passphrase, salt: salt, limits: limits)
            } catch {
                throw SecretsError.crypto(error)
            }
        case (.masterKey, .environment(let key)), (.masterKey, .file(let key, _)), (.masterKey, .generated(let key, _)):
            return key
        }
    }
}
