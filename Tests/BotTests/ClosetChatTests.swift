@testable import Bot
import Chat
import Closet
import Foundation
import HTTP
import Testing

@Suite struct ClosetChatTests {
    @Test func aRemovedItemNumberIsNeverGivenToTheNextPiece() async throws {
        let bot = try BotHarness()
        await bot.say("/add navy wool blazer")
        try await bot.press("Save")
        await bot.say("/add white oxford shirt")
        try await bot.press("Save")
        await bot.say("/remove 2")
        try await bot.press("Delete #2")
        await bot.say("/add grey flannel trousers")
        try await bot.press("Save")
        #expect(bot.lastText.hasPrefix("Saved as #3 "))
        #expect(try await bot.closet().map(\.number) == [1, 3])
        await bot.say("/item 2")
        #expect(bot.lastText == "You have no item #2. /closet lists your pieces.")
    }

    @Test func savingOffersTryItOnOrAddAPhotoAsAChoiceNotAReply() async throws {
        let bot = try BotHarness()
        await bot.say("/add navy wool blazer")
        try await bot.press("Save")
        #expect(!bot.lastText.contains("reply"))
        #expect(bot.lastText.contains("/outfit can now use it"))
        #expect(bot.transport.button("Add a photo") != nil)
        try await bot.press("Add a photo")
        #expect(bot.lastText == "Send the photo of #1 Navy wool blazer now.")
    }

    @Test func aSecondAddSaysTheFirstUnsavedDraftWasReplaced() async throws {
        let bot = try BotHarness()
        await bot.say("/add navy wool blazer")
        await bot.say("/add white oxford shirt")
        #expect(bot.transport.texts.contains { $0.hasPrefix("Your unsaved draft of Navy wool blazer is replaced by this one") })
    }

    @Test func aTypedColorKeepsTheUsersWordsAndMapsToAFamily() async throws {
        let bot = try BotHarness()
        await bot.say("/add cotton shirt")
        try await bot.press("Other color")
        await bot.say("sky blue")
        try await bot.press("Save")
        let item = try #require(try await bot.closet().first)
        #expect(item.color.name == "sky blue")
        #expect(item.color.family != .multi)
    }

    @Test func aPieceWithNoColorNamedIsNotSavedAsBlackUntilAColorIsPicked() async throws {
        let bot = try BotHarness()
        await bot.say("/add cotton shirt")
        #expect(bot.lastText.contains("Color: not sure yet"))
        #expect(!bot.lastText.contains("Color: black"))
        try await bot.press("Save")
        #expect(bot.lastText == "Pick a color first (or Other color to type it), then Save.")
        #expect(try await bot.closet().isEmpty)
        try await bot.press("navy")
        try await bot.press("Save")
        #expect(try await bot.closet().first?.color.family == .navy)
        // A color in the words is known at once, and Save takes it.
        await bot.say("/add white linen shirt")
        try await bot.press("Save")
        #expect(try await bot.closet().last?.color.family == .white)
        // A color typed on its own answers the card's question without Other color; other words do not.
        await bot.say("/add Hose")
        await bot.say("you there?")
        #expect(bot.lastText == "I didn't catch that. Send /help to see what I can do.")
        await bot.say("blau")
        #expect(bot.lastText.contains("Color: blau (blue)"))
        try await bot.press("Save")
        #expect(try await bot.closet().last?.color.family == .blue)
        // Once a piece has its color, a color word is just words again.
        await bot.say("teal")
        #expect(bot.lastText == "I didn't catch that. Send /help to see what I can do.")
    }

    @Test func addRefusesLinksItNeverOpensAndReadsAWwwLinkAsHttps() async throws {
        let bot = try BotHarness()
        await bot.say("/add file:///etc/passwd")
        #expect(bot.lastText == "I only open web links (http:// or https://), not file links. Send the shop page's link.")
        await bot.say("/add javascript:alert(1)")
        #expect(bot.lastText.contains("not javascript links"))
        #expect(try await bot.store.chatState(chatID: 1, userID: 1)["draft"] == nil)
        #expect(LinkFinder.bareWebLink("www.shop.example/p/123).") == "https://www.shop.example/p/123")
        #expect(LinkFinder.bareWebLink("www.shop") == nil)
        #expect(LinkFinder.bareWebLink("www.shop.example navy") == nil)
        #expect(LinkFinder.otherScheme("ftp://files.example/shirt") == "ftp")
        #expect(LinkFinder.otherScheme("note:navy shirt") == nil)
        #expect(LinkFinder.otherScheme("https://shop.example") == nil)
    }

    @Test func aLoneWwwLinkIsImportedAndALinkOfAnotherSchemeIsRefusedWithoutAdd() async throws {
        // Every host resolves to a private address, so the import stops at the address check, offline.
        let bot = try BotHarness(allowPrivateNetworks: false, lookup: PrivateLookup())
        await bot.say("www.shop.example/p/123")
        #expect(bot.transport.readable.contains { $0.hasPrefix("🔎") })
        #expect(bot.lastText == "I can't open that link because it points to a private network. Send a public shop link instead.")
        await bot.say("ftp://files.example/shirt.jpg")
        #expect(bot.lastText == "I only open web links (http:// or https://), not ftp links. Send the shop page's link.")
        // Words that merely contain "www." or a colon are not links.
        await bot.say("see www.shop.example later")
        #expect(bot.lastText == "I didn't catch that. Send /help to see what I can do.")
        await bot.say("note: navy shirt")
        #expect(bot.lastText == "I didn't catch that. Send /help to see what I can do.")
    }

    @Test func closetWithANumberPages() async throws {
        let bot = try BotHarness()
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let shirts = (1...30).map { ClosetItem(name: "Shirt \($0)", category: .top, formality: 2, color: ItemColor(name: "white", family: .white)) }
        _ = try await bot.store.addItems(shirts, userID: user.id)
        await bot.say("/closet 2")
        #expect(bot.lastText.contains("page 2/2"))
        #expect(bot.lastText.contains("Shirt 25"))
        await bot.say("/closet tops 2")
        #expect(bot.lastText.contains("Tops (30) — page 2/2"))
        await bot.say("/closet 9")
        #expect(bot.lastText.hasPrefix("(There are only 2 pages.)"))
        await bot.say("/closet 0")
        #expect(bot.lastText == "Pages start at 1, e.g. /closet 2.")
        // A number too long for an integer is still a page, past the end, not a category.
        await bot.say("/closet 99999999999999999999999")
        #expect(bot.lastText.hasPrefix("(There are only 2 pages.)"))
        await bot.say("/closet -99999999999999999999999")
        #expect(bot.lastText == "Pages start at 1, e.g. /closet 2.")
    }

    @Test func theOutfitMenuOffersEveryOccasionAndKeepsTheCount() async throws {
        let bot = try BotHarness()
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let pieces: [ClosetItem] = (1...3).flatMap { index in [
            ClosetItem(name: "Shirt \(index)", category: .top, formality: 2, color: ItemColor(name: "white", family: .white)),
            ClosetItem(name: "Jeans \(index)", category: .bottom, formality: 2, color: ItemColor(name: "blue", family: .blue)),
            ClosetItem(name: "Sneakers \(index)", category: .shoes, formality: 2, color: ItemColor(name: "white", family: .white)),
        ] }
        _ = try await bot.store.addItems(pieces, userID: user.id)
        await bot.say("/outfit 3")
        let titles = bot.transport.lastButtons.map(\.title)
        let occasions = try OccasionCatalog(jsonText: String(contentsOfFile: "\(BotHarness.configFolder)/occasions.json", encoding: .utf8))
        #expect(titles == occasions.occasions.map(\.name))
        let casual = try #require(occasions.occasions.first { $0.formality.contains(2) })
        try await bot.press(casual.name)
        #expect(bot.transport.readable.contains { $0.contains("option 3 of 3") })
    }

    @Test func aTextDraftAsksForTheSizeWithSkip() async throws {
        let bot = try BotHarness()
        await bot.say("/add navy wool blazer")
        #expect(bot.lastText.contains("Check the color and size, then Save."))
        try await bot.press("Type the size")
        await bot.say("M")
        try await bot.press("Save")
        #expect(try await bot.closet().first?.size == "M")
        await bot.say("/add white oxford shirt")
        try await bot.press("Skip size")
        #expect(bot.lastText.contains("Check the color, then Save."))
        #expect(bot.transport.button("Skip size") == nil)
        try await bot.press("Save")
        #expect(try await bot.closet().last?.size == nil)
    }
}

/// Resolves every host to a private address.
private struct PrivateLookup: HostLookup {
    func addresses(of host: String) async throws -> [String] { ["10.0.0.7"] }
}
