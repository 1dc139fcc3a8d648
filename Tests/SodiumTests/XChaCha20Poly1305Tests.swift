import Sodium
import Testing

@Suite struct XChaCha20Poly1305Tests {
    let message = Array("the closet is full of secrets".utf8)
    let data = Array("header v1".utf8)

    @Test func sealedMessageOpensWithTheSameKeyNonceAndData() throws {
        let key = SecretKey.random()
        let nonce = Nonce.random()
        let sealed = try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: data)
        #expect(sealed.count == message.count + XChaCha20Poly1305.tagByteCount)
        #expect(sealed.prefix(message.count) != message[...])
        let opened = try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: data)
        #expect(opened == message)
    }

    @Test func anEmptyMessageRoundTrips() throws {
        let key = SecretKey.random()
        let nonce = Nonce.random()
        let sealed = try XChaCha20Poly1305.seal([], key: key, nonce: nonce)
        #expect(try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce) == [])
    }

    @Test func aChangedCiphertextByteFailsToOpen() throws {
        let key = SecretKey.random()
        let nonce = Nonce.random()
        var sealed = try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: data)
        sealed[3] ^= 0x01
        #expect(throws: SodiumError.decryptionFailed) {
            try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: data)
        }
    }

    @Test func changedAssociatedDataFailsToOpen() throws {
        let key = SecretKey.random()
        let nonce = Nonce.random()
        let sealed = try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: data)
        #expect(throws: SodiumError.decryptionFailed) {
            try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: Array("header v2".utf8))
        }
    }

    @Test func aWrongKeyFailsToOpen() throws {
        let nonce = Nonce.random()
        let sealed = try XChaCha20Poly1305.seal(message, key: SecretKey.random(), nonce: nonce)
        #expect(throws: SodiumError.decryptionFailed) {
            try XChaCha20Poly1305.open(sealed, key: SecretKey.random(), nonce: nonce)
        }
    }

    @Test func aCiphertextShorterThanTheTagIsRejected() {
        #expect(throws: SodiumError.ciphertextTooShort(length: 5)) {
            try XChaCha20Poly1305.open([1, 2, 3, 4, 5], key: SecretKey.random(), nonce: Nonce.random())
        }
    }

    @Test func keysAndNoncesOfTheWrongLengthAreRejected() {
        #expect(throws: SodiumError.invalidLength(what: "secret key", expected: 32, actual: 31)) {
            try SecretKey(bytes: [UInt8](repeating: 7, count: 31))
        }
        #expect(throws: SodiumError.invalidLength(what: "nonce", expected: 24, actual: 12)) {
            try Nonce(bytes: [UInt8](repeating: 7, count: 12))
        }
    }

    @Test func aKeyRoundTripsThroughBase64AndNeverPrintsItsBytes() throws {
        let key = SecretKey.random()
        let copy = try SecretKey(base64: key.base64())
        #expect(copy == key)
        #expect(key != SecretKey.random())
        #expect(!"\(key)".contains(key.base64()))
        #expect("\(key)".contains("redacted"))
    }
}
