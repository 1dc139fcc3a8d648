import Defaults
import Foundation
import Testing

@testable import Localization

/// Every shipped catalog against English: the same keys, the same placeholders, the same plural shape.
@Suite struct CatalogCompletenessTests {
    static let english = Catalogs.builtIn.catalogs[.en]!

    @Test func everyBuiltInCatalogParsesWithoutProblems() {
        let (_, problems) = Catalogs.load(folder: nil, logger: nil)
        #expect(problems.isEmpty, "\(problems)")
        #expect(Self.english.entries.count > 50)
    }

    @Test(arguments: [Language.de, .fr, .es, .it])
    func everyCatalogHasEveryEnglishKeyAndNoOthers(_ language: Language) throws {
        let catalog = try #require(Catalogs.builtIn.catalogs[language])
        let missing = Set(Self.english.entries.keys).subtracting(catalog.entries.keys).sorted()
        let extra = Set(catalog.entries.keys).subtracting(Self.english.entries.keys).sorted()
        #expect(missing.isEmpty, "\(language) lacks \(missing)")
        #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra)")
    }

    @Test(arguments: [Language.de, .fr, .es, .it])
    func placeholdersMatchEnglishInEveryText(_ language: Language) throws {
        let catalog = try #require(Catalogs.builtIn.catalogs[language])
        for (key, english) in Self.english.entries {
            guard let translated = catalog.entries[key] else { continue }
            let wanted = english.texts.reduce(into: Set<String>()) { $0.formUnion(Catalog.placeholders(in: $1)) }
            for text in translated.texts {
                #expect(Catalog.placeholders(in: text) == wanted, "\(language) \(key): \(text)")
            }
            switch (english, translated) {
            case (.text, .text), (.plural, .plural): break
            default: Issue.record("\(language) \(key): plural in one catalog, plain text in the other")
            }
        }
    }

    @Test func pluralEntriesCountWithTheCountPlaceholder() {
        for (key, entry) in Self.english.entries {
            guard case .plural(let forms) = entry else { continue }
            #expect(forms[.one] != nil && forms[.other] != nil, "\(key)")
            for text in entry.texts { #expect(Catalog.placeholders(in: text).contains("count"), "\(key): \(text)") }
        }
    }

    /// The import asks "That doesn't look like clothing (toaster)": every goods kind of the shipped
    /// keyword rules has its name in the catalogs (a kind an operator adds keeps its own words).
    @Test func everyShippedGoodsKindHasItsName() throws {
        let text = try #require(DataFiles.builtIn("keywords.json"))
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let kinds = try #require(rules["goods"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(kinds.count >= 30)
        for kind in kinds {
            #expect(Self.english.entries["goods." + kind.replacingOccurrences(of: " ", with: "_")] != nil, "goods kind \(kind) has no name")
        }
    }

    @Test func everyLanguageSaysItsOwnNameWhenChosen() {
        let sentences = Set(Language.allCases.map { Catalogs.builtIn.string("language.set", in: $0) })
        #expect(sentences.count == Language.allCases.count)
    }
}
