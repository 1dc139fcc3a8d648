import Chat
import Foundation
import Images
import Storage
import Testing
import TryOn

@Suite struct TryOnFlowTests {
    @Test func aSelfieAndAGarmentBecomeALookDeliveredOnce() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        #expect(bot.transport.texts.last?.hasPrefix("Got you.") == true)
        await bot.photos([try TryOnHarness.garment()], caption: "wear")
        try await bot.eventually("result photo") { !bot.transport.photoMessages.isEmpty }
        try await bot.eventually("job delivered") { try await bot.jobs().first?.delivered == true }

        let looks = try await bot.looks()
        #expect(looks.count == 1)
        let look = try #require(looks.first)
        let images = try await bot.store.database.run { db in try db.query("SELECT sha256, mime_type FROM images ORDER BY id").map { ($0.string("sha256")!, $0.string("mime_type")!) } }
        #expect(images.count == 3)
        #expect(look.personSHA256 == images[0].0)
        #expect(look.garmentSHA256 == images[1].0)
        #expect(look.resultSHA256 == images[2].0)
        // The result is kept in the format the service sent.
        #expect(images[2].1 == "image/png")
        let stored = try bot.store.imageBytes(userID: look.userID, sha256: look.resultSHA256)
        #expect(try await bot.images.detectFormat(stored) == .png)
        #expect(look.prompt == PromptCatalog.builtInForTests.defaultPrompt.text)
        #expect(look.service == "openrouter" && look.model == "test-model")
        #expect(look.batchID != nil && look.variation == 1)

        let request = try #require(bot.provider.requests.first)
        #expect(request.images.count == 2 && request.count == 1)
        #expect(request.images.allSatisfy { $0.mimeType == "image/jpeg" })
        #expect(bot.provider.keys == [TryOnHarness.operatorKey])

        let result = try #require(bot.transport.photoMessages.first)
        #expect(result.images.count == 1 && result.images[0].mimeType == "image/png")
        #expect(result.caption?.hasPrefix("Look #1") == true)
        #expect(result.buttons.flatMap { $0 }.map(\.title) == ["Dress this look", "Compare", "Again", "Keep"])
        #expect(bot.transport.texts.first { $0.hasPrefix("Queued…") } != nil)
        #expect(bot.transport.edits.contains("Generating…"))
        #expect(bot.transport.edits.last?.hasPrefix("Done in") == true)
        #expect(bot.transport.actions >= 1)

        // A second worker start finds nothing to deliver again.
        await bot.stopWorker()
        bot.startWorker()
        try await Task.sleep(for: .milliseconds(200))
        #expect(bot.transport.photoMessages.count == 1)
    }

    @Test func anAlbumPairFillsBothSlotsFirstYouThenClothing() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        let selfie = try TryOnHarness.selfie(seed: 5), garment = try TryOnHarness.garment(seed: 6)
        await bot.photos([selfie, garment])
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        let look = try #require(try await bot.looks().first)
        let personSHA = MediaStore.digest(of: try await bot.images.intake(selfie).bytes)
        let garmentSHA = MediaStore.digest(of: try await bot.images.intake(garment).bytes)
        #expect(look.personSHA256 == personSHA)
        #expect(look.garmentSHA256 == garmentSHA)
    }

    @Test func anUncaptionedPhotoAsksWhichSlotAndThenFillsTheEmptyOne() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie()])
        #expect(bot.transport.texts.last == "Is this photo of you, or of clothing to try on?")
        #expect(try await bot.press("It's me"))
        #expect(bot.transport.texts.last?.hasPrefix("Got you.") == true)
        // Exactly one slot is empty now, so an uncaptioned photo fills it and starts.
        await bot.photos([try TryOnHarness.garment()])
        try await bot.eventually("look") { try await bot.looks().count == 1 }
    }

    @Test func fourVariationsComeBackAsOneAlbum() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.command("tryon", "4")
        #expect(bot.transport.texts.last?.hasPrefix("First send a photo of yourself") == true)
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.photos([try TryOnHarness.garment()], caption: "try")
        try await bot.eventually("album") { !bot.transport.photoMessages.isEmpty }
        let album = try #require(bot.transport.photoMessages.first)
        #expect(album.images.count == 4)
        #expect(bot.provider.requests.first?.count == 4)
        let looks = try await bot.looks()
        #expect(looks.map(\.variation) == [1, 2, 3, 4])
        #expect(Set(looks.map(\.batchID)).count == 1)
        #expect(album.buttons.count == 5)
        #expect(album.buttons.last?.map(\.title) == ["Again"])
    }

    @Test func dressThisLookMakesTheResultTheNextPersonPhoto() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("first look") { bot.transport.photoMessages.count == 1 }
        #expect(try await bot.press("Dress this look"))
        #expect(bot.transport.texts.last?.hasPrefix("Look #1 is now your You photo") == true)
        await bot.photos([try TryOnHarness.garment(seed: 9)], caption: "wear")
        try await bot.eventually("second look") { try await bot.looks().count == 2 }
        let looks = try await bot.looks()
        #expect(looks[1].personSHA256 == looks[0].resultSHA256)
    }

    @Test func compareSendsALabelledBeforeAndAfterCollage() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("look") { !bot.transport.photoMessages.isEmpty }
        #expect(try await bot.press("Compare"))
        try await bot.eventually("collage") { bot.transport.photoMessages.count == 2 }
        let collage = try #require(bot.transport.photoMessages.last?.images.first)
        #expect(collage.mimeType == "image/jpeg")
        let info = try await bot.images.inspect(collage.bytes)
        // Both photos are 600×800: padding 16, label 64.
        #expect(info.width == 16 + 600 + 16 + 600 + 16)
        #expect(info.height == 16 + 800 + 64 + 16)
        #expect(collage.width == info.width && collage.height == info.height)
    }

    @Test func againMakesANewVariationOfTheSameRecipe() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("look") { bot.transport.photoMessages.count == 1 }
        #expect(try await bot.press("Again"))
        try await bot.eventually("second look") { bot.transport.photoMessages.count == 2 }
        let looks = try await bot.looks()
        #expect(looks[1].batchID == looks[0].batchID && looks[1].variation == 2)
        #expect(looks[1].personSHA256 == looks[0].personSHA256 && looks[1].garmentSHA256 == looks[0].garmentSHA256)
        #expect(try await bot.press("Keep"))
        #expect(try await bot.store.look(userID: looks[1].userID, number: 2)?.favourite == true)
    }

    @Test func promptPickedWithButtonsIsUsedForTheNextLook() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.command("prompt")
        #expect(bot.transport.button("✓ Default") != nil)
        #expect(try await bot.press("Professional"))
        #expect(bot.transport.texts.last?.hasPrefix("Style set to Professional.") == true)
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        let professional = PromptCatalog.builtInForTests.prompt(id: "professional")
        #expect(try await bot.looks().first?.prompt == professional.text)
        #expect(bot.provider.requests.first?.prompt == professional.text)
    }

    @Test func aBrokenImageOrANonImageGetsAClearReplyAndNothingIsSaved() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let selfie = try TryOnHarness.selfie()
        await bot.photos([Array(selfie.prefix(selfie.count / 2))], caption: "me")
        #expect(bot.transport.texts.last == ImageError.truncated(detail: "").userMessage)
        await bot.photos([Array("just some text, not a photo".utf8)], caption: "me")
        #expect(bot.transport.texts.last == ImageError.notAnImage.userMessage)
        // A good first photo and a bad second one in an album: neither is saved.
        await bot.photos([selfie, Array("nope".utf8)])
        #expect(try await bot.imageCount() == 0)
        #expect(try await bot.jobs().isEmpty)
    }

    @Test func tryOnWithAClosetItemNumberUsesTheItemPhoto() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        let user = try await bot.user
        let garment = try await bot.images.intake(try TryOnHarness.garment(seed: 4))
        let image = try await bot.store.saveImage(garment.bytes, userID: user.id, mimeType: "image/jpeg", width: garment.width, height: garment.height)
        var item = try ClosetItemFixture.blazer()
        item.photo = image.sha256
        _ = try await bot.store.addItem(item, userID: user.id)
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.command("tryon", "#1")
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        #expect(try await bot.looks().first?.garmentSHA256 == image.sha256)
        try await bot.eventually("delivered") { bot.transport.edits.last?.hasPrefix("Done in") == true }
        // The look's photo follows the "Done in" edit; wait for it, so the item card below is the last message.
        try await bot.eventually("look photo sent") {
            if case .photos = bot.transport.messages.last { return true } else { return false }
        }
        // A reply "try" to the item card does the same.
        await bot.command("item", "1")
        let card = try #require(bot.transport.messages.indices.last)
        await bot.text("try", replyTo: MessageRef(chatID: "c1", messageID: "m\(card + 1)-0"))
        try await bot.eventually("second look") { try await bot.looks().count == 2 }
    }
}
