import Chat
import Closet
import Foundation
import Storage
import Testing
import TryOn

@Suite struct TryOnComposerTests {
    @Test func tryonWithoutArgumentsShowsBothPhotosAsOnePictureWithTheirSourcesAndSwapGo() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let user = try await bot.user
        let garment = try await bot.images.intake(try TryOnHarness.garment(seed: 4))
        let image = try await bot.store.saveImage(garment.bytes, userID: user.id, mimeType: "image/jpeg", width: garment.width, height: garment.height)
        var item = try ClosetItemFixture.blazer()
        item.photo = image.sha256
        _ = try await bot.store.addItem(item, userID: user.id)
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.command("tryon")
        #expect(bot.transport.texts.last?.contains("You: a photo") == true)
        #expect(bot.transport.texts.last?.contains("Clothing: empty") == true)
        // The filled slot swaps, the empty one adds.
        #expect(bot.transport.button("Swap You") != nil && bot.transport.button("Add Clothing") != nil)
        #expect(bot.transport.button("Swap Clothing") == nil && bot.transport.button("Add You") == nil)
        let before = try await bot.jobs().count
        await bot.press("Add Clothing")
        await bot.command("tryon", "#1")
        // Swapping holds the run for Go: the composer comes back with both photos in one picture.
        #expect(try await bot.jobs().count == before)
        let picture = try #require(bot.transport.photoMessages.last?.images.first)
        let size = try await bot.images.inspect(picture.bytes)
        #expect(size.width > size.height)
        let text = try #require(bot.transport.texts.last)
        #expect(text.contains("You: a photo"))
        #expect(text.contains("Clothing: closet item #1"))
        #expect(bot.transport.button("Swap You") != nil && bot.transport.button("Go") != nil)
        #expect(await bot.press("Go"))
        #expect(try await bot.jobs().count == before + 1)
        #expect(try await bot.jobs().last.flatMap { TryOnJobPayload(json: $0.payload) }?.garmentSHA256 == image.sha256)
    }

    @Test func keepClothingLeavesTheGarmentForTheNextSelfie() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.command("tryon")
        #expect(await bot.press("Keep clothing"))
        #expect(bot.transport.texts.last?.hasPrefix("Keeping the Clothing photo") == true)
        await bot.photos([try TryOnHarness.garment()], caption: "wear")
        #expect(try await bot.jobs().count == 1)
        // A new selfie starts a second run with the same garment, without sending it again.
        await bot.photos([try TryOnHarness.selfie(seed: 9)], caption: "me")
        let jobs = try await bot.jobs()
        #expect(jobs.count == 2)
        let payloads = jobs.compactMap { TryOnJobPayload(json: $0.payload) }
        #expect(payloads.count == 2 && payloads[0].garmentSHA256 == payloads[1].garmentSHA256)
        #expect(payloads[0].personSHA256 != payloads[1].personSHA256)
    }

    @Test func useAgainLoadsTheWholeRecipeAndOneInputCanChange() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.command("prompt", "fashion")
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        let look = try #require(try await bot.looks().first)
        await bot.command("prompt", "default")
        await bot.command("look", "1")
        // The recipe strip: You + Clothing → Look in one wide picture, and the prompt text.
        let strip = try #require(bot.transport.photoMessages.last?.images.first)
        let info = try await bot.images.inspect(strip.bytes)
        #expect(info.width > 2 * info.height)
        #expect(bot.transport.texts.last?.contains("Prompt: Fashion — “Virtual try-on in the style") == true)
        #expect(await bot.press("Use again"))
        let composer = try #require(bot.transport.texts.last)
        #expect(composer.contains("You: the recipe of look #1"))
        #expect(composer.contains("Style: Fashion"))
        await bot.press("Swap You")
        await bot.photos([try TryOnHarness.selfie(seed: 8)])
        #expect(await bot.press("Go"))
        try await bot.eventually("second look") { try await bot.looks().count == 2 }
        let second = try #require(try await bot.looks().last)
        #expect(second.garmentSHA256 == look.garmentSHA256)
        #expect(second.personSHA256 != look.personSHA256)
        #expect(second.prompt == look.prompt)
        #expect(second.prompt == PromptCatalog.builtInForTests.prompt(id: "fashion").text)
    }

    @Test func lookDeleteAsksFirstAndDeletesImagesNothingElseUses() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        bot.startWorker()
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        try await bot.eventually("look") { try await bot.looks().count == 1 }
        #expect(try await bot.imageCount() == 3)
        await bot.command("look", "1 delete")
        #expect(bot.transport.texts.last == "Delete look #1? This can't be undone.")
        #expect(try await bot.looks().count == 1)
        #expect(await bot.press("Delete look #1"))
        #expect(bot.transport.texts.last == "Deleted look #1.")
        #expect(try await bot.looks().isEmpty)
        // The result went; the selfie stays because the You slot still holds it; the used-up garment went.
        #expect(try await bot.imageCount() == 1)
        let user = try await bot.user
        let remaining = try await bot.store.database.run { db in try db.query("SELECT sha256 FROM images").compactMap { $0.string("sha256") } }
        #expect(remaining.allSatisfy { bot.store.media.existingPath(userID: user.id, sha256: $0) != nil })
        // Look numbers are never reused either.
        await bot.photos([try TryOnHarness.garment(seed: 5)], caption: "wear")
        try await bot.eventually("new look") { try await bot.looks().count == 1 }
        #expect(try await bot.looks().first?.number == 2)
    }

    @Test func ownPromptTextIsBoundedStoredAndUsedUntilDefault() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("prompt", "short")
        #expect(bot.transport.texts.last?.hasPrefix("There is no style \"short\"") == true)
        await bot.command("prompt", String(repeating: "very long words ", count: 80))
        #expect(bot.transport.texts.last?.hasPrefix("Your own prompt must be 10 to 1,000 characters") == true)
        let own = "Dress the person in the garment, on a rainy street at dusk."
        await bot.command("prompt", own)
        #expect(bot.transport.texts.last == "Your own prompt is set; try-ons use it until /prompt default.")
        await bot.photos([try TryOnHarness.selfie(), try TryOnHarness.garment()])
        #expect(try await bot.jobs().last.flatMap { TryOnJobPayload(json: $0.payload) }?.promptText == own)
        await bot.command("prompt", "default")
        #expect(bot.transport.texts.last?.hasPrefix("Style set to Default.") == true)
        await bot.photos([try TryOnHarness.garment(seed: 7)], caption: "wear")
        #expect(try await bot.jobs().last.flatMap { TryOnJobPayload(json: $0.payload) }?.promptText == PromptCatalog.builtInForTests.defaultPrompt.text)
        await bot.command("service", "gemini")
        #expect(bot.transport.texts.last?.hasPrefix("Try-ons now run on Gemini.") == true)
        await bot.command("service", "dalle")
        #expect(bot.transport.texts.last?.hasPrefix("There is no service \"dalle\"") == true)
    }

    @Test func aQuotaRefusalForFourSuggestsFewerAndDoesNotStickToLaterPhotos() async throws {
        let bot = try TryOnHarness(dailyQuota: 2)
        defer { Task { await bot.close() } }
        await bot.photos([try TryOnHarness.selfie()], caption: "me")
        await bot.command("tryon", "4")
        await bot.photos([try TryOnHarness.garment()], caption: "wear")
        let refusal = try #require(bot.transport.texts.last)
        #expect(refusal.hasPrefix("Only 2 of today's 2 try-ons are left, and this needs 4. Send /tryon 2 to make 2."))
        await bot.photos([try TryOnHarness.garment(seed: 3)], caption: "wear")
        #expect(try await bot.jobs().count == 1)
    }
}

/// The try-on settings and looks in the language a user chose with `/language`.
@Suite struct TryOnLanguageTests {
    @Test func promptServiceAndLooksAnswerInTheChosenLanguage() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("language", "it")
        #expect(bot.transport.texts.last == "D'ora in poi rispondo in italiano.")
        await bot.command("prompt", String(repeating: "parole molto lunghe ", count: 80))
        #expect(bot.transport.texts.last?.hasPrefix("Il tuo prompt deve avere da 10 a 1000 caratteri; questo ne ha 1599.") == true)
        await bot.command("service", "dalle")
        #expect(bot.transport.texts.last == "Non c'è nessun servizio \"dalle\". Usa /service openrouter, /service gemini o /service fal.")
        await bot.command("looks")
        #expect(bot.transport.texts.last?.hasPrefix("Nessuna prova ancora.") == true)
        await bot.command("look", "7")
        #expect(bot.transport.texts.last == "Non hai la prova #7. /looks le elenca.")
    }
}
