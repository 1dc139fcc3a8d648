import JSON
import Testing
@testable import Telegram

/// Updates found by the fuzzer (fuzz/targets/telegram.swift) that once stopped the worker.
@Suite("Hostile Bot API updates")
struct HostileUpdateTests {
    let mapper = UpdateMapper(botUsername: "wardrobe_bot", botID: 4242, maxDownloadBytes: 20 * 1_048_576) { _ in [] }

    /// A private photo message whose `photo` array is `sizes`.
    func photoUpdate(_ sizes: String) throws -> TelegramUpdate {
        let text = #"{"update_id": 1, "message": {"message_id": 2, "from": {"id": 3, "first_name": "A"}, "chat": {"id": 3, "type": "private"}, "date": 1, "photo": \#(sizes)}}"#
        return try #require(TelegramUpdate(try JSON.parse(text)))
    }

    @Test func aPhotoSizeClaimingSidesWhoseProductOverflowsIsDroppedAndTheSaneSizeIsUsed() throws {
        let update = try photoUpdate(#"[{"file_id": "huge", "width": 4294967296, "height": 4294967296}, {"file_id": "sane", "width": 800, "height": 600}]"#)
        guard case .event(let event) = mapper.decide(update), case .photos(let attachments, _) = event.payload else {
            Issue.record("expected a photo event, got \(mapper.decide(update))")
            return
        }
        #expect(attachments.map(\.id) == ["sane"])
    }

    @Test func aPhotoWhoseEverySizeHasImpossibleSidesIsIgnoredInsteadOfCrashing() throws {
        let update = try photoUpdate(#"[{"file_id": "a", "width": 9223372036854775807, "height": 2}, {"file_id": "b", "width": -5, "height": 3}]"#)
        guard case .ignore(let reason, _) = mapper.decide(update) else {
            Issue.record("expected the update to be ignored, got \(mapper.decide(update))")
            return
        }
        #expect(reason == "unsupported message content")
    }

    /// A message of `chatType` whose only content is `content` (a JSON member).
    func update(_ content: String, chatType: String = "private", language: String = "en") throws -> TelegramUpdate {
        let text = #"{"update_id": 1, "message": {"message_id": 2, "from": {"id": 3, "first_name": "A", "language_code": "\#(language)"}, "chat": {"id": 3, "type": "\#(chatType)"}, "date": 1, \#(content)}}"#
        return try #require(TelegramUpdate(try JSON.parse(text)))
    }

    @Test func aStickerVoiceNoteOrLocationInAPrivateChatBecomesAnOtherContentEvent() throws {
        // The router answers it with what the bot can use (RouterTests); here only the mapping.
        for (content, kind) in [(#""sticker": {"file_id": "s", "width": 512, "height": 512}"#, "sticker"), (#""voice": {"file_id": "v", "duration": 3}"#, "voice"),
                                (#""location": {"latitude": 52.5, "longitude": 13.4}"#, "location"), (#""dice": {"emoji": "🎲", "value": 3}"#, "dice")] {
            guard case .event(let event) = mapper.decide(try update(content)), case .other(let found) = event.payload else {
                Issue.record("expected an other-content event for \(content)")
                continue
            }
            #expect(found == kind)
        }
    }

    @Test func aServiceMessageOrAStickerInAGroupGetsNoReply() throws {
        // A pinned message has none of the contents a person sends; a group sticker is not addressed to the bot.
        #expect(isIgnored(mapper.decide(try update(#""pinned_message": {"message_id": 1, "chat": {"id": 3, "type": "private"}, "date": 1}"#))))
        #expect(isIgnored(mapper.decide(try update(#""sticker": {"file_id": "s"}"#, chatType: "group"))))
    }

    func isIgnored(_ decision: UpdateDecision) -> Bool {
        if case .ignore = decision { return true }
        return false
    }
}
