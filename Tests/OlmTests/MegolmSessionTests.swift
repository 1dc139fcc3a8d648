import Olm
import Testing

@Suite struct MegolmSessionTests {
    let pickleKey = try! PickleKey(bytes: [UInt8](repeating: 3, count: 32))

    @Test func aSharedSessionKeyDecryptsEveryLaterMessage() throws {
        let outbound = try OutboundGroupSession.create()
        let inbound = try InboundGroupSession.create(sessionKey: outbound.sessionKey())
        #expect(try inbound.sessionID() == outbound.sessionID())
        let first = try outbound.encrypt("one"), second = try outbound.encrypt("two")
        #expect(outbound.messageIndex == 2)
        #expect(try inbound.decrypt(second) == ("two", 1))
        #expect(try inbound.decrypt(first).plaintext == "one")
    }

    @Test func aKeySharedLaterCannotReadEarlierMessages() throws {
        let outbound = try OutboundGroupSession.create()
        let early = try outbound.encrypt("before you joined")
        let inbound = try InboundGroupSession.create(sessionKey: outbound.sessionKey())
        #expect(inbound.firstKnownIndex == 1)
        #expect(throws: OlmError.self) { try inbound.decrypt(early) }
        #expect(try inbound.decrypt(outbound.encrypt("after")).plaintext == "after")
    }

    @Test func aChangedCiphertextIsRejected() throws {
        let outbound = try OutboundGroupSession.create()
        let inbound = try InboundGroupSession.create(sessionKey: outbound.sessionKey())
        var bytes = Array(try outbound.encrypt("pay 10").utf8)
        bytes[20] = bytes[20] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect {
            try inbound.decrypt(String(decoding: bytes, as: UTF8.self))
        } throws: { ($0 as? OlmError)?.isUndecryptable == true }
    }

    @Test func bothSidesSurviveAPickleRoundTrip() throws {
        let outbound = try OutboundGroupSession.create()
        let inbound = try InboundGroupSession.create(sessionKey: outbound.sessionKey())
        _ = try outbound.encrypt("zero")
        let restoredOut = try OutboundGroupSession.unpickle(try outbound.pickle(key: pickleKey), key: pickleKey)
        let restoredIn = try InboundGroupSession.unpickle(try inbound.pickle(key: pickleKey), key: pickleKey)
        #expect(restoredOut.messageIndex == 1)
        #expect(try restoredIn.decrypt(restoredOut.encrypt("one")) == ("one", 1))
    }
}
