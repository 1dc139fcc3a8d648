internal import CSodium

/// XChaCha20-Poly1305 (IETF) authenticated encryption with associated data.
public enum XChaCha20Poly1305 {
    /// The authentication tag length added to every ciphertext (`..._ietf_ABYTES`).
    public static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it together with `associatedData`; returns ciphertext plus tag.
    public static func seal(
        _ plaintext: [UInt8], key: SecretKey, nonce: Nonce, associatedData: [UInt8] = []
    ) throws(SodiumError) -> [UInt8] {
        Libsodium.ready()
        let capacity = plaintext.count + tagByteCount
        var written: UInt64 = 0
        var status: Int32 = -1
        let ciphertext = [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
            status = key.withUnsafeBytes { keyBytes in
                plaintext.withUnsafeBufferPointer { message in
                    associatedData.withUnsafeBufferPointer { data in
                        nonce.bytes.withUnsafeBufferPointer { nonceBytes in
                            crypto_aead_xchacha20poly1305_ietf_encrypt(
                                output.baseAddress!, &written,
                                message.baseAddress, UInt64(message.count),
                                data.baseAddress, UInt64(data.count),
                                nil, nonceBytes.baseAddress!,
                                keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                        }
                    }
                }
            }
            initialized = status == 0 ? Int(written) : 0
        }
        guard status == 0 else { throw SodiumError.encryptionFailed }
        return ciphertext
    }

    /// Checks the tag over `ciphertext` and `associatedData` and returns the plaintext, or throws
    /// `decryptionFailed` when the key, nonce, data or ciphertext do not match.
    public static func open(
        _ ciphertext: [UInt8], key: SecretKey, nonce: Nonce, associatedData: [UInt8] = []
    ) throws(SodiumError) -> [UInt8] {
        Libsodium.ready()
        guard ciphertext.count >= tagByteCount else {
            throw SodiumError.ciphertextTooShort(length: ciphertext.count)
        }
        let capacity = max(ciphertext.count - tagByteCount, 1)
        var written: UInt64 = 0
        var status: Int32 = -1
        let plaintext = [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
            status = key.withUnsafeBytes { keyBytes in
                ciphertext.withUnsafeBufferPointer { sealed in
                    associatedData.withUnsafeBufferPointer { data in
                        nonce.bytes.withUnsafeBufferPointer { nonceBytes in
                            crypto_aead_xchacha20poly1305_ietf_decrypt(
                                output.baseAddress!, &written, nil,
                                sealed.baseAddress!, UInt64(sealed.count),
                                data.baseAddress, UInt64(data.count),
                                nonceBytes.baseAddress!,
                                keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
                        }
                    }
                }
            }
            initialized = status == 0 ? Int(written) : 0
        }
        guard status == 0 else { throw SodiumError.decryptionFailed }
        return plaintext
    }
}
