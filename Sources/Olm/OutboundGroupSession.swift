internal import COlm

/// The sending side of a Megolm session: one per room, shared with the members' devices.
///
/// One owner per C handle, cleared and freed in deinit. Not Sendable: keep it inside one actor.
public final class OutboundGroupSession {
    private let memory: UnsafeMutableRawPointer
    private let handle: OpaquePointer

    private init() {
        memory = .allocate(byteCount: olm_outbound_group_session_size(), alignment: 16)
        handle = olm_outbound_group_session(memory)
    }

    deinit {
        olm_clear_outbound_group_session(handle)
        memory.deallocate()
    }

    /// A new session with a random ratchet.
    public static func create() throws(OlmError) -> OutboundGroupSession {
        let session = OutboundGroupSession()
        var random = OlmCall.randomBytes(olm_init_outbound_group_session_random_length(session.handle))
        defer { OlmCall.wipe(&random) }
        let result = random.withUnsafeMutableBytes { olm_init_outbound_group_session(session.handle, $0.baseAddress, $0.count) }
        try session.check(result, "olm_init_outbound_group_session")
        return session
    }

    /// A session restored from `pickle(key:)` output.
    public static func unpickle(_ pickle: String, key: PickleKey) throws(OlmError) -> OutboundGroupSession {
        let session = OutboundGroupSession()
        var buffer = OlmCall.bytes(pickle)
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes {
                olm_unpickle_outbound_group_session(session.handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count)
            }
        }
        try session.check(result, "olm_unpickle_outbound_group_session")
        return session
    }

    /// The session encrypted with `key`, as base64 text.
    public func pickle(key: PickleKey) throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_pickle_outbound_group_session_length(handle))
        let result = key.bytes.withUnsafeBytes { keyBytes in
            buffer.withUnsafeMutableBytes { olm_pickle_outbound_group_session(handle, keyBytes.baseAddress, keyBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_pickle_outbound_group_session")
        return OlmCall.text(buffer, count: result)
    }

    /// The session id (unpadded base64), the same on every receiving device.
    public func sessionID() throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_outbound_group_session_id_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_outbound_group_session_id(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_outbound_group_session_id")
        return OlmCall.text(buffer, count: result)
    }

    /// The index the next message gets; receivers of the current key can read from here on.
    public var messageIndex: UInt32 { olm_outbound_group_session_message_index(handle) }

    /// The session key at the current index, to share over Olm (`m.room_key`). Treat it as a secret.
    public func sessionKey() throws(OlmError) -> String {
        var buffer = [UInt8](repeating: 0, count: olm_outbound_group_session_key_length(handle))
        let result = buffer.withUnsafeMutableBytes { olm_outbound_group_session_key(handle, $0.baseAddress, $0.count) }
        try check(result, "olm_outbound_group_session_key")
        return OlmCall.text(buffer, count: result)
    }

    /// Encrypts `plaintext` and advances the ratchet.
    public func encrypt(_ plaintext: String) throws(OlmError) -> String {
        var input = OlmCall.bytes(plaintext)
        defer { OlmCall.wipe(&input) }
        var output = [UInt8](repeating: 0, count: olm_group_encrypt_message_length(handle, input.count))
        let result = input.withUnsafeBytes { inputBytes in
            output.withUnsafeMutableBytes { olm_group_encrypt(handle, inputBytes.baseAddress, inputBytes.count, $0.baseAddress, $0.count) }
        }
        try check(result, "olm_group_encrypt")
        return OlmCall.text(output, count: result)
    }

    private func check(_ result: Int, _ operation: String) throws(OlmError) {
        guard result == OlmCall.errorValue else { return }
        throw OlmError.library(operation: operation, code: String(cString: olm_outbound_group_session_last_error(handle)))
    }
}
