import Closet
import ProductImport
import Testing

/// Sweets, as confectioners title them: the food words had none.
@Suite struct ConfectioneryTests {
    @Test(arguments: [
        ("Guimauve Croissant Marshmallow", "food or drink"), ("Dragées amande 500 g", "food or drink"), ("Bonbons à la violette", "food or drink"),
        ("Fruchtgummi Mix 1 kg", "food or drink"), ("Gummy Bears 1 kg", "food or drink"), ("Caramelos de violeta", "food or drink"),
        ("Caramelle alla frutta", "food or drink"), ("Cukierki czekoladowe 1 kg", "food or drink"), ("Spekjes 300 gram", "food or drink"),
    ])
    func sweetsAreFood(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Candy Stripe Shirt", Category.top, "shirt"), ("Marshmallow Puffer Jacket", .outerwear, "puffer"),
        ("Cookie Print Sweatshirt", .top, "hoodie"),
    ])
    func clothingNamedAfterSweetsStaysClothing(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
