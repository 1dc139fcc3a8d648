internal import CCrypto

/// A 256-bit AES key. `description` never shows the bytes.
public struct AESKey: Sendable, Equatable, CustomStringConvertible {
    /// The key length in bytes.
    public static let byteCount = 32
    /// The raw key; share it only inside an encrypted message.
    public let bytes: [UInt8]

    /// A key from exactly 32 bytes.
    public init(bytes: [UInt8]) throws(CipherError) {
        guard bytes.count == Self.byteCount else { throw CipherError.invalidLength(what: "AES-256 key", expected: Self.byteCount, actual: bytes.count) }
        self.bytes = bytes
    }

    /// Never shows the key.
    public var description: String { "AESKey(32 bytes)" }
}

/// The 16-byte initial counter block of AES-CTR.
public struct CounterBlock: Sendable, Equatable {
    /// The block length in bytes.
    public static let byteCount = 16
    /// The raw block.
    public let bytes: [UInt8]

    /// A block from exactly 16 bytes.
    public init(bytes: [UInt8]) throws(CipherError) {
        guard bytes.count == Self.byteCount else { throw CipherError.invalidLength(what: "AES-CTR IV", expected: Self.byteCount, actual: bytes.count) }
        self.bytes = bytes
    }
}

/// AES-256 in counter mode through OpenSSL's libcrypto (libsodium has no CTR mode).
///
/// CTR is its own inverse: the same call encrypts and decrypts. It gives no integrity; Matrix
/// attachments carry a SHA-256 of the ciphertext inside the encrypted event for that.
public enum AES256CTR {
    /// `input` XORed with the AES-256-CTR keystream of `key` starting at `counter` (128-bit big-endian counter).
    public static func apply(_ input: [UInt8], key: AESKey, counter: CounterBlock) throws(CipherError) -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw library("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        let started = key.bytes.withUnsafeBufferPointer { keyBuffer in
            counter.bytes.withUnsafeBufferPointer { EVP_EncryptInit_ex(context, EVP_aes_256_ctr(), nil, keyBuffer.baseAddress, $0.baseAddress) }
        }
        guard started == 1 else { throw library("EVP_EncryptInit_ex") }
        guard !input.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: input.count + CounterBlock.byteCount)
        var written: Int32 = 0
        var total = 0
        // EVP takes int lengths: feed at most 1 GiB per call.
        let chunk = 1 << 30
        var offset = 0
        while offset < input.count {
            let length = min(chunk, input.count - offset)
            let updated = input.withUnsafeBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer {
                    EVP_EncryptUpdate(context, $0.baseAddress! + total, &written, inputBuffer.baseAddress! + offset, Int32(length))
                }
            }
            guard updated == 1 else { throw library("EVP_EncryptUpdate") }
            total += Int(written)
            offset += length
        }
        let finished = output.withUnsafeMutableBufferPointer { EVP_EncryptFinal_ex(context, $0.baseAddress! + total, &written) }
        guard finished == 1 else { throw library("EVP_EncryptFinal_ex") }
        total += Int(written)
        return Array(output.prefix(total))
    }

    private static func library(_ operation: String) -> CipherError {
        let code = ERR_get_error()
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return CipherError.library(operation: operation, detail: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
