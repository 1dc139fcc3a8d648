import Bot
import Chat
import Closet
import Foundation
import Support
import Testing
import WardrobeTestKit

@Suite struct ClosetCommandTests {
    static let exampleCloset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path

    /// Gives `user` the example closet (14 pieces).
    static func stock(_ bot: BotHarness, user: String = "ana") async throws {
        let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: exampleCloset, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
        let record = try await bot.store.user(transport: "console", externalID: user)
        _ = try await bot.store.addItems(items, userID: record.id)
    }

    @Test func anEmptyClosetGetsOneFriendlyLineAndNoOutfit() async throws {
        let bot = try BotHarness()
        await bot.say("/outfit business")
        // Without an occasion it says so at once, not after asking which occasion.
        await bot.say("/outfit")
        let empty = "Your closet is empty. Paste a product link, or send /add navy wool blazer, to add your first piece."
        #expect(bot.transport.texts == [empty, empty])
    }

    @Test func anOutfitIsBuiltOnlyFromTheAskersOwnPiecesInAGroup() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot, user: "ana")
        await bot.say("/outfit business", user: "ana", chat: "group", kind: .group)
        let outfit = bot.lastText
        #expect(outfit.hasPrefix("Business Casual"))
        let names = try ClosetCodec.importItems(jsonText: String(contentsOfFile: Self.exampleCloset, encoding: .utf8), importedAt: Date()).map(\.name)
        let listed = outfit.split(separator: "\n").dropFirst().map { String($0) }
        #expect(listed.count >= 3)
        #expect(listed.allSatisfy { line in names.contains { line.contains($0) } }, "every piece is one Ana owns")
        await bot.say("/outfit business", user: "ben", chat: "group", kind: .group)
        #expect(bot.lastText.contains("Your closet is empty"))
        await bot.say("/item 1", user: "ben", chat: "group", kind: .group)
        #expect(bot.lastText == "You have no item #1. /closet lists your pieces.")
        await bot.say("/remove 1", user: "ben", chat: "group", kind: .group)
        #expect(try await bot.closet(of: "ana").count == 14)
    }

    @Test func someoneElsesOutfitButtonsDoNothing() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot, user: "ana")
        await bot.say("/outfit business", user: "ana", chat: "group", kind: .group)
        let wore = try #require(bot.transport.button("I wore this"))
        await bot.send(.button(token: wore.token), user: "ben", chat: "group", kind: .group)
        #expect(bot.lastText == "This button belongs to someone else.")
        #expect(try await bot.closet(of: "ana").allSatisfy { $0.wearCount == 0 })
        await bot.send(.button(token: wore.token), user: "ana", chat: "group", kind: .group)
        #expect(try await bot.closet(of: "ana").filter { $0.wearCount == 1 }.count >= 3)
    }

    @Test func showAnotherNeverRepeatsUntilEveryOutfitWasShown() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        await bot.say("/outfit black tie")
        // Nothing at formality 5: said first, then the closest outfit it can make, from owned pieces only.
        let said = try #require(bot.transport.readable.dropLast().last)
        #expect(said.hasPrefix("No ") && said.contains("at formality 5 for black tie"))
        #expect(said.contains("The closest I can make from your closet, at formality 3–5:"))
        #expect(bot.lastText.hasPrefix("Black Tie\n"))
        #expect(!bot.transport.lastButtons.contains { $0.title == "Show another" }, "another would be the strict occasion again")
        let owned = Set(try await bot.closet().map(\.number))
        let numbers = bot.lastText.split(separator: "#").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(!numbers.isEmpty && numbers.allSatisfy(owned.contains))
        await bot.say("/outfit business")
        var seen: [String] = [bot.lastText]
        for _ in 0..<200 {
            try await bot.press("Show another")
            let texts = bot.transport.texts
            if texts.last?.contains("seen every") == true || texts.dropLast().last?.contains("seen every") == true { break }
            seen.append(bot.lastText)
        }
        #expect(seen.count > 3)
        #expect(Set(seen).count == seen.count, "no outfit repeated before the list ran out")
        #expect(bot.transport.texts.contains { $0.contains("You've seen every business casual outfit") })
    }

    @Test func laundryPiecesAreLeftOutUntilClean() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        for number in [9, 10, 11] { await bot.say("/laundry \(number)") }
        await bot.say("/outfit business")
        #expect(bot.lastText.contains("No shoes"))
        #expect(bot.lastText.contains("laundry"))
        await bot.say("/clean 9")
        await bot.say("/outfit business")
        #expect(bot.lastText.contains("Brown suede loafers"))
    }

    @Test func editsAreValidatedWithTheAllowedValues() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        await bot.say("/edit 1 formality 9")
        #expect(bot.lastText == "The formality must be a number from 1 to 5 (1 casual … 5 black tie).")
        await bot.say("/edit 1 sparkle lots")
        #expect(bot.lastText.hasPrefix("I can't edit \"sparkle\". Fields: name, category"))
        await bot.say("/edit 1 fit wobbly")
        #expect(bot.lastText == "The fit must be one of: slim, regular, relaxed, oversized.")
        // A fit word the keyword rules know is filed under its fit.
        await bot.say("/edit 1 fit baggy")
        #expect(try await bot.closet().first?.fit == .relaxed)
        // The reply names what was stored, not the word typed.
        #expect(bot.lastText == "Updated #1: fit is now relaxed.")
        await bot.say("/edit 1 color navy")
        #expect(try await bot.closet().first?.color.family == .navy)
        // A color the keyword rules know is filed under its family and keeps the person's word.
        await bot.say("/edit 1 color charcoal")
        #expect(try await bot.closet().first?.color == ItemColor(name: "charcoal", family: .grey))
        #expect(bot.lastText == "Updated #1: color is now charcoal (grey).")
        await bot.say("/edit 1 color dunkelblau")
        #expect(try await bot.closet().first?.color.family == .navy)
        await bot.say("/edit 1 color sparkly")
        #expect(bot.lastText.hasPrefix("Color must name a family"))
        #expect(try await bot.closet().first?.color.family == .navy)
    }

    @Test func removingAsksFirstAndTheClosetPagesThroughEverything() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        await bot.say("/remove 2")
        #expect(try await bot.closet().count == 14)
        try await bot.press("Delete #2")
        #expect(try await bot.closet().count == 13)
        // 13 pieces plus 12 more: two pages of 24.
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let tees = (1...12).map { ClosetItem(name: "Tee \($0)", category: .top, formality: 2, color: ItemColor(name: "white", family: .white)) }
        _ = try await bot.store.addItems(tees, userID: user.id)
        await bot.say("/closet")
        #expect(bot.lastText.contains("page 1/2"))
        try await bot.press("Next ▶")
        #expect(bot.lastText.contains("page 2/2"))
        await bot.say("/closet shoes")
        #expect(bot.lastText.hasPrefix("Shoes (3)"))
        // A garment word the keyword rules know means its category: sneakers are shoes.
        await bot.say("/closet sneakers")
        #expect(bot.lastText.hasPrefix("Shoes (3)"))
    }

    @Test func exportSendsTheClosetAsAJSONDocumentThatImportsAgain() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        await bot.say("/export")
        let (name, bytes, type) = try Self.lastDocument(bot)
        #expect(name == "wardrobe-closet.json" && type == "application/json")
        let again = try ClosetCodec.importItems(jsonText: String(decoding: bytes, as: UTF8.self), importedAt: Date())
        #expect(again.count == 14)
    }

    @Test func exportCSVSendsASpreadsheetWithARowPerPieceAndQuotedCells() async throws {
        let bot = try BotHarness()
        try await Self.stock(bot)
        await bot.say("/edit 1 brand =HYPERLINK(\"http://x\")")
        await bot.say("/edit 2 name Shirt, \"Oxford\"")
        await bot.say("/laundry 3")
        await bot.say("/export csv")
        let (name, bytes, type) = try Self.lastDocument(bot)
        #expect(name == "wardrobe-closet.csv" && type == "text/csv")
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 15)
        #expect(lines[0].hasPrefix("number,name,category,subcategory,color,color_family,"))
        // A formula stays text, a comma or quote is quoted, the laundry column says yes.
        #expect(lines[1].contains(",\"'=HYPERLINK(\"\"http://x\"\")\","), "\(lines[1])")
        #expect(lines[2].hasPrefix("2,\"Shirt, \"\"Oxford\"\"\",top,"), "\(lines[2])")
        #expect(lines[3].split(separator: ",", omittingEmptySubsequences: false)[18] == "yes", "\(lines[3])")
        #expect(lines[4].split(separator: ",", omittingEmptySubsequences: false)[18] == "no")
    }

    /// The file name, bytes and type of the last message, which must be a document.
    static func lastDocument(_ bot: BotHarness) throws -> (name: String, bytes: [UInt8], type: String) {
        guard case .document(let name, let bytes, let type, _) = try #require(bot.transport.messages.last) else {
            throw UserMessageError("expected a document, got \(String(describing: bot.transport.messages.last))")
        }
        return (name, bytes, type)
    }

    @Test func anUnknownExportFormatNamesTheTwo() async throws {
        let bot = try BotHarness()
        await bot.say("/export pdf")
        #expect(bot.lastText == "I export your closet as a JSON file (/export) or as a spreadsheet (/export csv).")
    }
}

/// Prices typed the way shops print them, and fields emptied again.
@Suite struct TypedPriceEditTests {
    @Test(arguments: [("1,000", 1000.0, nil), ("1.299,00 EUR", 1299.0, "EUR"), ("€49.90", 49.9, "EUR"), ("$20", 20.0, "USD"),
                      ("49,90 €", 49.9, "EUR"), ("£ 12", 12.0, "GBP"), ("0", 0.0, nil), ("79.90 usd", 79.9, "USD")])
    func aPriceTypedAsShopsWriteItIsRead(text: String, amount: Double, currency: String?) async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/edit 1 price \(text)")
        let price = try #require(try await bot.closet().first?.price, "\(text): \(bot.lastText)")
        #expect(abs(price.amount - amount) < 0.001, "\(text)")
        #expect(price.currency == currency, "\(text)")
    }

    @Test(arguments: ["20 XYZ", "2 x 12", "12-15 EUR", "abc"])
    func aPriceWithAnUnknownCurrencyOrTwoNumbersIsRefused(text: String) async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/edit 1 price \(text)")
        #expect(try await bot.closet().first?.price == nil, "\(text)")
        #expect(bot.lastText.contains("price") || bot.lastText.contains("Price") || bot.lastText.contains("currency"), "\(text): \(bot.lastText)")
    }

    @Test func brandSizeMaterialAndPriceCanBeEmptied() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/edit 1 brand Acme")
        await bot.say("/edit 1 price 20 EUR")
        await bot.say("/edit 1 brand none")
        #expect(bot.lastText == "Updated #1: no brand now.")
        await bot.say("/edit 1 price -")
        let item = try #require(try await bot.closet().first)
        #expect(item.brand == nil && item.price == nil)
        // A name is never emptied: "none" is then the name.
        await bot.say("/edit 1 name none")
        #expect(try await bot.closet().first?.name == "none")
    }
}

/// The laundry for several pieces at once, and the way out when an outfit lacks clean ones.
@Suite struct LaundryTests {
    @Test func severalPiecesGoToTheLaundryAndComeBackWithCleanAll() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/laundry 1 2, 3")
        #expect(bot.lastText.hasPrefix("3 pieces are in the laundry: #1, #2, #3."), "\(bot.lastText)")
        #expect(try await bot.closet().filter { !$0.isAvailable }.map(\.number) == [1, 2, 3])
        await bot.say("/clean all")
        #expect(bot.lastText == "3 pieces are back in your closet: #1, #2, #3.", "\(bot.lastText)")
        #expect(try await bot.closet().allSatisfy(\.isAvailable))
        await bot.say("/clean all")
        #expect(bot.lastText == "Nothing is in the laundry.")
    }

    @Test func eitherCommandAloneSaysWhatIsInTheLaundry() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/laundry")
        #expect(bot.lastText == "Nothing is in the laundry. /laundry 3 puts #3 there, out of outfits until /clean 3.")
        await bot.say("/laundry 2 4")
        let names = try await bot.closet().filter { [2, 4].contains($0.number) }.map { "#\($0.number) \($0.name)" }
        await bot.say("/clean")
        #expect(bot.lastText == "2 pieces are in the laundry: \(names.joined(separator: ", ")). /clean all when they're back.", "\(bot.lastText)")
        #expect(try await bot.closet().filter { !$0.isAvailable }.count == 2)
    }

    @Test func anOutfitWhosePiecesAreAllDirtyPointsToClean() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        let numbers = try await bot.closet().map { String($0.number) }.joined(separator: " ")
        await bot.say("/laundry \(numbers)")
        await bot.say("/outfit casual")
        #expect(bot.lastText.contains("/clean all") && !bot.lastText.contains("Paste a product link"), "\(bot.lastText)")
    }
}

/// The weather an occasion implies weighs on each piece, not only on the coat.
@Suite struct SeasonOutfitTests {
    @Test func aWinterWalkIsNotDressedInASummerDress() async throws {
        let bot = try BotHarness()
        for words in ["navy wool blazer", "white oxford shirt", "grey wool trousers", "brown leather shoes", "red summer dress", "blue jeans", "white t-shirt"] {
            await bot.say("/add \(words)")
            try await bot.press("✅ Save")
        }
        await bot.say("/outfit winter walk")
        let outfit = bot.transport.readable.suffix(3).joined(separator: "\n")
        #expect(outfit.contains("Winter Walk"), "\(outfit)")
        #expect(!outfit.contains("summer dress"), "\(outfit)")
    }
}
