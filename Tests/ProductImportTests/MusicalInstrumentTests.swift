import Closet
import ProductImport
import Testing

/// Musical instruments and their parts, as music shops title them. Before this kind they were read as tools
/// ("Graded Hammer" keyboards), or as nothing at all.
@Suite struct MusicalInstrumentTests {
    @Test(arguments: [
        ("Yamaha YDP-S52 B Digitalpiano", "musical instrument"), ("Roland FP-30X Digital Piano, black", "musical instrument"),
        ("Fender Player Stratocaster Electric Guitar", "musical instrument"), ("Ibanez GSR200 Bass Guitar", "musical instrument"),
        ("E-Gitarre Stratocaster Sunburst", "musical instrument"), ("Konzertgitarre 4/4 Fichte", "musical instrument"),
        ("Akustikgitarre mit Tasche", "musical instrument"), ("Geige 4/4 Set mit Koffer", "musical instrument"),
        ("Guitare électrique type Telecaster", "musical instrument"), ("Piano numérique 88 touches", "musical instrument"),
        ("Guitarra clásica 4/4 cedro", "musical instrument"), ("Chitarra acustica con custodia", "musical instrument"),
        ("Pianoforte digitale 88 tasti pesati", "musical instrument"), ("Violão elétrico folk", "musical instrument"),
        ("Elektrische gitaar zwart", "musical instrument"), ("Gitara klasyczna 4/4", "musical instrument"),
        ("Pianino cyfrowe 88 klawiszy", "musical instrument"), ("电钢琴 88键 重锤", "musical instrument"),
        ("電子ピアノ 88鍵盤", "musical instrument"), ("디지털피아노 88건반", "musical instrument"),
        ("Elixir Nanoweb Guitar Strings, light", "musical instrument"), ("Tenor Saxophone, lacquered brass", "musical instrument"),
        ("Electronic Drum Kit with mesh heads", "musical instrument"), ("Ukulele Sopran Mahagoni", "musical instrument"),
    ])
    func instrumentsAreMusicalInstruments(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Guitar Print T-Shirt", Category.top, "t-shirt"), ("Guitar Graphic Tee", .top, "t-shirt"),
        ("Violin Charm Earrings", .accessory, "jewellery"), ("Piano Key Scarf", .accessory, "scarf"),
        ("T-Shirt mit Gitarren-Print", .top, "t-shirt"),
    ])
    func clothingThatShowsAnInstrumentStaysClothing(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test func aPianoBlackFinishIsNoPiano() {
        #expect(TestSupport.rules.classify(KeywordInput(name: "Sideboard, piano black")).goods != "musical instrument")
    }
}
