import Cipher
import JSON
import Sodium

/// Matrix encrypted attachments (`m.image` in an encrypted room): AES-256-CTR with a fresh key, and the
/// `file` object (url, JWK key, iv, SHA-256 of the ciphertext, `v2`) that travels inside the Megolm event.
public enum EncryptedAttachment {
    /// An encrypted file: the bytes to upload, and how to build its `file` object once it has a URL.
    public struct Sealed: Sendable {
        /// The ciphertext to upload (as `application/octet-stream`).
        public let ciphertext: [UInt8]
        let key: AESKey
        let counter: CounterBlock
        let sha256: [UInt8]

        /// The `file` object for the uploaded ciphertext at `url`.
        public func fileObject(url: String) -> JSON {
            [
                "url": .string(url), "v": "v2",
                "key": [
                    "kty": "oct", "alg": "A256CTR", "ext": true, "key_ops": ["encrypt", "decrypt"],
                    "k": .string(UnpaddedBase64.encodeURLSafe(key.bytes)),
                ],
                "iv": .string(UnpaddedBase64.encode(counter.bytes)),
                "hashes": ["sha256": .string(UnpaddedBase64.encode(sha256))],
            ]
        }
    }

    /// Encrypts `plaintext` under a new random key; the IV's low 64 bits (the counter) start at zero, as the spec asks.
    public static func seal(_ plaintext: [UInt8]) throws -> Sealed {
        let key = try AESKey(bytes: Libsodium.randomBytes(AESKey.byteCount))
        let counter = try CounterBlock(bytes: Libsodium.randomBytes(8) + [UInt8](repeating: 0, count: 8))
        let ciphertext = try AES256CTR.apply(plaintext, key: key, counter: counter)
        return Sealed(ciphertext: ciphertext, key: key, counter: counter, sha256: sha256(ciphertext))
    }

    /// The SHA-256 digest bytes of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeBytes()
    }

    /// Decrypts `ciphertext` downloaded for `file`, after checking its SHA-256; a changed file is refused.
    public static func open(_ ciphertext: [UInt8], file: JSON) throws -> [UInt8] {
        guard let keyText = file["key"]?["k"]?.string, file["key"]?["alg"]?.string == "A256CTR", let ivText = file["iv"]?.string,
            let hashText = file["hashes"]?["sha256"]?.string
        else { throw MatrixCryptoError.malformed("file object without key, iv or sha256") }
        let expected = try UnpaddedBase64.decode(hashText)
        guard Libsodium.constantTimeEquals(sha256(ciphertext), expected) else {
            throw MatrixCryptoError.undecryptable("attachment hash does not match (changed or truncated file)")
        }
        let key = try AESKey(bytes: UnpaddedBase64.decode(keyText))
        let counter = try CounterBlock(bytes: UnpaddedBase64.decode(ivText))
        return try AES256CTR.apply(ciphertext, key: key, counter: counter)
    }
}
