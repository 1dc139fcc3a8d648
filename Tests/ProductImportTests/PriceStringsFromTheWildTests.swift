import Testing
@testable import ProductImport

/// Price texts shops really printed, with the amount and currency people read in them: the
/// examples scrapinghub/price-parser collected "from a random sample of pages from different
/// domains" (tests/test_price_parsing.py, BSD-3-Clause, commit 081e0c29), each taken as its
/// `price_raw` with the amount that project's authors wrote by hand and the ISO code of the
/// symbol they marked. Left out: examples without a symbol in the text, old and non-shop
/// currencies, and the ones where the importer refuses on purpose (a monthly "$15.95/mo", a
/// line with a percentage, whose first amount is as often the old price as the new one).
@Suite struct PriceStringsFromTheWildTests {
    @Test(arguments: [
        ("45,00 zł", 45.0, "PLN"), ("$ 22.00", 22.0, "USD"), ("R$260,00", 260.0, "BRL"), ("34,50 € *", 34.5, "EUR"),
        ("Běžná cena 9 800 Kč", 9800.0, "CZK"), ("249,00 EUR", 249.0, "EUR"), ("€13.95", 13.95, "EUR"), ("CHF 47.00 *", 47.0, "CHF"),
        ("€ 610,", 610.0, "EUR"), ("49,96€", 49.96, "EUR"), ("$119. 95", 119.95, "USD"), ("₪98", 98.0, "ILS"),
        ("Rp 31.500", 31500.0, "IDR"), ("$ 119,999", 119999.0, "USD"), ("Cena 283,50 PLN", 283.5, "PLN"), ("฿ 3.3900", 3.39, "THB"),
        ("302,44€", 302.44, "EUR"), ("3,49 zł 1,75 zł", 3.49, "PLN"), ("Vanaf € 49.95", 49.95, "EUR"), ("€30,40 **", 30.4, "EUR"),
        ("17 940,00 руб", 17940.0, "RUB"), ("880,000 ₫", 880000.0, "VND"), ("$426.20/EA", 426.2, "USD"), ("841,00 zł – 995,00 zł", 841.0, "PLN"),
        ("166,81 € iva inclusa", 166.81, "EUR"), ("9.990,00 €", 9990.0, "EUR"), ("50,- Kč", 50.0, "CZK"), ("Rs 3,600.00", 3600.0, "INR"),
        ("29 RON", 29.0, "RON"), ("2 750 руб.", 2750.0, "RUB"), ("P.V.P. 4,56 €", 4.56, "EUR"), ("184,20 €HT", 184.2, "EUR"),
        ("3,990 Ft", 3990.0, "HUF"), ("R$ 528,00", 528.0, "BRL"), ("5 290 Kč", 5290.0, "CZK"), ("C$5.95", 5.95, "CAD"),
        ("From $109.90", 109.9, "USD"), ("From 26 to 50 €", 26.0, "EUR"), ("3,301.00 £", 3301.0, "GBP"), ("34.99€", 34.99, "EUR"),
        ("$16,500", 16500.0, "USD"), ("35€ 99", 35.99, "EUR"), ("€175 €88", 175.0, "EUR"), ("199,00 грн.", 199.0, "UAH"), ("9 472 Ft", 9472.0, "HUF"),
        ("Rp 169.000", 169000.0, "IDR"), ("Prezzo SVB: 19,95 €", 19.95, "EUR"), ("RM50", 50.0, "MYR"), ("5 833,00 €", 5833.0, "EUR"),
        ("19,1€", 19.1, "EUR"), ("790,00 € HT", 790.0, "EUR"), ("Cena 14,79 €", 14.79, "EUR"), ("$395,000", 395000.0, "USD"),
        ("$ 281.40 $ 265.70", 281.4, "USD"), ("£94.50 GBP", 94.5, "GBP"), ("Rs1,599.00", 1599.0, "INR"), ("$6,200.00", 6200.0, "USD"),
        ("2.130,00 €", 2130.0, "EUR"), ("SGD$4.90", 4.9, "SGD"), ("SGD4.90 $", 4.9, "SGD"), ("naša cena 67,30 €", 67.3, "EUR"),
        ("0,29 € + iva", 0.29, "EUR"), ("1 139,00 €", 1139.0, "EUR"), ("8.000.000 ₫", 8_000_000.0, "VND"), ("$844,900", 844900.0, "USD"),
        ("140,00 pln", 140.0, "PLN"), ("145,00 lei", 145.0, "RON"), ("2 499,00 zł", 2499.0, "PLN"), ("800 руб.", 800.0, "RUB"),
        ("$ 1.144.000", 1_144_000.0, "USD"), ("A$190.00", 190.0, "AUD"), ("205,68 € 205.68", 205.68, "EUR"), ("AED 8000 (USD 2179)", 8000.0, "AED"),
        ("Pris NOK 899,00", 899.0, "NOK"), ("12x de R$ 44,00 sem juros", nil, "BRL"),
    ] as [(String, Double?, String)])
    func aShopsPriceTextGivesItsAmountAndCurrency(text: String, amount: Double?, currency: String) {
        #expect(PriceParser.visibleAmount(text) == amount, "\(text)")
        #expect(PriceParser.currency(text) == currency, "\(text)")
    }
}
