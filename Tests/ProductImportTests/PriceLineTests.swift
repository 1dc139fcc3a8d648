import Foundation
import ProductImport
import Testing

/// Small shops print the price as a plain line under the name ("Price: $24.99 (incl. tax)",
/// "価格 ￥3,980（税込）") in an element no class calls a price.
@Suite struct PriceLineTests {
    private func draft(_ lines: String, url: String) throws -> ProductDraft {
        let html = "<!doctype html><html><head><title>Shop</title></head><body><h1>Linen shirt</h1>\(lines)<button>Add to cart</button></body></html>"
        return try TestSupport.draft(html, url: url)
    }

    @Test(arguments: [
        ("<p>価格 ￥3,980（税込）</p>", "https://shop.example.jp/item/5", 3980.0, "JPY"),
        ("<p>販売価格 ３，９８０円（税込）</p>", "https://shop.example.jp/item/6", 3980.0, "JPY"),
        ("<p>Price: $24.99 (incl. tax)</p>", "https://shop.example.com/p/1", 24.99, "USD"),
        ("<div>Unser Preis: 49,95 € inkl. MwSt.</div>", "https://shop.example.de/p/1", 49.95, "EUR"),
        ("<p>Prix : 35,00 € TTC</p>", "https://boutique.example.fr/p/1", 35.0, "EUR"),
        ("<p>Cena: 129,99 zł z VAT</p>", "https://sklep.example.pl/p/1", 129.99, "PLN"),
        ("<p>가격 39,000원 (부가세 포함)</p>", "https://shop.example.co.kr/p/1", 39000.0, "KRW"),
    ])
    func aPlainPriceLineUnderTheNameIsThePrice(line: String, url: String, price: Double, currency: String) throws {
        let draft = try draft(line, url: url)
        #expect(draft.price == price)
        #expect(draft.currency == currency)
        #expect(draft.sources[.price] == .page)
    }

    @Test func linesThatStateASavingAShippingFeeOrAUnitPriceAreNotThePrice() throws {
        let lines = """
        <p>Preisvorteil: 10,00 € gegenüber UVP</p><p>Versandkosten-Preis: 4,95 € je Bestellung</p>
        <p>Grundpreis: 12,00 € / kg</p><p>Preis: 39,95 € inkl. MwSt.</p>
        """
        let draft = try draft(lines, url: "https://shop.example.de/p/1")
        #expect(draft.price == 39.95)
    }

    @Test func aLongerLineWithoutPriceWordsIsNotRead() throws {
        // Twenty-five bytes or more with no word saying "price" could be anything: a free-returns threshold here.
        let draft = try draft("<p>Kostenlose Rücksendung ab 50,00 € Bestellwert</p>", url: "https://shop.example.de/p/1")
        #expect(draft.price == nil)
    }
}
