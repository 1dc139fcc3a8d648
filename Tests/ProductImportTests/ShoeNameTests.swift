import Closet
import ProductImport
import Testing

/// Sneakers shops title by their model alone, and the words around them that name something else.
@Suite struct ShoeNameTests {
    @Test(arguments: [
        ("Nike Air Force 1 '07", Category.shoes, "sneaker"), ("Converse Chuck Taylor All Star High Top", .shoes, "sneaker"), ("Vans Old Skool", .shoes, "sneaker"),
        ("adidas Originals Superstar", .shoes, "sneaker"), ("Asics Gel-Kayano 30", .shoes, "sneaker"), ("Nike Blazer Mid '77 Vintage", .shoes, "sneaker"),
        ("Vans Classic Slip-On", .shoes, "sneaker"), ("スリッポン メンズ キャンバス", .shoes, "sneaker"), ("브라렛 세트", .top, "top"), ("女士内衣套装", .bottom, "underwear"), ("Tezenis Slip donna in cotone", .bottom, "underwear"), ("Herren Slip 5er Pack", .bottom, "underwear"),
        // The same words where the name says what it is.
        ("Superstar graphic T-shirt", .top, "t-shirt"), ("Wool blazer, navy", .outerwear, "blazer"), ("Satin slip dress", .dress, "dress"),
        ("High neck top", .top, "top"),
    ])
    func aModelNameSaysSneaker(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
