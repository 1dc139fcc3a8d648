import Foundation
import Testing
@testable import ProductImport

/// ISBN-13 (Bookland EAN) and ISBN-10 identifiers make a page a book, whatever its title says.
@Suite struct BookNumberTests {
    @Test(arguments: ["9783161484100", "978-3-16-148410-0", "9782365775717", "1849757097", "0356510344", "080442957X", "979 10 90636 07 1"])
    func bookNumbersWithTheirCheckDigitAreRecognised(_ identifier: String) {
        #expect(BookNumber.isBookNumber(identifier, tenDigits: true), "\(identifier)")
    }

    @Test func tenDigitsCountOnlyWhereTheyAreISBNsByRule() {
        #expect(!BookNumber.isBookNumber("1849757097"))
        // H&M's article number passes the ISBN-10 check by chance.
        #expect(BookNumber.isBookNumber("0669091022", tenDigits: true))
        #expect(!BookNumber.isBookNumber("0669091022"))
    }

    @Test(arguments: ["9783161484101", "4006381333931", "B0057OC5O8", "B071FCV5KW", "1849757098", "0494992001", "97831614841", "", "978316148410X"])
    func otherIdentifiersAreNot(_ identifier: String) {
        #expect(!BookNumber.isBookNumber(identifier, tenDigits: true), "\(identifier)")
    }

    @Test func aPageWhoseIdentifierIsAnISBNIsABookEvenWhenItsTitleNamesAGarment() throws {
        let html = """
        <html lang="en"><head><title>The Red Dress</title>
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"The Red Dress",
        "sku":"9783161484100","offers":{"@type":"Offer","price":"14.99","priceCurrency":"EUR"}}</script></head>
        <body><h1>The Red Dress</h1></body></html>
        """
        let draft = try TestSupport.extractor.extract(html: html, pageURL: URL(string: "https://books.example/p/red-dress")!)
        #expect(draft.goods == "book")
        #expect(draft.category == nil)
        #expect(draft.price == 14.99)
        // The same page with a shop's own SKU is a dress.
        let dress = try TestSupport.extractor.extract(html: html.replacingOccurrences(of: "9783161484100", with: "RD-2291"), pageURL: URL(string: "https://shop.example/p/red-dress")!)
        #expect(dress.category == .dress)
        #expect(dress.goods == nil)
    }
}
