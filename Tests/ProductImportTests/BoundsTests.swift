import Foundation
import ProductImport
import Testing

/// Numbers and texts from a page are range-checked where they enter a draft.
@Suite struct BoundsTests {
    @Test(arguments: ["1e20", "inf", "NaN", "-5", "99999999999"])
    func anInsanePriceIsDropped(price: String) throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Wool Coat",
            "offers":{"@type":"Offer","price":"\(price)","priceCurrency":"EUR"}}</script></head><body></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.price == nil)
    }

    @Test func hugeWidthsAndPercentagesDoNotTrap() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Silk Scarf",
            "image":{"@type":"ImageObject","url":"https://cdn.example/a.jpg","width":1e300},
            "material":[{"name":"silk","percentage":1e300}]}</script></head>
            <body><img src="/b.jpg" srcset="/c.jpg 1e300w"></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.name == "Silk Scarf")
    }

    @Test func anOverlongNameIsCut() throws {
        let long = String(repeating: "Very long shirt name ", count: 100)
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"\(long)"}</script></head></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.name.count <= 300)
    }
}
