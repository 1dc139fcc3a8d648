import Bot
import Chat
import Foundation
import Storage
import Testing
import WardrobeTestKit

/// Photos, documents, albums and buttons, end to end.
@Suite(.serialized) struct MediaAndButtonTests {
    /// A router whose photo handler downloads every attachment and reports what it got.
    static func photoRouter(_ environment: BotEnvironment) -> Router {
        var builder = RouterBuilder()
        builder.onPhotos { context, attachments, caption in
            var sizes: [String] = []
            for attachment in attachments { sizes.append("\(try await attachment.load().count)") }
            let types = attachments.map { $0.mimeType ?? "?" }.joined(separator: ",")
            try await context.reply("Got \(attachments.count) [\(sizes.joined(separator: ","))] \(types) caption=\(caption ?? "none")")
        }
        return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
    }

    static func bytes(_ count: Int, _ value: UInt8 = 1) -> [UInt8] { [UInt8](repeating: value, count: count) }

    @Test func theLargestPhotoSizeIsDownloaded() async throws {
        let harness = try TelegramHarness(router: Self.photoRouter)
        let task = harness.start()
        harness.server.sendPhoto([
            .init(width: 90, height: 60, bytes: Self.bytes(100)),
            .init(width: 1280, height: 960, bytes: Self.bytes(3000)),
            .init(width: 320, height: 240, bytes: Self.bytes(800)),
        ], caption: "my jacket")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        #expect(harness.server.texts(inChat: FakeUser.ana.id) == ["Got 1 [3000] image/jpeg caption=my jacket"])
        await harness.stop(task)
    }

    @Test func anImageDocumentIsAcceptedAndOtherDocumentsAndHugeFilesAreRefused() async throws {
        let harness = try TelegramHarness(router: Self.photoRouter)
        let task = harness.start()
        let chat = FakeUser.ana.id
        harness.server.sendDocument(Self.bytes(5000), fileName: "original.png", mimeType: "image/png")
        #expect(await harness.waitForMessages(1, inChat: chat))
        harness.server.sendDocument(Self.bytes(10), fileName: "notes.pdf", mimeType: "application/pdf")
        #expect(await harness.waitForMessages(2, inChat: chat))
        harness.server.sendDocument(Self.bytes(10), fileName: "huge.png", mimeType: "image/png", declaredSize: 40 * 1024 * 1024)
        #expect(await harness.waitForMessages(3, inChat: chat))
        #expect(harness.server.texts(inChat: chat) == [
            "Got 1 [5000] image/png caption=none",
            "I only understand images. Send a photo, or an image file.",
            "That file is 40 MB; I can take images up to 20 MB. Send it as a photo instead.",
        ])
        // The huge file was refused before any download was attempted.
        #expect(harness.server.calls("getFile").count == 1)
        await harness.stop(task)
    }

    @Test func aLocalBotAPIServerWithARaisedLimitServesLargerFiles() async throws {
        let harness = try TelegramHarness(downloadLimit: nil, configure: { $0.maxDownloadBytes = 100 * 1024 * 1024 }, router: Self.photoRouter)
        let task = harness.start()
        harness.server.sendDocument(Self.bytes(64), fileName: "big.png", mimeType: "image/png", declaredSize: 40 * 1024 * 1024)
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        #expect(harness.server.texts(inChat: FakeUser.ana.id) == ["Got 1 [64] image/png caption=none"])
        await harness.stop(task)
    }

    @Test func anAlbumReachesTheHandlerAsOneEvent() async throws {
        let harness = try TelegramHarness(router: Self.photoRouter)
        let task = harness.start()
        let ids = harness.server.sendAlbum([Self.bytes(111), Self.bytes(222)], caption: "selfie and shirt")
        #expect(await harness.waitForMessages(1, inChat: FakeUser.ana.id))
        #expect(await harness.waitUntilProcessed(ids))
        // Replies are written with the handled mark: once they are all sent, no second reply can come.
        #expect(await harness.waitUntilSent())
        #expect(harness.server.texts(inChat: FakeUser.ana.id) == ["Got 2 [111,222] image/jpeg,image/jpeg caption=selfie and shirt"])
        await harness.stop(task)
    }

    @Test func aButtonPressRunsItsHandlerAndIsAnswered() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = FakeUser.ana.id
        harness.server.sendText("/forget")
        #expect(await harness.waitForMessages(1, inChat: chat))
        let press = try #require(harness.server.pressButton(titled: "Keep my data"))
        #expect(await harness.waitForMessages(2, inChat: chat))
        #expect(harness.server.texts(inChat: chat).last == "Nothing was deleted.")
        #expect(await harness.server.wait { $0.callbackAnswers[press.callbackID] != nil })
        #expect(harness.server.callbackAnswers[press.callbackID] == .some(nil))
        #expect(harness.server.unansweredCallbacks.isEmpty)
        await harness.stop(task)
    }

    @Test func aStaleOrMalformedButtonIsAnsweredAsExpiredAndNothingElseHappens() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let chat = FakeUser.ana.id
        harness.server.sendText("/forget")
        #expect(await harness.waitForMessages(1, inChat: chat))
        let message = try #require(harness.server.messages(inChat: chat).first)
        let stale = harness.server.pressButton(messageID: message.messageID, data: "b:NoSuchTok1")
        let malformed = harness.server.pressButton(messageID: message.messageID, data: "something else entirely")
        #expect(await harness.waitUntilProcessed([stale.updateID, malformed.updateID]))
        #expect(await harness.server.wait { $0.unansweredCallbacks.isEmpty })
        #expect(harness.server.callbackAnswers[stale.callbackID] == .some("This button has expired."))
        #expect(harness.server.callbackAnswers[malformed.callbackID] == .some("This button has expired."))
        #expect(harness.server.messages(inChat: chat).count == 1)
        await harness.stop(task)
    }
}
