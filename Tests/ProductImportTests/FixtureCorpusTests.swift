import Foundation
import Testing
import ProductImport

@Suite struct FixtureCorpusTests {
    @Test func corpusHasAtLeastThirtyPagesWithExpectations() throws {
        let corpus = try FixtureCorpus(folder: TestSupport.pagesFolder)
        #expect(corpus.pages.count >= 30)
    }

    @Test func everyCorpusPageGivesTheExpectedFields() throws {
        let corpus = try FixtureCorpus(folder: TestSupport.pagesFolder)
        for page in corpus.pages {
            for comparison in FixtureCorpus.compare(page, using: TestSupport.extractor) where !comparison.matches {
                Issue.record("\(page.name).\(comparison.field): expected \(comparison.expected.serialized()) got \(comparison.actual.serialized())")
            }
        }
    }
}
