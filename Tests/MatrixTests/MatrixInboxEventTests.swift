import Chat
import Foundation
import JSON
import Matrix
import MatrixCrypto
import Secrets
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

/// The shared inbox's form of a Matrix event, the shared access token, and replies named after their
/// event: what lets any worker handle an event the elected worker decrypted.
@Suite struct MatrixInboxEventTests {
    static let room = ChatAddress(transport: "matrix", id: "!r:test", kind: .group)
    static let logger = Logger(label: "test", sink: MemoryLogSink())

    static func mapper(_ download: @escaping @Sendable (String) async throws -> [UInt8] = { _ in [] }) -> EventMapper {
        EventMapper(botUserID: "@bot:test", maxDownloadBytes: 1000, download: download)
    }

    static func roundTrip(_ event: ChatEvent, media: [MatrixMedia] = [], mapper: EventMapper = mapper()) throws -> ChatEvent {
        let stored = MatrixInboxEvent.encode(event, media: media).serialized()
        return try MatrixInboxEvent.decode(try JSON.parse(stored), mapper: mapper)
    }

    @Test func textCommandsButtonsAndVotesKeepEverythingTheHandlersRead() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.5)
        let payloads: [EventPayload] = [
            .text("hello\nworld ✨"), .command(name: "echo", arguments: "a b"), .button(token: "tok-1"), .vote(pollID: "$poll", options: [0, 2]),
        ]
        for payload in payloads {
            let event = ChatEvent(
                id: "$e1", chat: Self.room, sender: Sender(id: "@ana:test", displayName: "Ana"), payload: payload,
                message: MessageRef(chatID: "!r:test", messageID: "$e1"), replyTo: MessageRef(chatID: "!r:test", messageID: "$q"), date: date)
            let back = try Self.roundTrip(event)
            #expect(back.id == "$e1")
            #expect(back.chat == Self.room)
            #expect(back.sender == Sender(id: "@ana:test", displayName: "Ana"))
            #expect(back.message == event.message)
            #expect(back.replyTo == event.replyTo)
            #expect(back.date == date)
            #expect("\(back.payload)" == "\(payload)")
        }
    }

    @Test func anEncryptedPictureIsLoadedAndDecryptedByTheWorkerThatHandlesIt() async throws {
        // A picture sealed as a client would: the worker needs only the stored `file` object to open it.
        let picture: [UInt8] = Array("not really a jpeg, but bytes".utf8)
        let sealed = try EncryptedAttachment.seal(picture)
        let file = sealed.fileObject(url: "mxc://hs.test/abc")
        let media = MatrixMedia(url: "mxc://hs.test/abc", mimeType: "image/jpeg", byteCount: picture.count, fileName: "p.jpg", caption: "wear", file: file)
        let event = ChatEvent(id: "$p", chat: Self.room, sender: Sender(id: "@ana:test"), payload: .photos([], caption: "wear"))
        let requested = Recorded<String>()
        let back = try Self.roundTrip(event, media: [media], mapper: Self.mapper { uri in
            requested.append(uri)
            return sealed.ciphertext
        })
        guard case .photos(let attachments, let caption) = back.payload else { Issue.record("not a photo: \(back.payload)"); return }
        #expect(caption == "wear")
        #expect(attachments.map(\.id) == ["mxc://hs.test/abc"])
        #expect(attachments.first?.mimeType == "image/jpeg")
        #expect(try await attachments.first?.load() == picture)
        #expect(requested.values == ["mxc://hs.test/abc"])
    }

    @Test func aPlainPictureIsLoadedAsItWasUploaded() async throws {
        let content: JSON = ["msgtype": "m.image", "body": "shirt.jpg", "url": "mxc://hs.test/plain", "info": ["mimetype": "image/jpeg", "size": 3]]
        let event = ChatEvent(id: "$p", chat: Self.room, sender: Sender(id: "@ana:test"), payload: .photos([], caption: nil))
        let media = try #require(MatrixMedia(content: content))
        #expect(media.file == nil)
        let back = try Self.roundTrip(event, media: [media], mapper: Self.mapper { _ in [1, 2, 3] })
        guard case .photos(let attachments, let caption) = back.payload, let attachment = attachments.first else { Issue.record("no photo"); return }
        #expect(caption == nil)
        #expect(try await attachment.load() == [1, 2, 3])
    }

    @Test func aPictureLargerThanTheLimitIsRefusedBeforeDownloading() async throws {
        let media = MatrixMedia(url: "mxc://hs.test/big", mimeType: "image/png", byteCount: 5000, fileName: "big.png", caption: nil, file: nil)
        let event = ChatEvent(id: "$b", chat: Self.room, sender: Sender(id: "@ana:test"), payload: .photos([], caption: nil))
        let requested = Recorded<String>()
        let back = try Self.roundTrip(event, media: [media], mapper: Self.mapper { uri in
            requested.append(uri)
            return []
        })
        guard case .photos(let attachments, _) = back.payload, let attachment = attachments.first else { Issue.record("no photo"); return }
        await #expect(throws: MatrixError.self) { _ = try await attachment.load() }
        #expect(requested.values.isEmpty)
    }

    @Test func anUnknownFormOrAMissingFieldIsRefused() throws {
        let event = ChatEvent(id: "$e", chat: Self.room, sender: Sender(id: "@ana:test"), payload: .text("hi"))
        let good = MatrixInboxEvent.encode(event, media: [])
        #expect(throws: MatrixError.self) { _ = try MatrixInboxEvent.decode(good.setting("v", 2), mapper: Self.mapper()) }
        #expect(throws: MatrixError.self) { _ = try MatrixInboxEvent.decode(good.setting("room", .null), mapper: Self.mapper()) }
        #expect(throws: MatrixError.self) { _ = try MatrixInboxEvent.decode(good.setting("payload", ["type": "sticker"]), mapper: Self.mapper()) }
        // A photo must name an mxc picture.
        let photo = good.setting("payload", ["type": "photos", "media": [["url": "https://evil.test/x"]]])
        #expect(throws: MatrixError.self) { _ = try MatrixInboxEvent.decode(photo, mapper: Self.mapper()) }
    }

    @Test func theSharedAccessTokenOpensOnlyUnderTheSameMasterKey() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let token = SharedAccessToken(store: harness.store, keys: harness.keys, userID: "@bot:test", clock: SystemClock())
        #expect(try await token.load() == nil)
        try await token.publish("syt_secret_1")
        #expect(try await token.load() == "syt_secret_1")
        // Sealed, not stored in the clear.
        let stored = try #require(try await harness.store.matrixCryptoValue(kind: "access_token", id: "@bot:test"))
        #expect(!stored.contains("syt_secret_1"))
        // A worker whose key file has another master key cannot read it.
        let other = try ServiceHarness()
        defer { other.cleanUp() }
        let foreign = SharedAccessToken(store: harness.store, keys: other.keys, userID: "@bot:test", clock: SystemClock())
        await #expect(throws: MatrixError.self) { _ = try await foreign.load() }
    }

    @Test func aReplyHandledAgainOnAnotherWorkerIsSentOnceWhereverItWasFirstSent() async throws {
        let harness = try ServiceHarness()
        defer { harness.cleanUp() }
        let (elected, follower, _, relaying) = SharedMatrixTransportTests.relayingPair(harness)
        defer { relaying.cancel() }

        // First handled on the elected worker, which died before recording the event; handled again on a follower.
        let first = try await elected.send(.text("Saved as #1"), to: Self.room, reference: "e1-0")
        let again = try await follower.send(.text("Saved as #1"), to: Self.room, reference: "e1-0")
        #expect(again == first)
        // First relayed by a follower, then handled again by a worker elected meanwhile, and once more relayed.
        let relayed = try await follower.send(.text("Saved as #2"), to: Self.room, reference: "e2-0")
        let direct = try await elected.send(.text("Saved as #2"), to: Self.room, reference: "e2-0")
        let relayedAgain = try await follower.send(.text("Saved as #2"), to: Self.room, reference: "e2-0")
        #expect(direct == relayed)
        #expect(relayedAgain == relayed)
        #expect(harness.sentBodies == ["Saved as #1", "Saved as #2"])
        // Another message of the same handler is a new send.
        _ = try await follower.send(.text("Anything else?"), to: Self.room, reference: "e2-1")
        #expect(harness.sentBodies == ["Saved as #1", "Saved as #2", "Anything else?"])
    }
}

/// Values recorded from a `@Sendable` closure.
final class Recorded<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
