import Foundation
import Testing
@testable import ProductImport

@Suite struct TrademarkBrandTests {
    @Test(arguments: [
        ("Nespresso ® by Breville VertuoLine Chrome Coffee/Espresso Maker Bundle", "Nespresso"), ("LEGO® Star Wars X-Wing Starfighter", "LEGO"),
        ("Crocs™ Classic Clog", "Crocs"), ("Dr. Martens® 1460 Boot", "Dr. Martens"), ("Levi's® 501® Original Jeans", "Levi's"),
    ])
    func aTrademarkAtTheNamesHeadIsTheBrand(name: String, brand: String) {
        #expect(TrademarkBrand.brand(inName: name) == brand)
    }

    @Test(arguments: [
        "GORE-TEX® Paclite Jacket", "Thinsulate™ Knit Gloves", "Men's Merino Crew with Polartec® Power Grid", "Linen shirt", "2® Pack",
        "Women's running shorts in our softest fabric ever, with Lycra®", "The new iconic leather tote bag from Paris®", "Bluetooth® Speaker",
    ])
    func fabricsTechnologiesAndLaterMarksAreNoBrand(name: String) {
        #expect(TrademarkBrand.brand(inName: name) == nil)
    }

    /// On the house's own shop a mark that starts with the house's name is its line: the shop is the brand.
    @Test func aHousesMarkedLineOnItsOwnShopGivesTheHouse() throws {
        let html = """
            <html lang="en"><head><title>Tiffany Novo® Diamond Ring in Platinum | Tiffany &amp; Co.</title></head><body>
            <h1>Tiffany Novo® Diamond Ring</h1><span class="price">$2,450</span><button>Add to bag</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.tiffany.com/jewelry/rings/tiffany-novo-ring-GRP10214/")
        #expect(draft.brand == "Tiffany & Co.")
        let elsewhere = try TestSupport.draft(html.replacingOccurrences(of: "| Tiffany &amp; Co.", with: "| Ring Hall"),
                                              url: "https://ringhall.example.com/p/tiffany-novo")
        #expect(elsewhere.brand == "Tiffany Novo")
    }

    @Test func aPageWithoutABrandTakesTheTrademarkedOne() throws {
        let html = """
            <html lang="en"><head><title>Crocs™ Classic Clog | Shoe Barn</title></head><body>
            <h1>Crocs™ Classic Clog</h1><span class="price">$49.99</span><button>Add to cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://shoebarn.example.com/p/crocs-classic-clog")
        #expect(draft.brand == "Crocs")
        #expect(draft.category == .shoes)
    }

    @Test func aBrandTheSourcesNameComesFirst() throws {
        let html = """
            <html lang="en"><head><title>GORE-TEX® Trail Shoe</title></head><body>
            <h1>GORE-TEX® Trail Shoe</h1><div class="brand">Salomon</div><span class="price">$149.99</span><button>Add to cart</button></body></html>
            """
        #expect(try TestSupport.draft(html, url: "https://shoebarn.example.com/p/trail").brand == "Salomon")
    }
}
