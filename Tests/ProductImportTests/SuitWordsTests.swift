import Closet
import ProductImport
import Testing

/// Suits are outerwear (their jacket is what an outfit shows), with a formal default. The word is
/// part of many other garments' names (swimsuit, snowsuit, Badeanzug, traje de baño, スーツケース),
/// which keep their own kinds.
@Suite struct SuitWordsTests {
    @Test(arguments: [
        "Slim fit suit, navy", "Anzug Herren Slim Fit", "Traje de hombre azul", "Costume homme slim", "Garnitur męski",
        "Abito da uomo blu", "メンズ スーツ 2ピース", "Three piece suit in tweed", "Tuxedo with satin lapels", "Hosenanzug Damen",
    ])
    func suitsAreOuterwear(name: String) {
        TestSupport.expectGarment(name, .outerwear, "suit")
    }

    @Test func aSuitIsFormalByDefault() {
        #expect(TestSupport.rules.classify(KeywordInput(name: "Anzug Herren")).formality ?? 0 >= 4)
    }

    @Test(arguments: [
        ("Suit trousers wool", Category.bottom, "trouser"), ("Suit jacket in wool", .outerwear, "blazer"),
        ("Traje de baño mujer", .dress, "swimsuit"), ("Badeanzug Damen", .dress, "swimsuit"), ("Wet suit 3mm", .dress, "swimsuit"),
        ("Tuxedo shirt", .top, "dress shirt"), ("Vestito da donna", .dress, "dress"),
    ])
    func piecesNamedWithTheSuitWordKeepTheirKind(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [("スーツケース 機内持ち込み", "luggage"), ("Suit bag for travel", "garment care item"), ("Suits season 1 DVD", "film or music")])
    func suitcasesSuitBagsAndTheSeriesAreGoods(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }
}
