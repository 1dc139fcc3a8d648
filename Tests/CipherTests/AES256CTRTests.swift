import Cipher
import Testing

/// Bytes from hexadecimal text (test vectors).
private func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

@Suite struct AES256CTRTests {
    // NIST SP 800-38A, F.5.5 CTR-AES256.Encrypt and F.5.6 CTR-AES256.Decrypt.
    let key = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
    let counter = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    let plaintext =
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
    let ciphertext =
        "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
        + "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"

    @Test func encryptionMatchesTheNISTVector() throws {
        let output = try AES256CTR.apply(hex(plaintext), key: AESKey(bytes: hex(key)), counter: CounterBlock(bytes: hex(counter)))
        #expect(output == hex(ciphertext))
    }

    @Test func decryptionMatchesTheNISTVector() throws {
        let output = try AES256CTR.apply(hex(ciphertext), key: AESKey(bytes: hex(key)), counter: CounterBlock(bytes: hex(counter)))
        #expect(output == hex(plaintext))
    }

    @Test func aPartialLastBlockIsEncryptedByteForByte() throws {
        let input = Array(hex(plaintext).prefix(37))
        let output = try AES256CTR.apply(input, key: AESKey(bytes: hex(key)), counter: CounterBlock(bytes: hex(counter)))
        #expect(output == Array(hex(ciphertext).prefix(37)))
    }

    @Test func keysAndCountersOfTheWrongLengthAreRefused() {
        #expect(throws: CipherError.self) { try AESKey(bytes: [1, 2, 3]) }
        #expect(throws: CipherError.self) { try CounterBlock(bytes: [UInt8](repeating: 0, count: 8)) }
    }

    @Test func anEmptyInputGivesAnEmptyOutput() throws {
        #expect(try AES256CTR.apply([], key: AESKey(bytes: hex(key)), counter: CounterBlock(bytes: hex(counter))).isEmpty)
    }
}
