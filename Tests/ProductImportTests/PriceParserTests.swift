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
