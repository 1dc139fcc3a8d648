internal import COlm
import JSON

/// A device's long-term Olm identity: Curve25519 + Ed25519 identity keys and its one-time keys.
///
/// One owner per C handle: the libolm memory is allocated in init and cleared and freed in deinit.
/// Not Sendable: keep it inside one actor.
public final class OlmAccount {
    private let memory: UnsafeMutableRawPointer
    /// The libolm account inside `memory` (used by `OlmSession` within this module only).
    let handle: OpaquePointer

    private init() {
        memory = .allocate(byteCount: olm_account_size(), alignment: 16)
        handle = olm_account(memory)
    }

    deinit {
        olm_clear_account(handle)
        memory.deallocate()
    }

    /// A new account with fresh identity keys.
    public static func create() throws(OlmError) -> OlmAccount {
        let account = OlmAccount()
        var random = OlmCall.randomBytes(olm_create_account_random_length(account.handle))
        defer { OlmCall.wipe(&random) }
        let result = random.withUnsafeMutableBytes { olm_create_account(account.handle, $0.baseAddress, $0.count) }
        try account.check(result, "olm_create_account")
        return account
    }

    /// An account restored from `pickle(key:)` output.
    public static func unpickle(_ pickle: String, key: PickleKey) throws(OlmError) -> OlmAccount {
        let account = OlmAccount()
        var buffer = OlmCall.bytes(pickle)
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_unpickle_account(account.handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try account.check(result, "olm_unpickle_account")
        return account
    }

    /// The account encrypted with `key`, as base64 text.
    public func pickle(key: PickleKey) throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_pickle_account_length(handle))
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_pickle_account(handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_pickle_account")
        return OlmCall.text(buffer, count: result)
    }

    /// The public identity keys (unpadded base64).
    public func identityKeys() throws(OlmError) -> IdentityKeys {
        var buffer = [UInt8](repeating: 0, count: olm_account_identity_keys_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_account_identity_keys(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_account_identity_keys")
        let json = try OlmCall.parse(buffer, count: result)
        guard let curve = json["curve25519"]?.string, let ed = json["ed25519"]?.string else {
            throw OlmError.invalidInput("identity keys without curve25519/ed25519")
        }
        return IdentityKeys(curve25519: curve, ed25519: ed)
    }

    /// The Ed25519 signature (unpadded base64) of `message` with the identity key.
    public func sign(_ message: String) throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_account_signature_length(handle))
        let input = OlmCall.bytes(message)
        let result = input.withUnsafeBytes { messageBytes in
            buffer.withUnsafeMutableBytes { olm_account_sign(handle, messageBytes.baseAddress, messageBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_account_sign")
        return OlmCall.text(buffer, count: result)
    }

    /// The most one-time keys the account holds at once.
    public var maxOneTimeKeys: Int { olm_account_max_number_of_one_time_keys(handle) }

    /// Makes `count` new one-time keys (the oldest are dropped beyond `maxOneTimeKeys`).
    public func generateOneTimeKeys(_ count: Int) throws(OlmError) {
        guard count > 0 else { return }
        var random = OlmCall.randomBytes(olm_account_generate_one_time_keys_random_length(handle, count))
        defer { OlmCall.wipe(&random) }
        let result = random.withUnsafeMutableBytes { olm_account_generate_one_time_keys(handle, count, $0.baseAddress, $0.count) }
        try check(result, "olm_account_generate_one_time_keys")
    }

    /// The unpublished one-time keys: key id → Curve25519 public key (unpadded base64).
    public func oneTimeKeys() throws(OlmError) -> [String: String] {
        var buffer = [UInt8](repeating: 0, count: olm_account_one_time_keys_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_account_one_time_keys(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_account_one_time_keys")
        let json = try OlmCall.parse(buffer, count: result)
        var keys: [String: String] = [:]
        for (id, value) in json["curve25519"]?.object ?? [:] {
            if let key = value.string { keys[id] = key }
        }
        return keys
    }

    /// Marks the current one-time keys as uploaded, so `oneTimeKeys()` no longer lists them.
    public func markKeysAsPublished() {
        _ = olm_account_mark_keys_as_published(handle)
    }

    /// Removes the one-time key `session` was created from, so it is never used twice.
    public func removeOneTimeKeys(usedBy session: OlmSession) throws(OlmError) {
        try check(olm_remove_one_time_keys(handle, session.handle), "olm_remove_one_time_keys")
    }

    /// Throws libolm's last error for this account when `result` is the error sentinel.
    func check(_ result: Int, _ operation: String) throws(OlmError) {
        guard result == OlmCall.errorValue else { return }
        throw OlmError.library(operation: operation, code: String(cString: olm_account_last_error(handle)))
    }
}

/// A device's public identity keys.
public struct IdentityKeys: Sendable, Hashable {
    /// The Curve25519 key Olm sessions are made with (the device's `sender_key`).
    public let curve25519: String
    /// The Ed25519 key that signs the device keys.
    public let ed25519: String

    /// Keys from their unpadded base64 text.
    public init(curve25519: String, ed25519: String) {
        self.curve25519 = curve25519
        self.ed25519 = ed25519
    }
}
