import Chat
import Closet
import Defaults
import JSON
import Localization
import Testing

@testable import Bot

/// Occasion names in five languages, and how `/language` reads what it is given.
@Suite struct LanguageTests {
    static let occasions = try! OccasionCatalog(jsonText: DataFiles.builtIn("occasions.json")!)

    @Test func everyShippedOccasionHasANameInEveryCatalog() {
        for occasion in Self.occasions.occasions {
            #expect(Catalogs.builtIn.has(OccasionNames.key(occasion.name), in: .en), "\(occasion.name)")
        }
    }

    @Test(arguments: Language.allCases)
    func theTranslatedNameOfEveryOccasionResolvesBackToIt(_ language: Language) throws {
        for occasion in Self.occasions.occasions {
            let shown = Catalogs.builtIn.string(OccasionNames.key(occasion.name), in: language)
            #expect(try Self.occasions.resolve(shown).name == occasion.name, "\(language): \(shown)")
        }
    }

    @Test(arguments: [
        ("geschäftlich", "business casual"), ("Geschäftlich", "business casual"), ("affaires", "business casual"),
        ("lavoro", "business casual"), ("negocios", "business casual"), ("hochzeit", "wedding guest"), ("boda", "wedding guest"),
        ("plage", "summer"), ("invierno", "winter walk"), ("fine settimana", "weekend"), ("week-end", "weekend"), ("cena", "dinner date"),
    ])
    func typedOccasionNamesInEveryLanguageAreUnderstood(_ word: String, _ name: String) throws {
        #expect(try Self.occasions.resolve(word).name == name)
    }

    @Test func typedLanguageChoicesAreReadAndBadOnesRefusedWithTheChoices() throws {
        #expect(try LanguageChoice(typed: "de") == .language(.de))
        #expect(try LanguageChoice(typed: "FR-ca") == .language(.fr))
        #expect(try LanguageChoice(typed: "Auto") == .followApp)
        let error = #expect(throws: LocalizedUserMessageError.self) { try LanguageChoice(typed: "pt") }
        #expect(error?.message.key == "language.unknown")
        #expect(error?.userMessage.contains("en, de, fr, es, it") == true)
    }

    @Test(arguments: [
        ("Deutsch", Language.de), ("german", .de), ("GERMAN", .de), ("auf Deutsch", .de), ("Deutch", .de), ("allemand", .de), ("tedesco", .de),
        ("Français", .fr), ("francais", .fr), ("French", .fr), ("Französisch", .fr), ("en français", .fr), ("francés", .fr),
        ("spanish", .es), ("Español", .es), ("espanol", .es), ("castellano", .es), ("Spanisch", .es), ("spagnolo", .es),
        ("italiano", .it), ("Italian", .it), ("italienisch", .it), ("ita", .it), ("English", .en), ("inglés", .en), ("Englisch", .en),
        ("in English", .en), ("eng", .en),
    ])
    func aLanguageIsChosenByItsOwnNameOrItsNameInAnotherLanguage(_ typed: String, _ language: Language) throws {
        #expect(try LanguageChoice(typed: typed) == .language(language), "\(typed)")
    }

    @Test(arguments: ["Portuguese", "português", "klingon", "in", "deutsch english", "de de", String(repeating: "deutsch", count: 10)])
    func otherNamesAreRefusedWithTheChoices(_ typed: String) {
        let error = #expect(throws: LocalizedUserMessageError.self) { try LanguageChoice(typed: typed) }
        #expect(error?.message.key == "language.unknown", "\(typed)")
    }

    @Test func languageWithANameSwitchesTheReplies() async throws {
        let bot = try BotHarness()
        await bot.say("/language Deutsch")
        #expect(bot.lastText == "Ab jetzt antworte ich auf Deutsch.")
        await bot.say("/language spanish")
        #expect(bot.lastText == "A partir de ahora respondo en español.")
        await bot.say("/language Français")
        #expect(bot.lastText == "Désormais, je réponds en français.")
        await bot.say("/language italiano")
        #expect(bot.lastText == "D'ora in poi rispondo in italiano.")
        await bot.say("/language English")
        #expect(bot.lastText == "From now on I reply in English.")
    }

    @Test func buttonPayloadsRoundTripAndForeignOnesAreIgnored() {
        for choice in Language.allCases.map(LanguageChoice.language) + [.followApp] {
            #expect(LanguageChoice(payload: choice.payload) == choice)
        }
        #expect(LanguageChoice(payload: ["language": "xx"]) == nil)
        #expect(LanguageChoice(payload: [:]) == nil)
    }
}

/// A colour name that is only its family's English word reads in the reader's language; others stay as written.
@Suite struct ColorNameLanguageTests {
    static let german = Phrasebook(catalogs: .builtIn, language: .de)
    static let english = Phrasebook(catalogs: .builtIn, language: .en)

    @Test func aFamilyWordReadsInGermanAndAnyOtherNameStays() {
        #expect(Self.german.colorName(ItemColor(name: "navy", family: .navy)) == "marine")
        #expect(Self.german.colorName(ItemColor(name: "Brown", family: .brown)) == "braun")
        #expect(Self.german.colorName(ItemColor(name: "midnight navy", family: .navy)) == "midnight navy")
        #expect(Self.german.colorName(ItemColor(name: "schwarz", family: .black)) == "schwarz")
        #expect(Self.english.colorName(ItemColor(name: "navy", family: .navy)) == "navy")
    }

    @Test func listLinesAndCardsUseIt() {
        var item = ClosetItem(name: "Chinos", category: .bottom, formality: 2, color: ItemColor(name: "navy", family: .navy))
        item.number = 3
        #expect(ItemText.line(item, Self.german) == "#3 Chinos · marine · Formalität 2")
        let card = ItemText.card(item, Self.german).plainText
        #expect(card.contains("marine"))
        #expect(!card.contains("navy"))
        #expect(ItemText.line(item, Self.english) == "#3 Chinos · navy · formality 2")
    }
}
