import Closet
import Foundation
import Testing
import ProductImport

/// Shared helpers for the import tests.
enum TestSupport {
    /// Expects `name` alone to be goods of `kind`, with no clothing category.
    static func expectGoods(_ name: String, _ kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = rules.classify(KeywordInput(name: name))
        #expect(found.goods == kind, "\(name)", sourceLocation: sourceLocation)
        #expect(found.category == nil, "\(name)", sourceLocation: sourceLocation)
    }

    /// Expects `name` alone to be the garment `category` / `subcategory`, and not goods.
    static func expectGarment(_ name: String, _ category: Category, _ subcategory: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = rules.classify(KeywordInput(name: name))
        #expect(found.category == category, "\(name)", sourceLocation: sourceLocation)
        #expect(found.subcategory == subcategory, "\(name)", sourceLocation: sourceLocation)
        #expect(found.goods == nil, "\(name)", sourceLocation: sourceLocation)
    }

    /// The repository's keyword rules (`bot-config/keywords.json`), loaded once.
    static let rules: KeywordRules = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! KeywordRules.load(contentsOf: root.appendingPathComponent("bot-config/keywords.json"))
    }()

    /// The repository's site rules (`bot-config/sites.json`), loaded once.
    static let sites: SiteRules = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! SiteRules.load(contentsOf: root.appendingPathComponent("bot-config/sites.json"))
    }()

    /// An extractor with the repository's keyword and site rules.
    static let extractor = ProductExtractor(rules: rules, sites: sites)

    /// The fixture page folder copied into the test bundle.
    static var pagesFolder: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/pages")
    }

    /// Extracts a draft from inline HTML at a sample shop URL.
    static func draft(_ html: String, url: String = "https://shop.example/products/item") throws(ImportError) -> ProductDraft {
        try extractor.extract(html: html, pageURL: URL(string: url)!)
    }
}
