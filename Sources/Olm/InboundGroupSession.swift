internal import COlm

/// The receiving side of a Megolm session, made from a shared session key.
///
/// One owner per C handle, cleared and freed in deinit. Not Sendable: keep it inside one actor.
public final class InboundGroupSession {
    private let memory: UnsafeMutableRawPointer
    private let handle: OpaquePointer

    private init() {
        memory = .allocate(byteCount: olm_inbound_group_session_size(), alignment: 16)
        handle = olm_inbound_group_session(memory)
    }

    deinit {
        olm_clear_inbound_group_session(handle)
        memory.deallocate()
    }

    /// A session from an `m.room_key`'s `session_key` (signed by the sender's Ed25519 key).
    public static func create(sessionKey: String) throws(OlmError) -> InboundGroupSession {
        let session = InboundGroupSession()
        let key = OlmCall.bytes(sessionKey)
        let result = key.withUnsafeBytes { olm_init_inbound_group_session(session.handle, $0.baseAddress, $0.count) }
        try session.check(result, "olm_init_inbound_group_session")
        return session
    }

    /// A session restored from `pickle(key:)` output.
    public static func unpickle(_ pickle: String, key: PickleKey) throws(OlmError) -> InboundGroupSession {
        let session = InboundGroupSession()
        var buffer = OlmCall.bytes(pickle)
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes {
                olm_unpickle_inbound_group_session(session.handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count)
            }
        }
        try session.check(result, "olm_unpickle_inbound_group_session")
        return session
    }

    /// The session encrypted with `key`, as base64 text.
    public func pickle(key: PickleKey) throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_pickle_inbound_group_session_length(handle))
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_pickle_inbound_group_session(handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_pickle_inbound_group_session")
        return OlmCall.text(buffer, count: result)
    }

    /// The session id (unpadded base64).
    public func sessionID() throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_inbound_group_session_id_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_inbound_group_session_id(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_inbound_group_session_id")
        return OlmCall.text(buffer, count: result)
    }

    /// The first message index this session can decrypt.
    public var firstKnownIndex: UInt32 { olm_inbound_group_session_first_known_index(handle) }

    /// Decrypts a Megolm message; returns the plaintext and the message index (for replay checks).
    public func decrypt(_ ciphertext: String) throws(OlmError) -> (plaintext: String, index: UInt32) {
        var sizing = OlmCall.bytes(ciphertext)
        let maximum = sizing.withUnsafeMutableBytes { olm_group_decrypt_max_plaintext_length(handle, $0.baseAddress, $0.count) }
        try check(maximum, "olm_group_decrypt_max_plaintext_length")
        var message = OlmCall.bytes(ciphertext)
        var output = [UInt8](repeating: 0, count: maximum)
        defer { OlmCall.wipe(&output) }
        var index: UInt32 = 0
        let result = message.withUnsafeMutableBytes { messageBytes in
            output.withUnsafeMutableBytes {
                olm_group_decrypt(handle, messageBytes.baseAddress, messageBytes.count, $0.baseAddress, $0.count, &index)
            }
        }
        try check(result, "olm_group_decrypt")
        return (OlmCall.text(output, count: result), index)
    }

    private func check(_ result: Int, _ operation: String) throws(OlmError) {
        guard result == OlmCall.errorValue else { return }
        throw OlmError.library(operation: operation, code: String(cString: olm_inbound_group_session_last_error(handle)))
    }
}
