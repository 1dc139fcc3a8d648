import Foundation
import Testing
@testable import ProductImport

@Suite struct KnownBrandsTests {
    /// The shipped list, as the importer reads it from `bot-config/keywords.json`.
    private let brands = TestSupport.rules.brands

    @Test(arguments: [
        ("Nikon D3400 Kit 18-55 VR + 16GB C10 + BAG", "Nikon"), ("adidas Kids Marble Leggings", "adidas"),
        ("NIKE Air Max 90", "NIKE"), ("Nike® Air Force 1 '07", "Nike"), ("Calvin Klein Jeans Slim Logo Tee", "Calvin Klein Jeans"),
        ("Tommy Hilfiger Herren Badeshorts", "Tommy Hilfiger"), ("The North Face Nuptse Jacket", "The North Face"),
        ("Levi's 501 Original Jeans", "Levi's"), ("Jack & Jones Jjeorgan Tee", "Jack & Jones"),
        // Sentence case keeps a brand spelled as only a brand is.
        ("SAMSUNG galaxy tab cover", "SAMSUNG"), ("adidas running shorts", "adidas"),
    ])
    func aNameLeadingWithAKnownMakerNamesIt(name: String, brand: String) {
        #expect(brands.brand(inName: name) == brand)
    }

    /// Spanish, Portuguese and Italian names put the kind first.
    @Test(arguments: [
        ("Notebook Lenovo IdeaPad 3i Core i5", "Lenovo"), ("Zapatillas Nike Revolution 6", "Nike"), ("Tênis adidas Runfalcon 3.0", "adidas"),
        ("Smartphone Samsung Galaxy A54 5G", "Samsung"),
    ])
    func aMakerAfterTheKindNamesIt(name: String, brand: String) {
        #expect(brands.brand(inName: name) == brand)
    }

    @Test(arguments: [
        // The device a part fits is no maker of the part.
        "Hülle für Samsung Galaxy S21", "Funda Samsung Galaxy A52 transparente", "Armband Apple Watch 44 mm", "Case for iPhone and Samsung",
        // Not a word spelled as a brand, nor a brand the name is only made of, nor one deep in the name.
        "apple pie tin", "Apple cider vinegar, 500 ml", "Nike", "Schwarzes Kleid mit Nike Logo", "Damen Winter Warm Jacke Columbia", "Ladies' Linen Shirt",
        // A common word that is also a brand is not listed.
        "Next Day Dress", "Mango Print Blouse",
    ])
    func otherNamesNameNoMaker(name: String) {
        #expect(brands.brand(inName: name) == nil)
    }

    @Test func aListWithoutBrandsFindsNone() {
        #expect(KnownBrands([]).brand(inName: "Nikon D3400") == nil)
        #expect(KnownBrands(["Nikon"]).brand(inName: "Nikon D3400") == "Nikon")
    }

    /// A shop of many makers that names the maker only at the name's head: the maker is the brand, not the shop.
    @Test func aMakerAtTheNamesHeadBeatsTheShopsName() throws {
        let html = """
            <html lang="en"><head><title>Canon EOS 250D Body Black | Camshop</title>
            <meta property="og:site_name" content="Camshop"></head><body>
            <h1>Canon EOS 250D Body Black</h1><span class="price">€499.00</span><button>Add to cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.camshop.example/canon-eos-250d-body")
        #expect(draft.brand == "Canon")
        let unknown = try TestSupport.draft(html.replacingOccurrences(of: "Canon", with: "Zorvex"), url: "https://www.camshop.example/zorvex-eos-250d-body")
        #expect(unknown.brand != "Zorvex")
    }

    /// A brand the page states wins over the name's head ("Apple" cases by another maker).
    @Test func aStatedBrandStays() throws {
        let html = """
            <html lang="en"><head><title>Apple Watch Band 44mm Sport Loop</title>
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Apple Watch Band 44mm Sport Loop",
            "brand":{"@type":"Brand","name":"Strapworks"},"sku":"SW-44","offers":{"@type":"Offer","price":"19.99","priceCurrency":"USD",
            "availability":"https://schema.org/InStock"}}</script></head><body><h1>Apple Watch Band 44mm Sport Loop</h1></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.strapworks.example/apple-watch-band")
        #expect(draft.brand == "Strapworks")
    }

    @Test(arguments: [
        ("www.bose.com", "Bose"), ("www.thenorthface.de", "The North Face"), ("shop.lenovo.com", "Lenovo"), ("www.drmartens.com", "Dr. Martens"),
    ])
    func aMakersOwnHostNamesIt(host: String, brand: String) {
        #expect(brands.brand(forHost: host) == brand)
    }

    @Test(arguments: ["shop.example", "www.nike-outlet-shoes.example", "www.hm.com", "www.amazon.de", "www.zalando.it"])
    func otherHostsNameNoMaker(host: String) {
        #expect(brands.brand(forHost: host) == nil)
    }

    /// On a maker's own shop the mark at the name's head is its line; elsewhere the mark is the brand.
    @Test func aMarkedLineOnAMakersOwnShopGivesTheMaker() throws {
        let html = """
            <html lang="en"><head><title>Wave® music system IV</title></head><body>
            <h1>Wave® music system IV</h1><span class="price">$499.00</span><button>Add to cart</button></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://www.bose.com/en_us/products/speakers/wave.html").brand == "Bose")
        #expect(try TestSupport.draft(html, url: "https://www.hifi-hall.example/wave-music-system").brand == "Wave")
    }

    /// The maker's shop spells itself its own way: its site name's spelling is kept.
    @Test func aMakersShopKeepsItsOwnSpelling() throws {
        let html = """
            <html lang="en"><head><title>Glazed plate - Beige - ARKET</title><meta property="og:site_name" content="ARKET"></head><body>
            <h1>Glazed plate</h1><span class="price">€25</span><button>Add to bag</button></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://www.arket.com/en_eur/home/kitchen/product.glazed-plate-beige.1000000001.html").brand == "ARKET")
    }

    /// A typed description ("/add nike hoodie black") names its maker in any case and without punctuation.
    @Test(arguments: [
        ("nike hoodie black", "Nike"), ("levis 501 jeans", "Levi's"), ("dr martens 1460 boots", "Dr. Martens"),
        ("The north face puffer jacket", "The North Face"), ("TOMMY HILFIGER polo", "Tommy Hilfiger"),
    ])
    func aTypedDescriptionNamesItsMaker(text: String, brand: String) {
        let draft = TestSupport.rules.draft(fromText: text)
        #expect(draft.brand == brand)
        #expect(draft.sources[.brand] == .text)
    }

    @Test(arguments: ["navy wool blazer", "nike", "my favourite nike hoodie", "hoodie for nike fans"])
    func otherTypedDescriptionsNameNoMaker(text: String) {
        #expect(TestSupport.rules.draft(fromText: text).brand == nil)
    }
}
