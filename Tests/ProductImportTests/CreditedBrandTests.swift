@testable import ProductImport
import Testing

/// The name's first words as the brand when the description credits them ("From the Lisa Rinna Collection.").
@Suite struct CreditedBrandTests {
    private let qvc = "Kick your casual look up a notch with this knit top with tulip hem. From the Lisa Rinna Collection. Page 1"

    @Test func aCreditedLeadOfTheNameIsTheBrand() {
        #expect(CreditedBrand.brand(inName: "Lisa Rinna Collection Tulip Hem Long Sleeve Knit Top", description: qvc) == "Lisa Rinna Collection")
        #expect(CreditedBrand.brand(inName: "Prima - Leather Laces", description: "Prima - Leather Laces by SKECHERS at Zappos.com") == nil)
        #expect(CreditedBrand.brand(inName: "SKECHERS Prima - Leather Laces", description: "Prima - Leather Laces by SKECHERS at Zappos.com") == "SKECHERS")
        #expect(CreditedBrand.brand(inName: "Hessnatur Hose aus Leinen", description: "Eine leichte Hose von Hessnatur.") == "Hessnatur")
    }

    @Test func aHouseOrAMarketplacesLineAboutTheMakersProductsCredits() {
        #expect(CreditedBrand.brand(inName: "Casio Edifice EFV-510D Men's Watch", description: "An analog watch that comes from the house of Casio.") == "Casio")
        #expect(CreditedBrand.brand(inName: "Casio Edifice EFV-510D Men's Watch",
                                    description: "Buy Casio Edifice EFV-510D Men's Watch in Dubai. Shop for more Casio Products Online at LetsTango.com.") == "Casio")
        #expect(CreditedBrand.brand(inName: "Hessnatur Hose", description: "Eine Hose aus dem Hause Hessnatur.") == "Hessnatur")
        // "Buy X" is no credit, and "more" needs the maker's products after the name.
        #expect(CreditedBrand.brand(inName: "Casio Edifice EFV-510D Men's Watch", description: "Buy Casio Edifice EFV-510D Men's Watch in Dubai.") == nil)
        #expect(CreditedBrand.brand(inName: "Summer Linen Shirt", description: "Shop for more Summer looks.") == nil)
    }

    @Test func wordsTheDescriptionDoesNotCreditGiveNothing() {
        // Lowercase in the description: a way of making, not a maker.
        #expect(CreditedBrand.brand(inName: "Hand Cream Lavender", description: "Each jar is filled by hand in small batches.") == nil)
        // The lead must open the name and be credited whole, to a word's end.
        #expect(CreditedBrand.brand(inName: "Tulip Hem Knit Top", description: qvc) == nil)
        #expect(CreditedBrand.brand(inName: "Lis Knit Top", description: "From the Lisa Rinna Collection.") == nil)
        #expect(CreditedBrand.brand(inName: "Lisa Rinna Top", description: nil) == nil)
    }
}
