import JSON
import MatrixCrypto
import Testing

@Suite struct EncryptedAttachmentTests {
    let photo: [UInt8] = Array("a photo of a red coat".utf8) + [UInt8](repeating: 0xAB, count: 1000)

    @Test func aSealedFileOpensWithItsFileObject() throws {
        let sealed = try EncryptedAttachment.seal(photo)
        #expect(sealed.ciphertext != photo)
        #expect(sealed.ciphertext.count == photo.count)
        let file = sealed.fileObject(url: "mxc://localhost/abc")
        #expect(file["v"]?.string == "v2")
        #expect(file["key"]?["alg"]?.string == "A256CTR")
        #expect(file["iv"]?.string?.contains("=") == false)
        #expect(try EncryptedAttachment.open(sealed.ciphertext, file: file) == photo)
    }

    @Test func aChangedCiphertextIsRefusedByItsHash() throws {
        let sealed = try EncryptedAttachment.seal(photo)
        var changed = sealed.ciphertext
        changed[10] ^= 1
        #expect(throws: MatrixCryptoError.self) { try EncryptedAttachment.open(changed, file: sealed.fileObject(url: "mxc://x/y")) }
    }

    @Test func theIVCounterHalfStartsAtZero() throws {
        let iv = try UnpaddedBase64.decode(try EncryptedAttachment.seal(photo).fileObject(url: "mxc://x/y")["iv"]!.string!)
        #expect(iv.count == 16)
        #expect(iv.suffix(8).allSatisfy { $0 == 0 })
    }

    @Test func twoSealsUseDifferentKeys() throws {
        let first = try EncryptedAttachment.seal(photo), second = try EncryptedAttachment.seal(photo)
        #expect(first.ciphertext != second.ciphertext)
        #expect(first.fileObject(url: "u")["key"] != second.fileObject(url: "u")["key"])
    }
}
