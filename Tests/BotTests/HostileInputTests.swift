import Bot
import Chat
import Closet
import Foundation
import Testing
import WardrobeTestKit

/// Inputs from issue 12: each must end in a clear refusal (never "something went wrong") and the bot keeps working.
@Suite struct HostileInputTests {
    static let failure = "Sorry, something went wrong on my side. Please try again."

    @Test func anInfinitePriceIsRefusedAndTheItemStillShows() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        for value in ["inf", "1e20", "nan", "-5", "1e400", "10000001", "79.90 EURO", "1" + String(repeating: "0", count: 400)] {
            await bot.say("/edit 1 price \(value)")
            #expect(bot.lastText != Self.failure, "price \(value)")
            #expect(bot.lastText.contains("price") || bot.lastText.contains("Price") || bot.lastText.contains("Currencies") || bot.lastText.contains("currency"), "price \(value): \(bot.lastText)")
        }
        #expect(try await bot.closet().first?.price == nil)
        await bot.say("/edit 1 price 79,90 eur")
        #expect(try await bot.closet().first?.price == Price(amount: 79.9, currency: "EUR"))
        await bot.say("/item 1")
        #expect(bot.lastText.contains("Price: €79.90"))
    }

    @Test func anOverlongNameIsRefusedAtEveryChatEntrance() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        // Over the chat limit, the router refuses before any feature sees the words.
        let huge = String(repeating: "a", count: 300_000)
        await bot.say("/add \(huge)")
        #expect(bot.lastText == "That message is too long for me (over 4,096 characters). Send something shorter.")
        await bot.say("/edit 1 name \(huge)")
        #expect(bot.lastText == "That message is too long for me (over 4,096 characters). Send something shorter.")
        // Within it, each field's own limit applies.
        let long = String(repeating: "a", count: 121)
        await bot.say("/add \(long)")
        #expect(bot.lastText == "Names can be at most 120 characters. Shorten it and try again.")
        await bot.say("/edit 1 name \(long)")
        #expect(bot.lastText == "Names can be at most 120 characters. Shorten it and try again.")
        await bot.say("/edit 1 brand \(String(repeating: "b", count: 81))")
        #expect(bot.lastText == "Brands can be at most 80 characters. Shorten it and try again.")
        #expect(try await bot.closet().allSatisfy { $0.name.count <= ItemField.name.maximumLength })
        await bot.say("/edit 1 name \(String(repeating: "n", count: 120))")
        #expect(try await bot.closet().first?.name.count == 120)
    }

    @Test func aMistypedOccasionNamesTheKnownOnesOrTheClosestOne() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        for word in ["party", "picnic", "business casual dinner"] {
            await bot.say("/outfit \(word)")
            #expect(bot.lastText.hasPrefix("I don't know the occasion \"\(word)\". Try one of: casual, smart casual"), "\(word): \(bot.lastText)")
        }
        await bot.say("/outfit bus")
        #expect(bot.lastText == "\"bus\" could mean business casual or business formal. Say which one.")
        await bot.say("/outfit buisness")
        #expect(bot.transport.texts.contains("No occasion \"buisness\" — showing business casual."))
        #expect(bot.lastText.hasPrefix("Business Casual"))
        #expect(!bot.transport.texts.contains(Self.failure))
    }
}
