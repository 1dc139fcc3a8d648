import Foundation
import ProductImport
import Testing

@Suite struct SavedPageAddressTests {
    private func address(_ html: String) -> String? {
        SavedPageAddress.url(in: Array(html.utf8))?.absoluteString
    }

    @Test func theBrowsersSavedFromCommentComesFirst() {
        let page = "<!DOCTYPE html>\n<!-- saved from url=(0040)https://www.amazon.de/dp/B07C76F3P2?x=1 -->\n<html><head>"
            + "<link rel=\"canonical\" href=\"https://www.amazon.de/Echo-Input/dp/B07C76F3P2\"></head>"
        #expect(address(page) == "https://www.amazon.de/dp/B07C76F3P2?x=1")
    }

    @Test func theCanonicalLinkThenOgURL() {
        #expect(address("<head><link href='https://shop.example/p/1?a=1&amp;b=2' rel='alternate canonical'></head>") == "https://shop.example/p/1?a=1&b=2")
        #expect(address("<head><meta content=\"https://shop.example/p/2\" property=\"og:url\"></head>") == "https://shop.example/p/2")
        #expect(address("<head><LINK REL=canonical HREF=https://shop.example/p/3></head>") == "https://shop.example/p/3")
    }

    @Test func relativeOrForeignSchemesDoNotCountAndTheHeadComesFirst() {
        #expect(address("<head><link rel=\"canonical\" href=\"/p/1\"></head>") == nil)
        #expect(address("<head><meta property=\"og:url\" content=\"javascript:alert(1)\"></head>") == nil)
        // A canonical link printed in the body counts when the head has none (Amazon's saved pages), the head's first.
        #expect(address("<head></head><body><link rel=\"canonical\" href=\"https://shop.example/p/4\"></body>") == "https://shop.example/p/4")
        #expect(address("<head><meta property=\"og:url\" content=\"https://shop.example/p/5\"></head><body><link rel=\"canonical\" href=\"https://shop.example/p/4\"></body>") == "https://shop.example/p/5")
        #expect(address("<!-- saved from url=(9999)https://x -->") == nil)
        #expect(address("") == nil)
    }

    @Test func everyRealPageWithACanonicalLinkNamesItsOwnAddress() throws {
        // The real pages' expectations hold the address each names for itself (canonical, hreflang or og:url).
        let corpus = try FixtureCorpus(folder: RealPageTests.folder)
        var named = 0
        for page in corpus.pages {
            guard let found = SavedPageAddress.url(in: Array(page.html.utf8)) else { continue }
            named += 1
            #expect(found.host == page.pageURL.host, "\(page.name): \(found) is not on \(page.pageURL.host ?? "?")")
        }
        #expect(named >= 48)
    }
}
