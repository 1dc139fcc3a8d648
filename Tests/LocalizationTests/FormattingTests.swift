import Foundation
import Testing

@testable import Localization

/// Plural categories, numbers, prices and dates per language, and the client tags that pick a language.
@Suite struct FormattingTests {
    @Test(arguments: [
        (Language.en, 0, PluralCategory.other), (.en, 1, .one), (.en, 2, .other),
        (.de, 0, .other), (.de, 1, .one), (.de, 5, .other),
        (.fr, 0, .one), (.fr, 1, .one), (.fr, 2, .other),
        (.es, 0, .other), (.es, 1, .one), (.es, 21, .other),
        (.it, 0, .other), (.it, 1, .one), (.it, 11, .other),
    ])
    func pluralCategoriesFollowCLDRForWholeCounts(_ language: Language, _ count: Int, _ category: PluralCategory) {
        #expect(language.pluralCategory(of: count) == category)
    }

    @Test func countedMessagesPickTheFormForTheCount() {
        let catalogs = Catalogs.builtIn
        #expect(catalogs.string("closet.count", ["count": 1], in: .en) == "1 piece")
        #expect(catalogs.string("closet.count", ["count": 0], in: .en) == "0 pieces")
        #expect(catalogs.string("closet.count", ["count": 0], in: .fr) == "0 pièce")
        #expect(catalogs.string("closet.count", ["count": 2], in: .fr) == "2 pièces")
        #expect(catalogs.string("closet.count", ["count": 1], in: .de) == "1 Teil")
        #expect(catalogs.string("closet.count", ["count": 3], in: .es) == "3 prendas")
        #expect(catalogs.string("closet.count", ["count": 1], in: .it) == "1 capo")
    }

    /// Non-breaking spaces are what ICU puts between amount and symbol; compare with plain spaces.
    private func spaced(_ text: String) -> String {
        String(text.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 })
    }

    @Test(arguments: [
        (Language.en, "€12.50"), (.de, "12,50 €"), (.fr, "12,50 €"), (.es, "12,50 €"), (.it, "12,50 €"),
    ])
    func pricesPutTheCurrencyWhereTheLanguageDoes(_ language: Language, _ expected: String) {
        #expect(spaced(MessageArgument.price(12.5, currency: "EUR").formatted(in: language)) == expected)
    }

    @Test(arguments: [(Language.en, "1,234,567"), (.de, "1.234.567"), (.fr, "1 234 567"), (.es, "1.234.567"), (.it, "1.234.567")])
    func integersAreGroupedTheLanguagesWay(_ language: Language, _ expected: String) {
        #expect(spaced(MessageArgument.integer(1_234_567).formatted(in: language)) == expected)
    }

    @Test(arguments: [(Language.en, "3.14"), (.de, "3,14"), (.fr, "3,14"), (.es, "3,14"), (.it, "3,14")])
    func decimalsUseTheLanguagesSeparator(_ language: Language, _ expected: String) {
        #expect(MessageArgument.decimal(3.14159, fractionDigits: 2).formatted(in: language) == expected)
    }

    @Test func nonFiniteAmountsAndOddCurrencyCodesDoNotBreakFormatting() {
        #expect(MessageArgument.price(.nan, currency: "EUR").formatted(in: .de) == "–")
        #expect(MessageArgument.decimal(.infinity, fractionDigits: 99).formatted(in: .en) == "–")
        #expect(!MessageArgument.price(5, currency: "not a code").formatted(in: .en).isEmpty)
    }

    @Test func datesUseTheLanguagesMonthNamesAndOrder() {
        let day = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01 00:00 UTC
        let utc = TimeZone(identifier: "UTC")!
        let texts = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, MessageArgument.date(day, timeZone: utc).formatted(in: $0)) })
        #expect(texts[.en] == "Dec 1, 2026")
        #expect(texts[.de]?.contains("12.2026") == true || texts[.de]?.contains("Dez") == true)
        #expect(texts[.fr]?.contains("déc") == true)
        #expect(texts[.es]?.contains("dic") == true)
        #expect(texts[.it]?.contains("dic") == true)
        // The day before in New York: the time zone is the reader's, not the server's.
        #expect(MessageArgument.date(day, timeZone: TimeZone(identifier: "America/New_York")!).formatted(in: .en) == "Nov 30, 2026")
    }

    @Test(arguments: [
        ("de", Language.de), ("de-AT", .de), ("DE_ch", .de), ("fr-CA", .fr), ("es-419", .es), ("it", .it), ("en-GB", .en),
    ])
    func clientTagsMapToTheirLanguage(_ tag: String, _ language: Language) {
        #expect(Language(tag: tag) == language)
    }

    @Test(arguments: ["pt-BR", "", "d", "deu", "xx", String(repeating: "de-", count: 40)])
    func unsupportedOrMalformedTagsPickNoLanguage(_ tag: String) {
        #expect(Language(tag: tag) == nil)
    }
}
