import Closet
import ProductImport
import Testing

/// Baby, sport, work and traditional clothing, named the way shops name them.
@Suite struct SportAndWorkwearTests {
    @Test(arguments: [
        ("Baby Strampler Bio-Baumwolle", Category.dress, "jumpsuit"), ("Denim Overalls", .dress, "jumpsuit"), ("Barboteuse bébé", .dress, "jumpsuit"), ("Kinder Schneeanzug", .outerwear, "coat"),
        ("Arztkittel weiß", .outerwear, "coat"), ("Warnweste gelb", .outerwear, "gilet"), ("Hi-vis vest, class 2", .outerwear, "gilet"),
        ("Radtrikot kurzarm", .top, "t-shirt"), ("Cycling jersey, short sleeve", .top, "t-shirt"), ("Funktionsshirt Herren", .top, "t-shirt"),
        ("Thermounterwäsche Set", .bottom, "underwear"), ("Compression tights, 3/4", .bottom, "leggings"), ("Rash guard long sleeve", .top, "top"),
        ("Neoprenanzug 3/2 mm", .dress, "swimsuit"), ("Bikinihose Damen", .dress, "swimsuit"), ("Dirndl midi", .dress, "dress"),
        ("Kaftan en lin", .dress, "dress"), ("Tunika Damen", .top, "top"), ("Hijab jersey", .accessory, "scarf"), ("Kimono", .top, "cardigan"),
        // "Jersey" (a Spanish sweater) and "kimono" (a cut) lose to the word that names the piece.
        ("Jersey top", .top, "top"), ("Kimono sleeve top", .top, "top"), ("Jersey de lana", .top, "sweater"),
    ])
    func thesePiecesHaveTheirKind(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
