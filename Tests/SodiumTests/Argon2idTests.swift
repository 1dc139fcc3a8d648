import Sodium
import Testing

@Suite struct Argon2idTests {
    @Test func theSamePassphraseAndSaltGiveTheSameKey() throws {
        let salt = Salt.random()
        let first = try Argon2id.deriveKey(passphrase: "correct horse", salt: salt, limits: .minimum)
        let second = try Argon2id.deriveKey(passphrase: "correct horse", salt: salt, limits: .minimum)
        #expect(first == second)
    }

    @Test func anotherSaltOrPassphraseGivesAnotherKey() throws {
        let salt = Salt.random()
        let key = try Argon2id.deriveKey(passphrase: "correct horse", salt: salt, limits: .minimum)
        #expect(try Argon2id.deriveKey(passphrase: "correct horse", salt: Salt.random(), limits: .minimum) != key)
        #expect(try Argon2id.deriveKey(passphrase: "correct horsf", salt: salt, limits: .minimum) != key)
    }

    @Test func aKnownSaltAndPassphraseGiveAStableKey() throws {
        let salt = try Salt(bytes: Array(repeating: 0x11, count: 16))
        let key = try Argon2id.deriveKey(passphrase: "wardrobe", salt: salt, limits: .minimum)
        let again = try Argon2id.deriveKey(passphrase: "wardrobe", salt: salt, limits: .minimum)
        #expect(key.base64() == again.base64())
        #expect(try Argon2id.deriveKey(passphrase: "", salt: salt, limits: .minimum) != key)
    }

    @Test func limitsBelowTheMinimumAreRejected() {
        #expect(throws: SodiumError.keyDerivationFailed(operations: 0, memory: 8192)) {
            try Argon2id.deriveKey(
                passphrase: "x", salt: Salt.random(), limits: Argon2id.Limits(operations: 0, memory: 8192))
        }
    }
}
