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
}
