import Closet
import ProductImport
import Testing

/// Small accessories shops sell next to clothing, and the things for clothing that are not worn:
/// neither may be taken for a top, a bottom or a pair of shoes.
@Suite struct AccessoryWordsTests {
    @Test(arguments: [
        ("Hosenträger mit Clips", Category.accessory, "belt"), ("Suspenders for men", .accessory, "belt"), ("Bretelles homme", .accessory, "belt"),
        ("Tirantes elásticos", .accessory, "belt"), ("Schmuck-Set Silber", .accessory, "jewellery"), ("Ohrstecker Gold", .accessory, "jewellery"), ("Leather beltbag", .accessory, "bag"), ("Krawattennadel Silber", .accessory, "tie"), ("Einstecktuch Seide", .accessory, "tie"),
        ("Pocket square, paisley", .accessory, "tie"), ("Schlüsselanhänger Leder", .accessory, "wallet"), ("Llavero de cuero", .accessory, "wallet"),
        ("Key ring with clip", .accessory, "wallet"), ("Ohrenwärmer Fleece", .accessory, "hat"), ("Balaclava merino", .accessory, "hat"),
        ("Beinstulpen Strick", .accessory, "socks"), ("Leg warmers, ribbed", .accessory, "socks"), ("Arm warmers for cycling", .accessory, "gloves"),
        ("Riñonera deportiva", .accessory, "bag"), ("Marsupio in pelle", .accessory, "bag"), ("Stola in cashmere", .accessory, "scarf"),
        ("Shirt studs, onyx", .accessory, "jewellery"), ("Wool poncho", .outerwear, "coat"), ("Cape", .outerwear, "coat"),
        // A cape that is only the shape of a sleeve, or a place.
        ("Cape sleeve blouse", .top, "blouse"), ("Cape Cod T-shirt", .top, "t-shirt"),
    ])
    func smallAccessoriesHaveTheirKind(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        "Shoe insoles, memory foam", "Semelles intérieures", "Plantillas de gel", "Schuheinlagen", "Shirt collar extender",
        "Jeans buttons replacement", "Brillenetui", "Glasses case, hard shell",
    ])
    func thingsForClothesAreNotClothes(name: String) {
        TestSupport.expectGoods(name, "garment care item")
    }
}
