import Sodium
import Testing

@Suite struct SecretStreamTests {
    let key = SecretKey.random()

    func sealed(_ messages: [String]) throws -> (SecretStream.Header, [[UInt8]]) {
        let sealer = try SecretStreamSealer(key: key)
        var output: [[UInt8]] = []
        for (index, message) in messages.enumerated() {
            output.append(try sealer.seal(Array(message.utf8), tag: index == messages.count - 1 ? .final : .message))
        }
        return (sealer.header, output)
    }

    @Test func messagesOpenInOrderWithTheFinalTagLast() throws {
        let (header, messages) = try sealed(["one", "two", "three"])
        let opener = try SecretStreamOpener(key: key, header: header)
        var texts: [String] = []
        var tags: [SecretStream.Tag] = []
        for message in messages {
            let (plaintext, tag) = try opener.open(message)
            texts.append(String(decoding: plaintext, as: UTF8.self))
            tags.append(tag)
        }
        #expect(texts == ["one", "two", "three"])
        #expect(tags == [.message, .message, .final])
        #expect(opener.isFinished)
        #expect(messages[0].count == 3 + SecretStream.overheadByteCount)
    }

    @Test func swappedMessagesFailToOpen() throws {
        let (header, messages) = try sealed(["one", "two", "three"])
        let opener = try SecretStreamOpener(key: key, header: header)
        _ = try opener.open(messages[0])
        #expect(throws: SodiumError.decryptionFailed) { try opener.open(messages[2]) }
    }

    @Test func aStreamCutBeforeItsFinalMessageIsNotFinished() throws {
        let (header, messages) = try sealed(["one", "two", "three"])
        let opener = try SecretStreamOpener(key: key, header: header)
        for message in messages.dropLast() { _ = try opener.open(message) }
        #expect(!opener.isFinished)
    }

    @Test func aWrongKeyAChangedByteOrAssociatedDataFailToOpen() throws {
        let (header, messages) = try sealed(["one"])
        #expect(throws: SodiumError.decryptionFailed) {
            try SecretStreamOpener(key: SecretKey.random(), header: header).open(messages[0])
        }
        var changed = messages[0]
        changed[changed.count / 2] ^= 1
        #expect(throws: SodiumError.decryptionFailed) { try SecretStreamOpener(key: key, header: header).open(changed) }
        #expect(throws: SodiumError.decryptionFailed) {
            try SecretStreamOpener(key: key, header: header).open(messages[0], associatedData: [1])
        }
    }

    @Test func nothingOpensAfterTheFinalMessage() throws {
        let (header, messages) = try sealed(["one"])
        let opener = try SecretStreamOpener(key: key, header: header)
        _ = try opener.open(messages[0])
        #expect(throws: SodiumError.decryptionFailed) { try opener.open(messages[0]) }
    }

    @Test func subkeysAreStableAndDifferFromTheMasterKeyAndEachOther() throws {
        let backup = try SubkeyDerivation.Context("WDBACKUP")
        let other = try SubkeyDerivation.Context("WDOTHER_")
        let first = try SubkeyDerivation.derive(from: key, id: 1, context: backup)
        #expect(first == (try SubkeyDerivation.derive(from: key, id: 1, context: backup)))
        #expect(first != key)
        #expect(first != (try SubkeyDerivation.derive(from: key, id: 2, context: backup)))
        #expect(first != (try SubkeyDerivation.derive(from: key, id: 1, context: other)))
        #expect(throws: SodiumError.self) { try SubkeyDerivation.Context("SHORT") }
    }
}
