import Foundation
import ProductImport
import Testing

/// Real shop pages (Fixtures/real) against expectations written by hand from what each page shows.
@Suite struct RealPageTests {
    static var folder: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures/real") }

    @Test func everyRealPageGivesTheFieldsItShows() throws {
        let corpus = try FixtureCorpus(folder: Self.folder)
        #expect(corpus.pages.count >= 4)
        for page in corpus.pages {
            for comparison in FixtureCorpus.compare(page, using: TestSupport.extractor) where !comparison.matches {
                Issue.record("\(page.name).\(comparison.field): expected \(comparison.expected.serialized()) got \(comparison.actual.serialized())")
            }
        }
    }

    @Test func amazonPagesImportFromTheVisiblePageWithSources() throws {
        let corpus = try FixtureCorpus(folder: Self.folder)
        let page = try #require(corpus.pages.first { $0.name == "amazon-com-ansi-url" })
        let draft = try TestSupport.extractor.extract(html: page.html, pageURL: page.pageURL)
        #expect(draft.sources[.price] == .page)
        #expect(draft.sources[.name] == .page)
        #expect(draft.sources[.sku] == .page)
    }

    @Test func withoutSiteRulesAnAmazonPageStillImportsFromGenericReading() throws {
        let corpus = try FixtureCorpus(folder: Self.folder)
        let page = try #require(corpus.pages.first { $0.name == "amazon-com-ansi-url" })
        let draft = try ProductExtractor(rules: TestSupport.rules).extract(html: page.html, pageURL: page.pageURL)
        #expect(draft.name == "SainSmart 4-Channel Relay Module")
        #expect(draft.sku == "B0057OC5O8")
    }
}
