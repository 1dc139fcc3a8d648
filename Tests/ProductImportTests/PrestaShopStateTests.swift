import Foundation
@testable import ProductImport
import HTML
import Testing

/// PrestaShop 1.6 hands the product's reference to its scripts and fills the visible "Model" line from it.
@Suite struct PrestaShopStateTests {
    static let page = """
        <html><head><meta name="generator" content="PrestaShop" /><title>Beyonce Surfboard Sweatshirt</title>
        <script type="text/javascript">var productPrice = 19.99;
        var productReference = 'BSSB';
        var productShowPrice = true;</script></head><body>
        <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Beyonce Surfboard Sweatshirt </h1>
        <p id="product_reference"><label>Model </label><span class="editable" itemprop="sku"></span></p>
        <span id="our_price_display" itemprop="price" content="19.99">£19.99</span><meta itemprop="priceCurrency" content="GBP">
        <link itemprop="availability" href="https://schema.org/InStock"/><button type="submit" name="Submit">Add to cart</button></div>
        </body></html>
        """

    @Test func theScriptsReferenceIsTheSku() throws {
        let draft = try TestSupport.draft(Self.page, url: "https://www.stylelocker.co.uk/sweatshirts/3-beyonce-surfboard-sweatshirt.html")
        #expect(draft.sku == "BSSB")
        #expect(draft.sources[.sku] == .embedded)
    }

    @Test func aStatedSkuWins() throws {
        let page = Self.page.replacingOccurrences(of: #"itemprop="sku"></span>"#, with: #"itemprop="sku">BSSB-M</span>"#)
        #expect(try TestSupport.draft(page, url: "https://www.stylelocker.co.uk/p/3.html").sku == "BSSB-M")
    }

    @Test(arguments: [
        (#"var productReference='KNB-W02';"#, "KNB-W02"), (#"var productReference = "A&amp;B 12";"#, "A&B 12"),
        (#"var productReference = '';"#, nil), (#"var productReference = ref;"#, nil), (#"var productReference = 12345;"#, nil),
        (#"var productReference = 'unterminated"#, nil), ("var productReference = '\(String(repeating: "x", count: 80))';", nil),
        (#"var productReferences = 'X1';"#, nil),
    ] as [(String, String?)])
    func onlyAQuotedStringIsAReference(script: String, reference: String?) {
        let scan = HTMLScan("<html><head><script>\(script)</script></head><body></body></html>")
        #expect(PrestaShopState.reference(in: scan.scripts).flatMap(ProductFacts.identifier) == reference)
    }

    @Test func theReferenceIsFoundAfterAMegabyteOfOtherScript() {
        let filler = String(repeating: "var Reference_R = 'R'; ", count: 45_000)
        let scan = HTMLScan("<html><head><script>\(filler)var productReference = 'HSF07-039';</script></head><body></body></html>")
        #expect(scan.scripts.first.map(\.source.count) ?? 0 > 1_000_000)
        #expect(PrestaShopState.reference(in: scan.scripts) == "HSF07-039")
    }

    @Test(arguments: [
        ("Kód produktu:", "HSF07-039"), ("Katalogové číslo:", "HSF07-039"), ("Cikkszám:", "HSF07-039"), ("Varenummer:", "HSF07-039"),
        ("Tuotenumero:", "HSF07-039"), ("Артикул:", "HSF07-039"), ("Ürün kodu:", "HSF07-039"), ("Cod produs:", "HSF07-039"),
    ])
    func referenceLabelsInMoreLanguages(label: String, value: String) throws {
        let page = """
            <html><head><title>Obestavba Irys Exclusive</title></head><body><h1>Obestavba Irys Exclusive</h1>
            <table><tr><td class="label">Cena s DPH:</td><td class="price">21 777 Kč</td></tr>
            <tr><td class="label">\(label)</td><td class="sku">\(value)</td></tr></table>
            <form><input type="submit" value="Koupit" name="submitButton"></form></body></html>
            """
        #expect(try TestSupport.draft(page, url: "https://obchod.hsflamingo.cz/obestavba-irys-exclusive/").sku == value)
    }
}
