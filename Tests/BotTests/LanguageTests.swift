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

    @Test func buttonPayloadsRoundTripAndForeignOnesAreIgnored() {
        for choice in Language.allCases.map(LanguageChoice.language) + [.followApp] {
            #expect(LanguageChoice(payload: choice.payload) == choice)
        }
        #expect(LanguageChoice(payload: ["language": "xx"]) == nil)
        #expect(LanguageChoice(payload: [:]) == nil)
    }
}
