import Chat
import Foundation
import Images
import Storage
import Testing
import TryOn

@Suite struct LooksCommandTests {
    /// Saves `count` looks with real result images.
    static func seed(_ bot: TryOnHarness, count: Int) async throws {
        let user = try await bot.user
        let person = try await bot.store.saveImage(try TryOnHarness.selfie(), userID: user.id, mimeType: "image/jpeg", width: 600, height: 800)
        let garment = try await bot.store.saveImage(try TryOnHarness.garment(), userID: user.id, mimeType: "image/jpeg", width: 500, height: 500)
        for index in 0..<count {
            let result = try await bot.store.saveImage(
                try SyntheticPhoto.generate(width: 300, height: 400, format: .png, seed: 100 + index), userID: user.id, mimeType: "image/png",
                width: 300, height: 400)
            _ = try await bot.store.addLook(LookRecord(
                userID: user.id, chatID: nil, personSHA256: person.sha256, garmentSHA256: garment.sha256, resultSHA256: result.sha256,
                prompt: PromptCatalog.builtInForTests.defaultPrompt.text, service: "openrouter", model: "test-model", batchID: "batch-\(index / 2)",
                variation: index % 2 + 1, startedAt: bot.clock.now(), durationMilliseconds: 14_200))
        }
    }

    @Test func looksPagesThroughTheAlbumNewestFirst() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        await bot.command("looks")
        #expect(bot.transport.texts.last?.hasPrefix("No looks yet.") == true)
        try await Self.seed(bot, count: 6)
        await bot.command("looks")
        let first = try #require(bot.transport.photoMessages.last)
        #expect(first.images.count == 4)
        #expect(first.images.compactMap { $0.caption?.plainText.split(separator: " ").first.map(String.init) } == ["#6", "#5", "#4", "#3"])
        #expect(first.caption?.contains("1–4 of 6 — page 1/2") == true)
        #expect(first.buttons.flatMap { $0 }.map(\.title) == ["Next ▶"])
        #expect(try await bot.press("Next ▶"))
        let second = try #require(bot.transport.photoMessages.last)
        #expect(second.images.count == 2)
        #expect(second.caption?.contains("5–6 of 6 — page 2/2") == true)
        #expect(second.buttons.flatMap { $0 }.map(\.title) == ["◀ Previous"])
    }

    @Test func lookShowsThePhotoAndItsRecipe() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        try await Self.seed(bot, count: 2)
        await bot.command("look", "2")
        // The recipe strip: You + Clothing → Look side by side in one picture.
        let strip = try #require(bot.transport.photoMessages.last?.images.first)
        #expect(strip.mimeType == "image/jpeg")
        #expect((strip.width ?? 0) > 2 * (strip.height ?? .max))
        let recipe = try #require(bot.transport.texts.last)
        #expect(recipe.hasPrefix("Look #2"))
        #expect(recipe.contains("Prompt: Default"))
        #expect(recipe.contains("Service: OpenRouter · model test-model"))
        #expect(recipe.contains("Took 14 s"))
        #expect(recipe.contains("Batch batch-0, variation 2"))
        #expect(bot.transport.button("Dress this look") != nil)
        await bot.command("look", "9")
        #expect(bot.transport.texts.last == "You have no look #9. /looks lists them.")
    }
}
