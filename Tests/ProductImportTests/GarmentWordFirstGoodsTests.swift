import Closet
import ProductImport
import Testing

/// Goods whose names open with a garment word, as English and German compounds put the thing last
/// ("Tuxedo Cat Mug", "Bucket Hat Crochet Pattern", "Mütze Strickanleitung"), and pet costumes
/// named after the garment they copy. The garments beside them keep their kinds.
@Suite struct GarmentWordFirstGoodsTests {
    @Test(arguments: [
        ("Motorcycle Top Case 45L", "car accessory"), ("Jeans Button Replacement Kit", "garment care item"),
        ("Barbie Dress Up Doll", "toy"), ("T-Shirt Folding Board", "garment care item"), ("Sock Knitting Yarn Merino", "craft supplies"),
        ("Leggings Dog Costume", "pet supplies"), ("Bucket Hat Crochet Pattern", "craft supplies"), ("Tuxedo Cat Mug", "kitchen appliance"),
        ("Mütze Strickanleitung", "craft supplies"), ("Socken Garn Merino", "craft supplies"), ("Shirt Buttons 20 pcs", "garment care item"),
    ])
    func theThingNamedLastIsWhatIsSold(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    /// German compounds and French phrases that name the thing by a word a garment also has ("collier" is a
    /// necklace and a dog's collar).
    @Test(arguments: [
        ("Kaffeetasse Porzellan", "kitchen appliance"), ("Thermobecher Edelstahl", "kitchen appliance"), ("Topf Set Edelstahl", "kitchen appliance"),
        ("Kopfkissenbezug 80x80", "home textile"), ("Collier chien cuir", "pet supplies"),
    ])
    func compoundsAndPhrasesNameTheGoods(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Collier perles femme", Category.accessory, "jewellery"), ("Badekappe Silikon", .accessory, "hat"), ("Top Damen", .top, "top"),
        ("Tassenrock", .bottom, "skirt"),
        ("Baby Doll Dress", Category.dress, "dress"), ("Denim Jacket with Buttons", .outerwear, "jacket"),
        ("Cardigan with Pockets and Buttons", .top, "cardigan"), ("Box Pleat Skirt", .bottom, "skirt"), ("Cup Bra Lace", .top, "bra"),
    ])
    func garmentsWithThoseWordsStayGarments(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
