import HTML
@testable import ProductImport
import Testing

/// Open Graph and Twitter card tags.
@Suite struct MetaTagTests {
    private func facts(_ head: String) -> ProductFacts? {
        MetaTagExtractor().extract(from: HTMLScan("<html><head>\(head)</head><body></body></html>").metas)
    }

    @Test func twitterCardLabelsGivePriceBrandColourAndStock() throws {
        let found = try #require(facts("""
            <meta property="og:title" content="Pantalon classique">
            <meta name="twitter:label1" content="Prix"><meta name="twitter:data1" content="159,95&nbsp;€">
            <meta name="twitter:label2" content="Couleur"><meta name="twitter:data2" content="marine">
            <meta name="twitter:label3" content="Marque"><meta name="twitter:data3" content="hessnatur">
            <meta name="twitter:label4" content="Disponibilité"><meta name="twitter:data4" content="En stock">
            """))
        #expect(found.price == 159.95)
        #expect(found.currency == "EUR")
        #expect(found.colors == ["marine"])
        #expect(found.brand == "hessnatur")
        #expect(found.availability == .inStock)
    }

    @Test func anUnlabelledOrOtherwiseLabelledCardGivesNothing() throws {
        let found = try #require(facts("""
            <meta property="og:title" content="Linen Shirt"><meta property="og:type" content="product">
            <meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Ana">
            <meta name="twitter:data2" content="marine">
            """))
        #expect(found.brand == nil)
        #expect(found.colors.isEmpty)
        #expect(found.price == nil)
    }

    @Test func anAppLinkGivesTheArticleNumber() throws {
        let found = try #require(facts("""
            <meta property="og:title" content="Pantalon"><meta property="og:type" content="product">
            <meta property="al:ios:url" content="zalando://PDS?sku=H0721A01M-K11&amp;appdomainId=11">
            """))
        #expect(found.sku == "H0721A01M-K11")
        let hostile = facts("""
            <meta property="og:title" content="Pantalon"><meta property="og:type" content="product">
            <meta property="al:android:url" content="shop://p?sku=<script>&amp;x=1">
            <meta property="al:ios:url" content="shop://p?sku=\(String(repeating: "A", count: 65))">
            """)
        #expect(hostile?.sku == nil)
    }
}
