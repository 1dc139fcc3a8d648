import Closet
import ProductImport
import Testing

/// Names from real pages that the goods words missed: wall lights titled with plural or fixture
/// words, tapes sold as tools, workbench and vanity tops, and a brand that is a food word in another language (Italian
/// "miele" is honey; Miele makes dryers).
@Suite struct HomewareWordsTests {
    @Test(arguments: [
        ("Modern LED Wall Sconce Lighting Fixture Lamps 7W Warm White 2700K Up and Down Indoor Plaster Wall Lamps", "lighting"),
        ("Applique murale LED intérieur", "lighting"), ("Wandleuchte innen, 2 Stück", "lighting"), ("Aplique de pared LED", "lighting"),
        ("Lampada da parete moderna", "lighting"), ("Night light for kids", "lighting"),
        ("Gorilla Black Duct Tape, 1.88\" x 12 yd, Black, (Pack of 2)", "tool"), ("Gewebeband silber 50 m", "tool"),
        ("Cinta americana gris 25 m", "tool"), ("Tape measure 5 m", "tool"),
        ("Miele TCF620 WP Eco Wärmepumpentrockner", "washing machine"),
        ("60\"W x 24\"D x 1-3/4\" Thick Maple Butcher Block Square Edge Workbench Top", "furniture"), ("Quartz vanity top 31 in", "furniture"),
        ("Laminate countertop, 8 ft", "furniture"),
    ])
    func lightsTapesAndDryersAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("T-shirt à appliques fleurs", Category.top, "t-shirt"), ("Appliqué denim jacket", .outerwear, "jacket"),
        ("Vestito con applique", .dress, "dress"), ("Lightweight tape-trim hoodie", .top, "hoodie"),
        ("Bench Top Damen schwarz", .top, "top"), ("Ribbed tank top", .top, "top"),
    ])
    func appliquesAndTapeTrimStayClothing(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
