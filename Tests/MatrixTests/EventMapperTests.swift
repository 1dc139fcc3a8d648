import Chat
import JSON
import Matrix
import Testing

@Suite struct EventMapperTests {
    let mapper = EventMapper(botUserID: "@bot:test", maxDownloadBytes: 100) { _ in [1, 2, 3] }
    let chat = ChatAddress(transport: "matrix", id: "!r:test", kind: .privateChat)

    func payload(_ event: JSON) -> EventPayload? {
        if case .message(let chatEvent) = mapper.map(event, in: chat) { return chatEvent.payload }
        return nil
    }

    @Test func commandsAreParsedFromTheBody() {
        guard case .command(let name, let arguments) = payload(Wire.message("$1", body: "/outfit business 2")) else {
            Issue.record("expected a command")
            return
        }
        #expect(name == "outfit" && arguments == "business 2")
    }

    @Test func theBotsOwnEventsAndAllNoticesAreIgnored() {
        #expect(payload(Wire.message("$1", from: "@bot:test", body: "/help")) == nil)
        #expect(payload(Wire.message("$2", body: "/help", msgtype: "m.notice")) == nil)
    }

    @Test func voiceNotesFilesAndStickersAreOtherContentForTheRouterToAnswer() {
        for msgtype in ["m.audio", "m.video", "m.location", "m.file"] {
            guard case .other(let kind) = payload(Wire.message("$5", body: "voice.ogg", msgtype: msgtype)) else {
                Issue.record("expected other content for \(msgtype)")
                continue
            }
            #expect(kind == msgtype)
        }
        // A file without a type but named like a picture is tried as a photo.
        var untyped = Wire.message("$7", body: "IMG_0042.JPG", msgtype: "m.file")
        untyped = untyped.setting("content", (untyped["content"] ?? [:]).setting("url", "mxc://test/p"))
        guard case .photos = payload(untyped) else {
            Issue.record("expected a photo for an untyped IMG_0042.JPG")
            return
        }
        let sticker: JSON = ["type": "m.sticker", "event_id": "$6", "sender": "@ana:test", "content": ["body": "a cat", "url": "mxc://test/c"]]
        guard case .other(let kind) = payload(sticker) else {
            Issue.record("expected other content for a sticker")
            return
        }
        #expect(kind == "m.sticker")
    }

    @Test func editsAreNotHandledTwice() {
        var event = Wire.message("$3", body: "* fixed")
        event = event.setting("content", (event["content"] ?? [:]).setting("m.relates_to", ["rel_type": "m.replace", "event_id": "$1"]))
        #expect(payload(event) == nil)
    }

    @Test func replyFallbackQuotesAreRemoved() {
        var event = Wire.message("$4", body: "> <@bot:test> Pick one\n> 1️⃣ A\n\n2")
        event = event.setting("content", (event["content"] ?? [:]).setting("m.relates_to", ["m.in_reply_to": ["event_id": "$q"]]))
        guard case .message(let chatEvent) = mapper.map(event, in: chat), case .text(let text) = chatEvent.payload else {
            Issue.record("expected text")
            return
        }
        #expect(text == "2")
        #expect(chatEvent.replyTo?.messageID == "$q")
    }

    @Test func imagesBecomeLazyPhotosWithTheirCaption() async throws {
        let event: JSON = [
            "event_id": "$5", "sender": "@ana:test", "type": "m.room.message",
            "content": ["msgtype": "m.image", "body": "my blazer", "filename": "IMG_1.jpg", "url": "mxc://test/abc",
                        "info": ["mimetype": "image/jpeg", "size": 3]],
        ]
        guard case .photos(let attachments, let caption) = payload(event) else {
            Issue.record("expected photos")
            return
        }
        #expect(caption == "my blazer")
        #expect(attachments.first?.id == "mxc://test/abc")
        #expect(try await attachments.first?.load() == [1, 2, 3])
    }

    @Test func imagesOverTheLimitAreRefusedBeforeDownloading() async {
        let event: JSON = [
            "event_id": "$6", "sender": "@ana:test", "type": "m.room.message",
            "content": ["msgtype": "m.image", "body": "big.jpg", "url": "mxc://test/big", "info": ["size": 1000]],
        ]
        guard case .photos(let attachments, _) = payload(event) else {
            Issue.record("expected photos")
            return
        }
        await #expect(throws: MatrixError.mediaTooLarge(limit: 100)) { _ = try await attachments[0].load() }
    }

    @Test func reactionsAndRedactionsAreClassified() {
        guard case .reaction(_, _, let target, let key) = mapper.map(Wire.reaction("$7", on: "$menu", key: "2️⃣"), in: chat) else {
            Issue.record("expected a reaction")
            return
        }
        #expect(target == "$menu" && key == "2️⃣")
        let redaction: JSON = ["event_id": "$8", "sender": "@ana:test", "type": "m.room.redaction", "redacts": "$7", "content": [:]]
        guard case .redaction(_, _, let redacts) = mapper.map(redaction, in: chat) else {
            Issue.record("expected a redaction")
            return
        }
        #expect(redacts == "$7")
    }
}
