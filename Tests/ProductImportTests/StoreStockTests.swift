import Foundation
@testable import ProductImport
import Testing

/// What a fashion shop's buy box shows when it has no structured data: the in-store stock button
/// is not the online stock, the add button counts by its class, a size picker's prompt is no size.
@Suite struct StoreStockTests {
    private func page(buyBox: String) -> String {
        """
        <html lang="fr"><head><title>Robe portefeuille | Maison Lune</title>
        <meta property="og:image" content="https://cdn.maison-lune.fr/robe.jpg"></head><body>
        <h1>Robe portefeuille</h1><span class="price">34,99 €</span><p>Réf. : 1061531002</p>
        \(buyBox)
        </body></html>
        """
    }

    private static let storeButton = """
        <button class="label-copy button store-availability js-store-availability" type="button">
        Vérifier la disponibilité en magasin <span>Non disponible en magasin</span></button>
        """

    private static let addButton = """
        <button class="item button fluid button-big button-buy" data-sold-out-text="Stock épuisé"><span>Ajouter</span></button>
        """

    @Test func aStoreStockButtonSaysNothingAboutBuyingOnline() throws {
        let draft = try TestSupport.draft(page(buyBox: Self.storeButton + Self.addButton), url: "https://www.maison-lune.fr/robe-portefeuille")
        #expect(draft.availability == .inStock)
        let alone = try TestSupport.draft(page(buyBox: Self.storeButton), url: "https://www.maison-lune.fr/robe-portefeuille")
        #expect(alone.availability == nil)
    }

    @Test func aLabelledStockLineAboutStoresSaysNothingEither() throws {
        let box = #"<div class="store-stock-availability">Im Geschäft nicht verfügbar</div>"# + Self.addButton
        let draft = try TestSupport.draft(page(buyBox: box), url: "https://www.maison-lune.fr/robe-portefeuille")
        #expect(draft.availability == .inStock)
    }

    @Test func aStockLineThatAlsoOffersPickupStillSaysInStock() throws {
        let box = #"<div class="product-availability">In stock online. Free pickup in store today.</div>"#
        let draft = try TestSupport.draft(page(buyBox: box), url: "https://www.maison-lune.fr/robe-portefeuille")
        #expect(draft.availability == .inStock)
        let button = #"<button class="btn add-to-cart">Add to cart – pick up in store</button>"#
        #expect(try TestSupport.draft(page(buyBox: button), url: "https://www.maison-lune.fr/robe-portefeuille").availability == .inStock)
    }

    @Test(arguments: ["button-buy", "buy-button", "add-to-basket"])
    func anAddButtonCountsByItsClassWhateverItSays(marker: String) throws {
        let box = #"<button class="button \#(marker)"><span>HINZUFÜGEN</span></button>"#
        let draft = try TestSupport.draft(page(buyBox: box), url: "https://www.maison-lune.fr/robe-portefeuille")
        #expect(draft.availability == .inStock)
    }

    @Test(arguments: [("Versandlager: lagernd", Availability.inStock), ("derzeit nicht lagernd", .outOfStock),
                      ("Sofort versandfertig", .inStock), ("Expédié sous 24h", .inStock), ("Morgen in huis", .inStock),
                      ("Wysyłka w 24 godziny", .inStock), ("Derzeit nicht versandfertig", .outOfStock)])
    func stockLineWords(text: String, expected: Availability) {
        #expect(AvailabilityWords.availability(in: text) == expected)
    }

    @Test func aSchemelessImageAddressOnTheShopsDomainGetsHTTPS() throws {
        let page = URL(string: "https://www2.hm.com/fr_fr/productpage.1061531002.html")!
        #expect(ImagePicker.resolve("lp2.hm.com/hmgoepprod?set=source[/9a/1d/9a.jpg]", against: page)?.host == "lp2.hm.com")
        #expect(ImagePicker.resolve("www.other-cdn.com/a.jpg", against: page)?.absoluteString == "https://www.other-cdn.com/a.jpg")
        // A file name or a folder with a dot is a path on the page's host.
        #expect(ImagePicker.resolve("images/a.jpg", against: page)?.absoluteString == "https://www2.hm.com/fr_fr/images/a.jpg")
        #expect(ImagePicker.resolve("v1.2/a.jpg", against: page)?.host == "www2.hm.com")
        #expect(ImagePicker.resolve("cdn.elsewhere.net/a.jpg", against: page)?.host == "www2.hm.com")
    }

    @Test func aPickersPromptIsNoSize() {
        #expect(VariantPickers.isPrompt("Sélectionner la taille"))
        #expect(VariantPickers.isPrompt("Größe wählen"))
        #expect(!VariantPickers.isPrompt("XS/P"))
        #expect(!VariantPickers.isPrompt("EU 38"))
    }

    /// The H&M pages of Fixtures/real with their JSON-LD taken out: what the page shows is enough
    /// for the price and the stock.
    @Test func hmPagesWithoutStructuredDataReadPriceAndStockFromThePage() throws {
        let corpus = try FixtureCorpus(folder: RealPageTests.folder)
        let pages = corpus.pages.filter { $0.name.hasPrefix("hm-") }
        #expect(pages.count >= 7)
        for page in pages {
            let bare = page.html.replacingOccurrences(
                of: #"(?s)<script[^>]*application/ld\+json[^>]*>.*?</script>"#, with: "", options: [.regularExpression, .caseInsensitive])
            let stripped = !bare.contains("application/ld+json")
            #expect(stripped, "\(page.name) still has JSON-LD")
            let draft = try TestSupport.extractor.extract(html: bare, pageURL: page.pageURL)
            #expect(draft.price == page.expected["price"]?.double, "\(page.name) price")
            #expect(draft.availability?.rawValue == page.expected["availability"]?.string, "\(page.name) availability")
            #expect(!draft.sizes.contains { VariantPickers.isPrompt($0) }, "\(page.name) sizes \(draft.sizes)")
        }
    }
}
