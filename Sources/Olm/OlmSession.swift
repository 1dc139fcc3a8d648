internal import COlm

/// An Olm message: type 0 (pre-key, starts a session) or 1 (normal), with its base64 body.
public struct OlmMessage: Sendable, Hashable {
    /// 0 for a pre-key message, 1 for a normal one.
    public let type: Int
    /// The ciphertext, base64.
    public let body: String

    /// A message as it travels in `ciphertext.<key>`.
    public init(type: Int, body: String) {
        self.type = type
        self.body = body
    }
}

/// A pairwise Olm (double ratchet) session with one other device.
///
/// One owner per C handle, cleared and freed in deinit. Not Sendable: keep it inside one actor.
public final class OlmSession {
    private let memory: UnsafeMutableRawPointer
    /// The libolm session inside `memory` (used by `OlmAccount` within this module only).
    let handle: OpaquePointer

    private init() {
        memory = .allocate(byteCount: olm_session_size(), alignment: 16)
        handle = olm_session(memory)
    }

    deinit {
        olm_clear_session(handle)
        memory.deallocate()
    }

    /// A session we start towards a device, from its identity key and one claimed one-time key.
    public static func outbound(account: OlmAccount, theirIdentityKey: String, theirOneTimeKey: String) throws(OlmError) -> OlmSession {
        let session = OlmSession()
        var random = OlmCall.randomBytes(olm_create_outbound_session_random_length(session.handle))
        defer { OlmCall.wipe(&random) }
        let identity = OlmCall.bytes(theirIdentityKey), oneTime = OlmCall.bytes(theirOneTimeKey)
        let result = identity.withUnsafeBytes { identityBytes in
            oneTime.withUnsafeBytes { oneTimeBytes in
                random.withUnsafeMutableBytes {
                    olm_create_outbound_session(
                        session.handle, account.handle, identityBytes.baseAddress, identityBytes.count, oneTimeBytes.baseAddress,
                        oneTimeBytes.count, $0.baseAddress, $0.count)
                }
            }
        }
        try session.check(result, "olm_create_outbound_session")
        return session
    }

    /// A session another device started, from its first (pre-key) message. Remove the used one-time
    /// key from the account afterwards (`OlmAccount.removeOneTimeKeys(usedBy:)`).
    public static func inbound(account: OlmAccount, theirIdentityKey: String, preKeyMessage: String) throws(OlmError) -> OlmSession {
        let session = OlmSession()
        let identity = OlmCall.bytes(theirIdentityKey)
        var message = OlmCall.bytes(preKeyMessage)
        let result = identity.withUnsafeBytes { identityBytes in
            message.withUnsafeMutableBytes {
                olm_create_inbound_session_from(
                    session.handle, account.handle, identityBytes.baseAddress, identityBytes.count, $0.baseAddress, $0.count)
            }
        }
        try session.check(result, "olm_create_inbound_session_from")
        return session
    }

    /// A session restored from `pickle(key:)` output.
    public static func unpickle(_ pickle: String, key: PickleKey) throws(OlmError) -> OlmSession {
        let session = OlmSession()
        var buffer = OlmCall.bytes(pickle)
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_unpickle_session(session.handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try session.check(result, "olm_unpickle_session")
        return session
    }

    /// The session encrypted with `key`, as base64 text.
    public func pickle(key: PickleKey) throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_pickle_session_length(handle))
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_pickle_session(handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_pickle_session")
        return OlmCall.text(buffer, count: result)
    }

    /// The session's id (the same on both devices).
    public func sessionID() throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_session_id_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_session_id(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_session_id")
        return OlmCall.text(buffer, count: result)
    }

    /// Whether a pre-key message from `theirIdentityKey` belongs to this session.
    public func matches(preKeyMessage: String, from theirIdentityKey: String) -> Bool {
        let identity = OlmCall.bytes(theirIdentityKey)
        var message = OlmCall.bytes(preKeyMessage)
        let result = identity.withUnsafeBytes { identityBytes in
            message.withUnsafeMutableBytes {
                olm_matches_inbound_session_from(handle, identityBytes.baseAddress, identityBytes.count, $0.baseAddress, $0.count)
            }
        }
        return result == 1
    }

    /// Encrypts `plaintext` as the next message of the session.
    public func encrypt(_ plaintext: String) throws(OlmError) -> OlmMessage {
        var input = OlmCall.bytes(plaintext)
        defer { OlmCall.wipe(&input) }
        let type = olm_encrypt_message_type(handle)
        try check(type, "olm_encrypt_message_type")
        var random = OlmCall.randomBytes(olm_encrypt_random_length(handle))
        defer { OlmCall.wipe(&random) }
        var output = [UInt8](repeating: 0, count: olm_encrypt_message_length(handle, input.count))
        let result = input.withUnsafeBytes { inputBytes in
            random.withUnsafeMutableBytes { randomBytes in
                output.withUnsafeMutableBytes {
                    olm_encrypt(
                        handle, inputBytes.baseAddress, inputBytes.count, randomBytes.baseAddress, randomBytes.count, $0.baseAddress, $0.count)
                }
            }
        }
        try check(result, "olm_encrypt")
        return OlmMessage(type: type, body: OlmCall.text(output, count: result))
    }

    /// Decrypts a message of this session.
    public func decrypt(_ message: OlmMessage) throws(OlmError) -> String {
        guard message.type == 0 || message.type == 1 else { throw OlmError.invalidInput("olm message type \(message.type)") }
        var sizing = OlmCall.bytes(message.body)
        let maximum = sizing.withUnsafeMutableBytes { olm_decrypt_max_plaintext_length(handle, message.type, $0.baseAddress, $0.count) }
        try check(maximum, "olm_decrypt_max_plaintext_length")
        var body = OlmCall.bytes(message.body)
        var output = [UInt8](repeating: 0, count: maximum)
        defer { OlmCall.wipe(&output) }
        let result = body.withUnsafeMutableBytes { bodyBytes in
            output.withUnsafeMutableBytes { olm_decrypt(handle, message.type, bodyBytes.baseAddress, bodyBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_decrypt")
        return OlmCall.text(output, count: result)
    }

    /// Throws libolm's last error for this session when `result` is the error sentinel.
    func check(_ result: Int, _ operation: String) throws(OlmError) {
        guard result == OlmCall.errorValue else { return }
        throw OlmError.library(operation: operation, code: String(cString: olm_session_last_error(handle)))
    }
}
