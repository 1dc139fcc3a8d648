import Foundation
import ProductImport
import Testing

/// Comparison sites name the maker only as the first word of the name and link to its site.
@Suite struct MakerLinkTests {
    private func page(name: String, link: String, label: String = "Info beim Hersteller") -> String {
        """
        <html><head><title>\(name) ab € 920,29 | Preisvergleich</title></head><body>
        <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">\(name)</h1>
        <a rel="nofollow" href="\(link)" target="_blank">\(label)</a>
        <div itemprop="offers" itemscope itemtype="https://schema.org/AggregateOffer"><meta itemprop="lowPrice" content="920.29"><meta itemprop="priceCurrency" content="EUR"></div></div>
        </body></html>
        """
    }

    @Test func aLinkToTheMakersSiteNamedByTheNamesFirstWordGivesTheBrand() throws {
        let draft = try TestSupport.draft(page(name: "Asustor AS6210T, 4x Gb LAN", link: "https://www.asustor.com/product?p_id=49"),
                                          url: "https://geizhals.at/asustor-as6210t-90ix00x1-bw3s10-a1472925.html")
        #expect(draft.brand == "Asustor")
        #expect(draft.sku == "1472925")
    }

    @Test func aLinkThatDoesNotSayItLeadsToTheMakerGivesNoBrand() throws {
        let draft = try TestSupport.draft(page(name: "Apple cider vinegar, 500 ml", link: "https://www.apple.com/apple-pay/", label: "Apple Pay"),
                                          url: "https://grocer.example/p/apple-cider-vinegar")
        #expect(draft.brand == nil)
    }

    @Test(arguments: [
        ("Linen shirt, relaxed fit", "https://www.linen-care.example/guide"),  // the host names another word
        ("KX LaserJet M110w", "https://support.kx.com/"),                        // too short to trust
        ("Geizhals Gutschein", "https://geizhals.de/"),                          // the shop's own name
    ])
    func otherLinksGiveNoBrand(name: String, link: String) throws {
        let draft = try TestSupport.draft(page(name: name, link: link), url: "https://geizhals.at/p/item")
        #expect(draft.brand == nil)
    }
}
