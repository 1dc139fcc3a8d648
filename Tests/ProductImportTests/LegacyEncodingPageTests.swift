import Foundation
import Iconv
import ProductImport
import Testing

/// A real Korean shop page as an EUC-KR shop serves it: the wemakeprice page (Fixtures/real, saved
/// as UTF-8) written out in windows-949, the encoding Korean shops used before UTF-8 and many still
/// send. Its two characters windows-949 lacks ("∙" U+2219 and "・" U+30FB, in the footer and a
/// menu) become "·" first; nothing else in the page is touched but its charset label.
@Suite struct LegacyEncodingPageTests {
    private static let name = "wemakeprice-kr-happymoney-voucher"

    private func page() throws -> (text: String, url: URL, expectedName: String) {
        let corpus = try FixtureCorpus(folder: RealPageTests.folder)
        let page = try #require(corpus.pages.first { $0.name == Self.name })
        let text = page.html.replacingOccurrences(of: "\u{2219}", with: "\u{00B7}").replacingOccurrences(of: "\u{30FB}", with: "\u{00B7}")
        return (text, page.pageURL, try #require(page.expected["name"]?.string))
    }

    private func assertSameDraft(_ legacy: ProductDraft, _ original: ProductDraft, expectedName: String) {
        #expect(legacy.name == expectedName)
        #expect(legacy.name == original.name)
        #expect(legacy.price == 50000)
        #expect(legacy.currency == "KRW")
        #expect(legacy.sku == original.sku)
        #expect(legacy.availability == original.availability)
        #expect(legacy.goods == original.goods)
        #expect(legacy.images == original.images)
        #expect(legacy.description == original.description)
    }

    @Test func anEUCKRPageLabelledByItsServerReadsAsItsUTF8Original() throws {
        let (text, url, expectedName) = try page()
        let original = try TestSupport.extractor.extract(html: text, pageURL: url)
        let relabelled = text.replacingOccurrences(of: "charset=utf-8", with: "charset=euc-kr")
        #expect(relabelled != text)
        let legacy = try #require(Iconv.bytes(fromUTF8: Array(relabelled.utf8), encoding: "CP949"))
        #expect(legacy.count < relabelled.utf8.count)
        let fromHeader = try TestSupport.extractor.extract(bytes: legacy, contentType: "text/html; charset=EUC-KR", pageURL: url)
        assertSameDraft(fromHeader, original, expectedName: expectedName)
        // Saved to disk, the page's own meta tag is all that says so.
        let fromMeta = try TestSupport.extractor.extract(bytes: legacy, contentType: nil, pageURL: url)
        assertSameDraft(fromMeta, original, expectedName: expectedName)
    }

    @Test func anUndeclaredEUCKRPageOnADotComShopIsReadByItsLanguage() throws {
        let (text, url, expectedName) = try page()
        let original = try TestSupport.extractor.extract(html: text, pageURL: url)
        let unlabelled = text.replacingOccurrences(of: "<meta http-equiv=\"Content-Type\" content=\"text/html;charset=utf-8\" />", with: "")
        #expect(unlabelled != text)
        #expect(url.host?.hasSuffix(".com") == true)
        let legacy = try #require(Iconv.bytes(fromUTF8: Array(unlabelled.utf8), encoding: "CP949"))
        let draft = try TestSupport.extractor.extract(bytes: legacy, contentType: "text/html", pageURL: url)
        assertSameDraft(draft, original, expectedName: expectedName)
    }
}
