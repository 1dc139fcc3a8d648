#if canImport(Glibc)
import Glibc
#endif
import Sodium

extension MasterKeySource {
    /// Finds the master key: `WARDROBE_MASTER_KEY`, then the file named by `WARDROBE_MASTER_KEY_FILE`, then a passphrase (`passphrase`, then `WARDROBE_PASSPHRASE`),
    /// then `<dataDirectory>/master.key`; with none of them, generates that file (mode 0600) and returns `.generated`.
    ///
    /// Reads nothing global: the caller passes the environment. Refuses to generate a key when
    /// `<dataDirectory>/secrets.enc` already exists, since a new key could never open it, or when `generate`
    /// is false (backup and restore need the key that already exists).
    public static func resolve(
        environment: [String: String], dataDirectory: String, passphrase: String? = nil, generate: Bool = true
    ) throws(SecretsError) -> MasterKeySource {
        if let text = environment[masterKeyVariable], !isBlank(text) {
            do {
                return .environment(try SecretKey(base64: text))
            } catch {
                throw SecretsError.malformedMasterKey(variable: masterKeyVariable, detail: error.description)
            }
        }
        if let path = environment[masterKeyFileVariable], !isBlank(path) {
            guard var bytes = try AtomicFile.read(path) else {
                throw SecretsError.malformedMasterKeyFile(path: path, detail: "file not found (named by \(masterKeyFileVariable))")
            }
            defer { Libsodium.wipe(&bytes) }
            do {
                return .file(try SecretKey(base64: String(decoding: bytes, as: UTF8.self)), path: path)
            } catch {
                throw SecretsError.malformedMasterKeyFile(path: path, detail: error.description)
            }
        }
        if let passphrase, !passphrase.isEmpty { return .passphrase(passphrase) }
        if let passphrase = environment[passphraseVariable], !passphrase.isEmpty { return .passphrase(passphrase) }

        let keyPath = "\(dataDirectory)/\(masterKeyFileName)"
        if var bytes = try AtomicFile.read(keyPath) {
            defer { Libsodium.wipe(&bytes) }
            do {
                return .file(try SecretKey(base64: String(decoding: bytes, as: UTF8.self)), path: keyPath)
            } catch {
                throw SecretsError.malformedMasterKeyFile(path: keyPath, detail: error.description)
            }
        }

        let secretsPath = "\(dataDirectory)/\(secretsFileName)"
        if AtomicFile.exists(secretsPath) || !generate {
            throw SecretsError.masterKeyMissing(secretsPath: secretsPath, keyPath: keyPath)
        }
        if !AtomicFile.exists(dataDirectory), mkdir(dataDirectory, 0o700) != 0, errno != EEXIST {
            throw SecretsError.fileSystem(operation: "create", path: dataDirectory, errno: errno)
        }
        let key = SecretKey.random()
        try AtomicFile().write(Array((key.base64() + "\n").utf8), to: keyPath, mode: 0o600)
        return .generated(key, path: keyPath)
    }

    private static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
