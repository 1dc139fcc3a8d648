import Chat
import Foundation
import Testing

/// A hello, a thank-you and "what should I wear?" typed as words, in the five languages.
@Suite struct SmallTalkTests {
    @Test func aHelloOrAThankYouInAnyLanguageGetsAShortAnswerInTheChatsLanguage() async throws {
        let bot = try BotHarness()
        await bot.say("hi")
        #expect(bot.lastText.hasPrefix("Hi! Paste a shop link"))
        await bot.say("Guten Morgen!")
        #expect(bot.lastText.hasPrefix("Hi! Paste a shop link"))
        await bot.say("Thanks a lot")
        #expect(bot.lastText.hasPrefix("You're welcome."))
        await bot.say("/language es")
        await bot.say("¡Hola!")
        #expect(bot.lastText.hasPrefix("¡Hola! Pega un enlace"))
    }

    @Test func whatShouldIWearAsksTheOccasionOrDressesForTheOneNamed() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("Was soll ich anziehen?")
        #expect(bot.lastText.hasPrefix("What's the occasion?"))
        await bot.say("what should I wear to work tomorrow?")
        #expect(bot.lastText.contains("Business Casual"))
        await bot.say("¿Qué me pongo para una cita?")
        #expect(bot.lastText.contains("Dinner Date"))
    }

    @Test func remarksLongMessagesAndGroupChatterAreLeftAlone() async throws {
        let bot = try BotHarness()
        let fallback = "I didn't catch that. Send /help to see what I can do."
        await bot.say("nice outfit")
        #expect(bot.lastText == fallback)
        await bot.say("hi I want to know how to add a piece from a shop")
        #expect(bot.lastText == fallback)
        let before = bot.transport.readable.count
        await bot.say("hi everyone", chat: "group", kind: .group)
        await bot.say("what should I wear tonight?", chat: "group", kind: .group)
        #expect(bot.transport.readable.count == before)
    }
}
