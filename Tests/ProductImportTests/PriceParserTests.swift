import Testing
@testable import ProductImport

@Suite struct PriceParserTests {
    @Test(arguments: [
        ("49.95", 49.95), ("49,95 €", 49.95), ("1.299,00", 1299.0), ("$1,299.00", 1299.0),
        ("EUR 12", 12.0), ("4 999,00 NOK", 4999.0), ("1,299", 1299.0), ("£55.00", 55.0), ("1299.000", 1299.0),
    ])
    func pricesAreReadTheWayShopsWriteThem(text: String, amount: Double) {
        #expect(PriceParser.amount(text) == amount)
    }

    @Test func textWithoutDigitsHasNoPrice() {
        #expect(PriceParser.amount("Sold out") == nil)
    }

    @Test func currenciesComeFromCodesOrSymbols() {
        #expect(PriceParser.currency("usd") == "USD")
        #expect(PriceParser.currency("€ 49") == "EUR")
        #expect(PriceParser.currency("£55.00") == "GBP")
        #expect(PriceParser.currency("49") == nil)
    }

    @Test(arguments: [("299,99 TL", "TRY"), ("12 990 Ft", "HUF"), ("149,99 lei", "RON"), ("RM 49.90", "MYR"), ("Rp 150.000", "IDR"),
                      ("SR1,550", "SAR"), ("QR 99", "QAR"), ("KD 12.500", "KWD")])
    func letterAbbreviationsNameTheirCurrency(text: String, code: String) {
        #expect(PriceParser.currency(text) == code)
    }

    @Test func letterAbbreviationsCountOnlyAsWordsOfTheirOwn() {
        #expect(PriceParser.currency("TLC 12") == nil)
        #expect(PriceParser.currency("Gift 12") == nil)
        #expect(PriceParser.currency("12 tl") == nil)
        // A suggested retail price is in dollars, not in riyals.
        #expect(PriceParser.currency("SRP $29.99") == "USD")
        #expect(PriceParser.currency("Sr 12") == nil)
    }
}

@Suite struct ByteSearchTests {
    @Test func includesFindsWordsByteForByteLikeFoundation() {
        let texts = ["was-price old", "原價 $1,280", "prix conseillé", "", "a", "ab", "€ 49,95", "statt 59 €"]
        let words = ["was-", "原價", "conseillé", "", "b", "ab", "abc", "€", "59 €", "é"]
        for text in texts {
            for word in words {
                #expect(text.includes(word) == (word.isEmpty || text.range(of: word) != nil), "\(text) / \(word)")
                #expect(Substring(text).includes(word) == text.includes(word))
            }
        }
    }

    @Test func byteRangeFindsTheFirstOrLastOccurrenceLikeFoundation() {
        let texts = ["Linen shirt | Etsy | Etsy", "Acme - Shirt – Blue – Acme", "原價 | 原價", "", "| ", "ab"]
        let words = [" | ", " – ", " - ", "原價", "Etsy", "ab", "abc"]
        for text in texts {
            for word in words {
                #expect(text.byteRange(of: word) == text.range(of: word), "\(text) / \(word)")
                #expect(text.byteRange(of: word, backwards: true) == text.range(of: word, options: .backwards), "\(text) / \(word) backwards")
                let tail = text.dropFirst(2)
                #expect(tail.byteRange(of: word, backwards: true) == tail.range(of: word, options: .backwards), "\(tail) / \(word) in a slice")
            }
        }
    }

    @Test func aColonIsFoundInEitherWidth() {
        #expect("Brand: Acme".hasColon)
        #expect("ブランド：Acme".hasColon)
        #expect(!"Brand Acme".hasColon)
        #expect(!"".hasColon)
    }

    @Test func fullWidthDigitsAreRead() {
        #expect(PriceParser.visibleAmount("３，９８０円（税込）") == 3980)
        #expect(PriceParser.visibleAmount("￥１２．５０") == 12.5)
        #expect(PriceParser.currency("３，９８０円") == "JPY")
    }

    @Test(arguments: ["Final sale items (with prices ending in $.X7 or $.X9)", "$.X7", "Item A1686"])
    func digitsGluedToAWordThatIsNoCurrencyAreNoPrice(text: String) {
        #expect(PriceParser.visibleAmount(text) == nil)
    }

    @Test(arguments: [("RM49.90", 49.9), ("Rp10.000", 10000.0), ("EUR7,99", 7.99), ("R199", 199.0), ("税込3,980円", 3980.0), ("售價1280元", 1280.0), ("US$7.50", 7.5)])
    func digitsGluedToACurrencyOrToCJKWordsAreStillPrices(text: String, amount: Double) {
        #expect(PriceParser.visibleAmount(text) == amount)
    }
}

@Suite struct OldPriceWordingTests {
    @Test(arguments: [
        ("Statt 59,99 €", true), ("UVP: 59,99 €", true), ("Prix conseillé : 49,00 €", true), ("原價 NT$1,280", true),
        ("Précédemment vendu 49,00 €", false), ("59,99 € statt", false), ("39,99 €", false), ("Jetzt 19,99 €", false),
        ("Niedrigster Preis der letzten 30 Tage: 24,99 €", true),
    ])
    func theWordsBeforeTheAmountNameAnOldPrice(text: String, old: Bool) {
        #expect(BuyBoxPrice.namesOldPrice(text) == old, "\(text)")
    }
}
