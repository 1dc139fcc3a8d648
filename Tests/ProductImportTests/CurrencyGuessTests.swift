import Foundation
import Testing
@testable import ProductImport

/// The currency of a price that shows no symbol, from the shop's domain, path and language.
@Suite struct CurrencyGuessTests {
    @Test(arguments: [
        ("/de_de/productpage.0736967002.html", "EUR"), ("/en-gb/product/123", "GBP"), ("/en_eur/men/product.x.html", "EUR"),
        ("/de-ch/p/123", "CHF"), ("/es/en/shirt-p123.html", "EUR"), ("/de/product/59876", "EUR"), ("/pl/pl/p/1", "PLN"),
        ("/en_gbp/women/product.y.html", "GBP"),
    ])
    func aLocaleAtTheStartOfThePathNamesTheCurrency(_ path: String, _ code: String) {
        #expect(CurrencyGuess.currency(forPath: path) == code, "\(path)")
        #expect(CurrencyGuess.currency(forHost: "www.shop.com", path: path, siteDomains: [:]) == code)
    }

    @Test(arguments: ["/en/product/1", "/product/de-de-edition", "/p/a/b/de_de", "/", "", "/products/uk-size-10-dress", "/xx_yy/1", "/en_abc/1"])
    func otherPathsSayNothing(_ path: String) {
        #expect(CurrencyGuess.currency(forPath: path) == nil, "\(path)")
    }

    /// Etsy and eBay write a country's dollar with its letters; "CA$" holds "A$" and must not read as Australian.
    @Test(arguments: [("CA$ 53.11", "CAD"), ("AU$ 89.00", "AUD"), ("NZ$ 20", "NZD"), ("MX$ 1,299", "MXN"), ("S$ 15.90", "SGD"),
                      ("US$ 48.00", "USD"), ("A$ 12", "AUD"), ("C$ 12", "CAD"), ("NT$ 1,280", "TWD"), ("HK$ 399", "HKD")])
    func aCountrysDollarIsThatCountrys(text: String, code: String) {
        #expect(PriceParser.currency(text) == code)
        #expect(CurrencyGuess.currency(priceText: text, host: "www.etsy.com", language: "en") == code)
        #expect(CurrencyGuess.namesCurrency(text))
    }

    /// eBay puts a space between the letters and the sign ("US $49.99" on ebay.de): still that country's dollar,
    /// whatever the domain; letters that end another word do not count.
    @Test(arguments: [("US $49.99", "www.ebay.de", "USD"), ("C $49.99", "www.ebay.com", "CAD"), ("AU\u{00A0}$49.99", "www.ebay.co.uk", "AUD"),
                      ("$49.99", "www.ebay.ca", "CAD"), ("BUS $5", "shop.example.ca", "CAD")])
    func aSpacedCountryDollarIsThatCountrys(text: String, host: String, code: String) {
        #expect(CurrencyGuess.currency(priceText: text, host: host, language: "en", siteDomains: ["ca": "CAD"]) == code, "\(text)")
    }

    /// Egyptian shops write the pound "LE", "L.E" or "E£"; Arabic pages abbreviate the Gulf's currencies.
    @Test(arguments: [("LE 79", "EGP"), ("L.E 12.00", "EGP"), ("12.00 L.E.", "EGP"), ("E£ 250", "EGP"), ("250 ج.م", "EGP"),
                      ("99 د.إ", "AED"), ("120 ر.س", "SAR"), ("£25.00", "GBP")])
    func egyptianAndGulfSignsNameTheirCurrencies(text: String, code: String) {
        #expect(PriceParser.currency(text) == code, "\(text)")
    }

    @Test func theLettersLAndEElsewhereNameNoPound() {
        #expect(PriceParser.currency("Le Petit Prince 12") == nil)
        #expect(PriceParser.currency("STYLE.EU 12") == nil)
        #expect(PriceParser.currency("LE PRIX 29,99") == nil)
        #expect(PriceParser.currency("79 LE") == "EGP")
    }

    @Test func swissFrancsWrittenAsFrAreFrancs() {
        #expect(PriceParser.currency("Fr. 49.90") == "CHF")
        #expect(PriceParser.currency("SFr. 129.–") == "CHF")
        #expect(PriceParser.currency("Frais 49.90") == nil)
    }

    @Test func theDomainsCountryEndingWinsOverThePath() {
        #expect(CurrencyGuess.currency(forHost: "www.hm.com", path: "/de_ch/x", siteDomains: [:]) == "CHF")
        #expect(CurrencyGuess.currency(forHost: "www.zalando.de", path: "/en-gb/x", siteDomains: [:]) == "EUR")
        #expect(CurrencyGuess.currency(forHost: "shop.co.uk", path: "/de/x", siteDomains: [:]) == "GBP")
    }

    @Test func aLanguageSpokenInOneCurrencyNamesIt() {
        #expect(CurrencyGuess.currency(forHost: "www.shop.com", language: "de", siteDomains: [:]) == "EUR")
        #expect(CurrencyGuess.currency(forHost: "www.shop.com", language: "it", siteDomains: [:]) == "EUR")
        #expect(CurrencyGuess.currency(forHost: "www.shop.com", language: "de-CH", siteDomains: [:]) == "CHF")
        // Spanish, French, English and Portuguese are spoken across currencies: no guess.
        for language in ["es", "fr", "en", "pt"] {
            #expect(CurrencyGuess.currency(forHost: "www.shop.com", language: language, siteDomains: [:]) == nil, "\(language)")
        }
    }

    /// Local notations that name no currency: a price block showing only "R 299" or "499,-" is still the
    /// price, and the shop's domain gives the currency.
    @Test(arguments: [("R 299", "www.woolworths.co.za", 299.0, "ZAR"), ("R299.00", "www.superbalist.co.za", 299.0, "ZAR"),
                      ("499,-", "www.xxl.no", 499.0, "NOK"), ("1 299:-", "www.komplett.se", 1299.0, "SEK"),
                      ("49,–", "www.shop.de", 49.0, "EUR"), ("₱299", "shopee.ph", 299.0, "PHP")])
    func aLocalNotationInAPriceBlockIsThePrice(text: String, host: String, amount: Double, code: String) throws {
        let html = "<html><head><title>Linen shirt</title></head><body><h1>Linen shirt</h1><div class=\"product-price\">\(text)</div><button>Add to cart</button></body></html>"
        let draft = try TestSupport.extractor.extract(html: html, pageURL: URL(string: "https://\(host)/p/linen-shirt")!)
        #expect(draft.price == amount, "\(text)")
        #expect(draft.currency == code, "\(text)")
    }

    @Test func aBareNumberOrAWordIsNoLocalNotation() {
        #expect(PriceParser.isLocalNotation("499,-"))
        #expect(!PriceParser.isLocalNotation("499"))
        #expect(!PriceParser.isLocalNotation("Rating 4.5"))
        #expect(!PriceParser.isLocalNotation("R2-D2"))
        #expect(!PriceParser.isLocalNotation("size 40,-"))
    }
}
