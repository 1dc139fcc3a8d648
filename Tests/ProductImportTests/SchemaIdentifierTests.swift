import Foundation
import ProductImport
import Testing

/// Where schema.org data keeps a product's article number when the product node has no `sku`.
@Suite struct SchemaIdentifierTests {
    private func page(_ product: String) -> String {
        """
        <html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Product", "name": "Linen shirt", "image": "https://shop.example/a.jpg", \(product)}
        </script></head><body></body></html>
        """
    }

    @Test func theOffersArticleNumberIsTheSku() throws {
        let html = page("""
            "offers": [{"@type": "Offer", "sku": "LS-1-S", "price": 49, "priceCurrency": "EUR"}, {"@type": "Offer", "sku": "LS-1-M", "price": 49, "priceCurrency": "EUR"}]
            """)
        #expect(try TestSupport.draft(html).sku == "LS-1-S")
    }

    @Test func theOfferTheLinkSelectsGivesTheSku() throws {
        let html = page("""
            "offers": [{"@type": "Offer", "sku": "LS-1-S", "url": "https://shop.example/p/shirt?variant=1", "price": 49, "priceCurrency": "EUR"},
                       {"@type": "Offer", "sku": "LS-1-M", "url": "https://shop.example/p/shirt?variant=2", "price": 49, "priceCurrency": "EUR"}]
            """)
        #expect(try TestSupport.draft(html, url: "https://shop.example/p/shirt?variant=2").sku == "LS-1-M")
    }

    @Test func aBarcodeIsTheLastResort() throws {
        let html = page(#""gtin13": "4006381333931", "offers": {"@type": "Offer", "price": 49, "priceCurrency": "EUR"}"#)
        #expect(try TestSupport.draft(html).sku == "4006381333931")
    }

    @Test func theProductsOwnSkuBeatsItsOffersAndBarcode() throws {
        let html = page(#""sku": "LS-1", "gtin13": "4006381333931", "offers": {"@type": "Offer", "sku": "LS-1-S", "price": 49, "priceCurrency": "EUR"}"#)
        #expect(try TestSupport.draft(html).sku == "LS-1")
    }
}
