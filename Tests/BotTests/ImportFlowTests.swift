import Bot
import Chat
import Foundation
import Images
import Testing
import WardrobeTestKit

@Suite struct ImportFlowTests {
    /// The loopback shop (one product page, its photo, a sign-in page).
    static func shop() throws -> LoopbackHTTPServer { try LoopbackShop.start() }

    @Test func aPastedLinkBecomesADraftAndThenAnItemWithItsPhoto() async throws {
        let shop = try Self.shop()
        defer { shop.stop() }
        let bot = try BotHarness()
        await bot.say("Look at this \(shop.url("/products/trouser")) !")
        #expect(bot.transport.photos.count == 1, "the draft shows the product photo")
        #expect(bot.lastText.contains("New piece: Pleated wide-leg trouser"))
        #expect(bot.lastText.contains("Category: Bottom (trouser)"))
        #expect(bot.lastText.contains("wide leg"))
        #expect(try await bot.closet().isEmpty, "nothing is saved before confirmation")
        try await bot.press("navy")
        try await bot.press("Save")
        let closet = try await bot.closet()
        #expect(closet.count == 1)
        let item = try #require(closet.first)
        #expect(item.brand == "Atelier Nord")
        #expect(item.color.family == .navy)
        #expect(item.legShape == .wide)
        #expect(item.formality == 3)
        let photo = try #require(item.photo)
        let stored = try bot.store.imageBytes(userID: try #require(try await bot.store.user(key: "console:ana")).id, sha256: photo)
        let info = try await ImageProcessor().inspect(stored)
        #expect(max(info.width, info.height) <= 2048, "stored photos are resized to 2048 px at most")
        #expect(bot.lastText.hasPrefix("Saved as #1 Pleated wide-leg trouser"))
    }

    @Test func somethingThatIsNotClothingIsQuestionedAndCanBeSavedAnyway() async throws {
        let shop = try Self.shop()
        defer { shop.stop() }
        let bot = try BotHarness()
        await bot.say(shop.url("/products/toaster"))
        #expect(bot.lastText == "That doesn't look like clothing (toaster). Save it anyway?")
        #expect(try await bot.closet().isEmpty)
        try await bot.press("✅ Save anyway")
        #expect(bot.lastText.contains("New piece: Retro 2-slice toaster"))
        #expect(bot.lastText.contains("pick one below"), "the user picks a category for it")
        try await bot.press("Accessory")
        // The page names no color: the user picks one, rather than the piece being filed as black.
        #expect(bot.lastText.contains("Color: not sure yet"))
        try await bot.press("white")
        try await bot.press("Save")
        let closet = try await bot.closet()
        #expect(closet.count == 1)
        #expect(closet.first?.category == .accessory)
        #expect(closet.first?.color.family == .white)
    }

    @Test func somethingThatIsNotClothingCanBeCancelled() async throws {
        let shop = try Self.shop()
        defer { shop.stop() }
        let bot = try BotHarness()
        await bot.say(shop.url("/products/toaster"))
        try await bot.press("✖ Cancel")
        #expect(bot.lastText == "Discarded. Nothing was saved.")
        #expect(try await bot.closet().isEmpty)
    }

    @Test func aPageThatIsNotAProductSavesNothingAndSaysWhatToDo() async throws {
        let shop = try Self.shop()
        defer { shop.stop() }
        let bot = try BotHarness()
        await bot.say(shop.url("/login"))
        #expect(bot.lastText.contains("sign-in") || bot.lastText.contains("couldn't find a product"))
        await bot.say(shop.url("/gone"))
        #expect(bot.lastText.contains("doesn't exist any more"))
        #expect(try await bot.closet().isEmpty)
        // Each "Reading the page…" note is deleted when the page is refused: the chat does not keep saying it is reading.
        let deleted = bot.transport.messages.compactMap { if case .delete(let ref) = $0 { return ref.messageID } else { return nil } }
        #expect(deleted.count == 2)
        #expect(bot.transport.texts.filter { $0.hasPrefix("🔎") }.count == 2)
    }

    @Test(arguments: ["/add https://", "/add http:///path", "https://?q=1"])
    func aLinkWithoutAHostIsRefusedWithoutAReadingNote(_ line: String) async throws {
        let bot = try BotHarness()
        await bot.say(line)
        #expect(bot.transport.texts == ["That doesn't look like a shop link. Send a link starting with https://."])
        #expect(try await bot.closet().isEmpty)
    }

    @Test func loopbackLinksAreRefusedUnlessPrivateNetworksAreAllowed() async throws {
        let shop = try Self.shop()
        defer { shop.stop() }
        let bot = try BotHarness(allowPrivateNetworks: false)
        await bot.say(shop.url("/products/trouser"))
        #expect(bot.lastText == "I can't open that link because it points to a private network. Send a public shop link instead.")
        #expect(shop.requests.isEmpty, "the refused address was never contacted")
    }

    @Test func typedWordsMakeADraftThatCanBeCorrectedBeforeSaving() async throws {
        let bot = try BotHarness()
        await bot.say("/add navy wool blazer")
        #expect(bot.lastText.contains("New piece: Navy wool blazer"))
        try await bot.press("Other color")
        await bot.say("burgundy")
        #expect(bot.lastText.contains("Color: burgundy"))
        try await bot.press("Save")
        let item = try #require(try await bot.closet().first)
        #expect(item.color.name == "burgundy")
        #expect(item.category == .outerwear)
    }

    @Test func buttonsOfAReplacedDraftHaveExpired() async throws {
        let bot = try BotHarness()
        await bot.say("/add white linen shirt")
        let oldSave = try #require(bot.transport.button("Save"))
        await bot.say("/add grey wool coat")
        await bot.send(.button(token: oldSave.token))
        #expect(bot.lastText.contains("This draft has expired"))
        #expect(try await bot.closet().isEmpty)
    }
}

@Suite struct GoodsQuestionLanguageTests {
    @Test func theGoodsKindIsNamedInTheReadersLanguage() async throws {
        let shop = try ImportFlowTests.shop()
        defer { shop.stop() }
        let bot = try BotHarness()
        await bot.say("/language de")
        await bot.say(shop.url("/products/toaster"))
        #expect(bot.lastText == "Das sieht nicht nach Kleidung aus (Toaster). Trotzdem speichern?")
        await bot.say("/language fr")
        await bot.say(shop.url("/products/toaster"))
        #expect(bot.lastText == "Ça ne ressemble pas à un vêtement (grille-pain). L'enregistrer quand même ?")
    }
}
