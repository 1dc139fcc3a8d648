@testable import Bot
import Chat
import Foundation
import Testing

/// A hello, a thank-you, "what should I wear?", "help" and "show my closet" typed as words, in the five languages.
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

    @Test(arguments: [
        ("Was soll ich zum Abendessen anziehen?", "Dinner Date"), ("Was ziehe ich zur Hochzeit an?", "Wedding Guest"),
        ("Was soll ich morgen ins Büro anziehen?", "Business Casual"), ("Outfit für ein Vorstellungsgespräch", "Business Formal"),
        ("Que mettre pour un diner ?", "Dinner Date"), ("Qu'est-ce que je porte pour un mariage ?", "Wedding Guest"),
        ("Comment m'habiller pour un entretien ?", "Business Formal"), ("Tenue pour la plage", "Summer"),
        ("¿Qué ropa me pongo para una boda?", "Wedding Guest"), ("¿Qué debería ponerme para la oficina?", "Business Casual"),
        ("Cosa dovrei mettere per una cena?", "Dinner Date"), ("Cosa mi metto per un colloquio?", "Business Formal"),
        ("What should I wear for a wedding?", "Wedding Guest"), ("what do I wear to the office", "Business Casual"),
    ])
    func aWhatToWearSentenceThatNamesAnOccasionGetsItsOutfitInAnyLanguage(_ sentence: String, _ heading: String) async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say(sentence)
        #expect(bot.lastText.contains(heading), "\(sentence) → \(bot.lastText)")
    }

    @Test func aGermanSpeakerAskingWhatToWearToDinnerGetsTheDinnerOutfitInGerman() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say("/language de")
        await bot.say("Was soll ich zum Abendessen anziehen?")
        #expect(bot.lastText.contains("Abendessen zu zweit"), "\(bot.lastText)")
        await bot.say("Was ziehe ich heute an?")
        #expect(bot.lastText.hasPrefix("Für welchen Anlass?"))
    }

    @Test(arguments: ["help", "Help me", "what can you do?", "Hilfe", "Was kannst du?", "aide-moi", "¿Qué puedes hacer?", "aiuto", "menu"])
    func askingForHelpInWordsGetsTheHelpOverview(_ sentence: String) async throws {
        let bot = try BotHarness()
        await bot.say(sentence)
        #expect(bot.lastText.hasPrefix("Commands\nCloset: /closet"), "\(sentence) → \(bot.lastText)")
    }

    @Test(arguments: ["show my closet", "My closet", "what's in my closet?", "Zeig mir meinen Schrank", "mon placard", "mi armario", "il mio armadio"])
    func askingForTheClosetInWordsListsIt(_ sentence: String) async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        await bot.say(sentence)
        #expect(bot.lastText.hasPrefix("Your closet ("), "\(sentence) → \(bot.lastText)")
    }

    @Test(arguments: [
        ("add a red wool scarf", "Red wool scarf"), ("Please add an olive parka", "Olive parka"), ("Ajoute une écharpe rouge", "Écharpe rouge"),
        ("Añade una chaqueta vaquera", "Chaqueta vaquera"), ("aggiungi una gonna nera", "Gonna nera"), ("Neu: schwarze Lederjacke", "Schwarze Lederjacke"),
    ])
    func addingAPieceInWordsMakesItsDraft(_ sentence: String, _ name: String) async throws {
        let bot = try BotHarness()
        await bot.say(sentence)
        #expect(bot.lastText.hasPrefix("New piece: \(name)\n"), "\(sentence) → \(bot.lastText)")
    }

    @Test(arguments: ["add a photo", "add me to the group", "add a toaster", "add", "add a red wool scarf and a navy blazer and white sneakers and a grey coat please"])
    func addWordsThatNameNoGarmentAreLeftAlone(_ sentence: String) async throws {
        let bot = try BotHarness()
        await bot.say(sentence)
        #expect(!bot.lastText.hasPrefix("New piece:"), "\(sentence) → \(bot.lastText)")
    }

    @Test func aRemarkAboutTheClosetInALongerSentenceIsLeftAlone() async throws {
        let bot = try BotHarness()
        await bot.say("my sister says my closet is far too full")
        #expect(bot.lastText == "I didn't catch that. Send /help to see what I can do.")
    }

    @Test func aGapInAPhraseTakesAFewWordsButNotASentence() {
        let phrase = SmallTalk.phrase("was soll ich * anziehen")
        #expect(phrase == ["was", "soll", "ich", "*", "anziehen"])
        let words = { (text: String) in SmallTalk.normalized(text).split(separator: " ").map(String.init) }
        #expect(SmallTalk.matches(phrase, words("was soll ich anziehen"), from: 0))
        #expect(SmallTalk.matches(phrase, words("was soll ich heute zum Abendessen anziehen"), from: 0))
        #expect(!SmallTalk.matches(phrase, words("was soll ich bloß mit diesem alten Mantel noch anziehen"), from: 0))
    }

    @Test func remarksLongMessagesAndGroupChatterAreLeftAlone() async throws {
        let bot = try BotHarness()
        let fallback = "I didn't catch that. Send /help to see what I can do."
        await bot.say("nice outfit")
        #expect(bot.lastText == fallback)
        await bot.say("nice outfit for the wedding")
        #expect(bot.lastText == fallback)
        await bot.say("hi I want to know how to add a piece from a shop")
        #expect(bot.lastText == fallback)
        let before = bot.transport.readable.count
        await bot.say("hi everyone", chat: "group", kind: .group)
        await bot.say("what should I wear tonight?", chat: "group", kind: .group)
        #expect(bot.transport.readable.count == before)
    }
}
