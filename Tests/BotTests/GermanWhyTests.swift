import Chat
import Foundation
import Testing

/// The "Why?" of an outfit in the reader's language: the engine's reasons and the score lines come from the catalog.
@Suite struct GermanWhyTests {
    @Test func aGermanUserGetsTheWhyOfAnOutfitInGerman() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/language de")
        await bot.say("/outfit geschäftlich")
        try await bot.press("Warum?")
        let why = bot.lastText
        #expect(why.hasPrefix("Warum dieses Outfit\n"), "\(why)")
        #expect(why.contains("Formalität "), "\(why)")
        #expect(why.contains(" passt zu geschäftlich") || why.contains(" nahe an geschäftlich"), "\(why)")
        #expect(why.contains("Formalität passt zum Anlass: +"), "the score lines: \(why)")
        for english in ["formality", "neutrals", "matches", "fits the occasion"] {
            #expect(!why.contains(english), "\(english) left in: \(why)")
        }
    }

    @Test func anEnglishUserStillGetsTheEnginesWording() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/outfit business")
        try await bot.press("Why?")
        let why = bot.lastText
        #expect(why.hasPrefix("Why this outfit\n"), "\(why)")
        #expect(why.contains("formality ") && (why.contains(" matches business casual") || why.contains(" near business casual")), "\(why)")
        #expect(why.contains("formality fits the occasion: +"), "\(why)")
    }
}
