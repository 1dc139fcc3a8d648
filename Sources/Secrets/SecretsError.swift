#if canImport(Glibc)
import Glibc
#endif
import Sodium

/// Why the key file or the master key could not be used: detail for logs (`description`) and a short `userMessage`.
/// No case ever carries a secret value.
public enum SecretsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Authentication failed: the key is wrong or the file was changed. The file was not touched.
    case cannotDecrypt(path: String, keySource: String)
    /// The file is too short or does not start with the key file's magic bytes, or a header field is invalid.
    case corruptHeader(path: String, detail: String)
    /// The header names a format version this build does not know.
    case unsupportedVersion(path: String, version: Int)
    /// The file decrypted, but the JSON inside is not `{"version":1,"secrets":{...}}`.
    case corruptContents(path: String, detail: String)
    /// The file was sealed with one kind of key (master key or passphrase) and the other kind was given.
    case wrongKeyKind(path: String, fileUses: String, given: String)
    /// The environment variable holds something other than base64 of 32 bytes.
    case malformedMasterKey(variable: String, detail: String)
    /// The master key file holds something other than base64 of 32 bytes.
    case malformedMasterKeyFile(path: String, detail: String)
    /// The key file exists but no key was found to open it, so none is generated (it could never decrypt it).
    case masterKeyMissing(secretsPath: String, keyPath: String)
    /// A secret name is empty, too long, or holds whitespace or control characters.
    case invalidName(String)
    /// Reading a secret from standard input gave an empty value.
    case emptyInput
    /// A file-system call failed.
    case fileSystem(operation: String, path: String, errno: Int32)
    /// A cryptographic call failed for a reason other than a wrong key.
    case crypto(SodiumError)

    /// Detail for logs.
    public var description: String {
        switch self {
        case .cannotDecrypt(let path, let keySource):
            "cannot decrypt \(path) with the key from \(keySource): authentication failed"
        case .corruptHeader(let path, let detail): "corrupt key file header in \(path): \(detail)"
        case .unsupportedVersion(let path, let version): "\(path) has key file format version \(version); this build reads version 1"
        case .corruptContents(let path, let detail): "\(path) decrypted but its contents are invalid: \(detail)"
        case .wrongKeyKind(let path, let fileUses, let given): "\(path) is sealed with \(fileUses), but \(given) was given"
        case .malformedMasterKey(let variable, let detail): "\(variable) is malformed: \(detail)"
        case .malformedMasterKeyFile(let path, let detail): "master key file \(path) is malformed: \(detail)"
        case .masterKeyMissing(let secretsPath, let keyPath):
            "\(secretsPath) exists but there is no WARDROBE_MASTER_KEY, passphrase or \(keyPath)"
        case .invalidName(let name): "invalid secret name \(String(reflecting: name))"
        case .emptyInput: "no secret value on standard input"
        case .fileSystem(let operation, let path, let errno): "\(operation) \(path) failed: \(Self.text(errno)) (errno \(errno))"
        case .crypto(let error): "crypto failure: \(error)"
        }
    }

    /// Short text for a person: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .cannotDecrypt(let path, let keySource):
            "The key file \(path) can't be decrypted: the master key is wrong or the file was changed. "
                + "Restore the right \(keySource); the file was left untouched."
        case .corruptHeader(let path, _):
            "The key file \(path) is damaged or not a Wardrobe key file. Restore it from a backup; it was left untouched."
        case .unsupportedVersion(let path, let version):
            "The key file \(path) uses format version \(version), which this Wardrobe can't read. Update Wardrobe."
        case .corruptContents(let path, _):
            "The key file \(path) decrypted but its contents are damaged. Restore it from a backup."
        case .wrongKeyKind(let path, let fileUses, _):
            "The key file \(path) was sealed with \(fileUses). Provide that instead."
        case .malformedMasterKey(let variable, _):
            "\(variable) must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`). Fix the variable and restart."
        case .malformedMasterKeyFile(let path, _):
            "The master key file \(path) is damaged. Restore it from a backup or set WARDROBE_MASTER_KEY."
        case .masterKeyMissing(let secretsPath, let keyPath):
            "The key file \(secretsPath) exists but its master key is missing. Restore \(keyPath) or set WARDROBE_MASTER_KEY."
        case .invalidName:
            "That secret name isn't allowed. Use letters, digits and punctuation without spaces, like telegram.token."
        case .emptyInput: "No value was given. Type or pipe the secret and try again."
        case .fileSystem(let operation, let path, _):
            "Couldn't \(operation) \(path). Check that the folder exists and is writable, then try again."
        case .crypto(let error): error.userMessage
        }
    }

    private static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
