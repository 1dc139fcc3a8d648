import Chat
import Closet
import Foundation
import Storage
import Testing
import TryOn

@Suite struct ItemPhotoTests {
    @Test func editPhotoThenAPhotoGivesAPieceItsPhotoSoItCanBeTriedOn() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let user = try await bot.user
        _ = try await bot.store.addItem(try ClosetItemFixture.blazer(), userID: user.id)
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.command("tryon", "#1")
        let hint = try #require(bot.transport.texts.last)
        #expect(hint.contains("/edit 1 photo"))
        #expect(!hint.contains("captioned wear"))
        await bot.command("edit", "1 photo")
        #expect(bot.transport.texts.last == "Send the photo of #1 Navy wool blazer now.")
        await bot.photos([try TryOnHarness.garment()])
        #expect(bot.transport.texts.last?.hasPrefix("Saved the photo of #1 Navy wool blazer.") == true)
        let item = try #require(try await bot.store.item(userID: user.id, number: 1))
        let sha = try #require(item.photo)
        #expect(try await bot.jobs().isEmpty, "the piece's photo is not a try-on")
        // Its thumbnails for the pictures are made right away, so its first /outfit draws from them.
        let style = bot.images.configuration.pictures
        #expect(bot.store.media.thumbnail(userID: user.id, sha256: sha, side: style.flatLayTile) != nil)
        #expect(bot.store.media.thumbnail(userID: user.id, sha256: sha, side: style.sheetCell) != nil)
        await bot.command("tryon", "#1")
        #expect(try await bot.jobs().count == 1)
    }

    @Test func editPhotoWaitsTenMinutesThenAPhotoIsAPhotoAgain() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let user = try await bot.user
        _ = try await bot.store.addItem(try ClosetItemFixture.blazer(), userID: user.id)
        await bot.command("edit", "1 photo")
        bot.clock.advance(by: 601)
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        #expect(bot.transport.texts.last?.hasPrefix("Got you.") == true)
        #expect(try await bot.store.item(userID: user.id, number: 1)?.photo == nil)
    }

    @Test func aPhotoInReplyToAPiecesCardBecomesItsPhoto() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let user = try await bot.user
        _ = try await bot.store.addItem(try ClosetItemFixture.blazer(), userID: user.id)
        await bot.command("item", "1")
        let card = try #require(bot.transport.messages.indices.last)
        let bytes = try TryOnHarness.garment()
        let attachment = Attachment(id: "file-0", mimeType: "image/jpeg", byteCount: bytes.count) { bytes }
        await bot.router.handle(
            bot.event(.photos([attachment], caption: nil), replyTo: MessageRef(chatID: "c1", messageID: "m\(card + 1)-0")), via: bot.transport)
        #expect(bot.transport.texts.last?.hasPrefix("Saved the photo of #1") == true)
        #expect(try await bot.store.item(userID: user.id, number: 1)?.photo != nil)
        // The card now offers Try it on as a choice.
        await bot.command("item", "1")
        #expect(await bot.press("Try it on"))
        #expect(bot.transport.texts.last?.hasPrefix("Got the clothing.") == true)
    }

    @Test func aPhotoCaptionedWithAPieceNameAsksWhetherItIsForTheCloset() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.photos([try TryOnHarness.garment()], caption: "navy wool trousers")
        #expect(bot.transport.texts.last?.contains("caption it add navy wool trousers") == true)
        #expect(try await bot.jobs().isEmpty)
        #expect(await bot.press("Add to my closet"))
        #expect(bot.transport.texts.contains { $0.contains("navy wool trousers") || $0.contains("Navy wool trousers") })
    }
}
