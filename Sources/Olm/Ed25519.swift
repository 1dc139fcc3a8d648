internal import COlm

/// Ed25519 signature checks (device keys, one-time keys), through libolm's utility object.
public enum Ed25519 {
    /// Throws unless `signature` (unpadded base64) signs `message` under `key` (unpadded base64).
    public static func verify(_ signature: String, of message: String, key: String) throws(OlmError) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: olm_utility_size(), alignment: 16)
        let utility = olm_utility(memory)!
        defer {
            olm_clear_utility(utility)
            memory.deallocate()
        }
        let keyBytes = OlmCall.bytes(key), messageBytes = OlmCall.bytes(message)
        var signatureBytes = OlmCall.bytes(signature)
        let result = keyBytes.withUnsafeBytes { keyBuffer in
            messageBytes.withUnsafeBytes { messageBuffer in
                signatureBytes.withUnsafeMutableBytes {
                    olm_ed25519_verify(
                        utility, keyBuffer.baseAddress, keyBuffer.count, messageBuffer.baseAddress, messageBuffer.count, $0.baseAddress, $0.count)
                }
            }
        }
        guard result == OlmCall.errorValue else { return }
        throw OlmError.library(operation: "olm_ed25519_verify", code: String(cString: olm_utility_last_error(utility)))
    }
}
