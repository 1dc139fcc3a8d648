import Olm
import Testing

@Suite struct OlmSessionTests {
    let pickleKey = try! PickleKey(bytes: [UInt8](repeating: 7, count: 32))

    /// Alice starts a session with Bob from one of Bob's one-time keys; Bob answers the pre-key message.
    func pair() throws -> (alice: OlmSession, bob: OlmSession, bobAccount: OlmAccount, first: String) {
        let alice = try OlmAccount.create(), bob = try OlmAccount.create()
        try bob.generateOneTimeKeys(1)
        let oneTime = try #require(try bob.oneTimeKeys().values.first)
        let outbound = try OlmSession.outbound(account: alice, theirIdentityKey: try bob.identityKeys().curve25519, theirOneTimeKey: oneTime)
        let message = try outbound.encrypt("hello bob")
        #expect(message.type == 0)
        let inbound = try OlmSession.inbound(account: bob, theirIdentityKey: try alice.identityKeys().curve25519, preKeyMessage: message.body)
        #expect(inbound.matches(preKeyMessage: message.body, from: try alice.identityKeys().curve25519))
        try bob.removeOneTimeKeys(usedBy: inbound)
        return (outbound, inbound, bob, try inbound.decrypt(message))
    }

    @Test func aPreKeyMessageStartsASessionBothSidesShare() throws {
        let (alice, bob, bobAccount, first) = try pair()
        #expect(first == "hello bob")
        #expect(try alice.sessionID() == bob.sessionID())
        #expect(try bobAccount.oneTimeKeys().isEmpty)
        let reply = try bob.encrypt("hi alice")
        #expect(try alice.decrypt(reply) == "hi alice")
        #expect(try alice.encrypt("again").type == 1)
    }

    @Test func aChangedMessageFailsItsMAC() throws {
        let (alice, bob, _, _) = try pair()
        let reply = try bob.encrypt("secret")
        var body = Array(reply.body.utf8)
        body[body.count - 5] = body[body.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: OlmError.self) { try alice.decrypt(OlmMessage(type: reply.type, body: String(decoding: body, as: UTF8.self))) }
    }

    @Test func aPickledSessionKeepsDecryptingAfterRestore() throws {
        let (alice, bob, _, _) = try pair()
        let restored = try OlmSession.unpickle(try alice.pickle(key: pickleKey), key: pickleKey)
        #expect(try restored.decrypt(bob.encrypt("after restart")) == "after restart")
    }

    @Test func aPickleDoesNotOpenWithAnotherKey() throws {
        let account = try OlmAccount.create()
        let pickle = try account.pickle(key: pickleKey)
        #expect(!pickle.contains(try account.identityKeys().ed25519))
        #expect(throws: OlmError.self) { try OlmAccount.unpickle(pickle, key: PickleKey(bytes: [UInt8](repeating: 8, count: 32))) }
        #expect(try OlmAccount.unpickle(pickle, key: pickleKey).identityKeys() == account.identityKeys())
    }

    @Test func aSignatureVerifiesOnlyForItsMessage() throws {
        let account = try OlmAccount.create()
        let signature = try account.sign("{\"a\":1}")
        try Ed25519.verify(signature, of: "{\"a\":1}", key: account.identityKeys().ed25519)
        #expect(throws: OlmError.self) { try Ed25519.verify(signature, of: "{\"a\":2}", key: account.identityKeys().ed25519) }
    }

    @Test func publishedOneTimeKeysAreNoLongerListed() throws {
        let account = try OlmAccount.create()
        try account.generateOneTimeKeys(5)
        #expect(try account.oneTimeKeys().count == 5)
        account.markKeysAsPublished()
        #expect(try account.oneTimeKeys().isEmpty)
        #expect(account.maxOneTimeKeys >= 50)
    }
}
