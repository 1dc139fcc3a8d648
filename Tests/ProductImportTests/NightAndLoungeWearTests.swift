import Closet
import ProductImport
import Testing

/// Nightwear goes with the one-piece garments (a pyjama set is worn whole, like a jumpsuit), bathrobes
/// and tracksuits with outerwear (what shows is the robe or the track jacket), all casual. Their halves
/// keep the half's kind, and the words inside other words ("Gown", "Anzug") keep theirs.
@Suite struct NightAndLoungeWearTests {
    @Test(arguments: [
        "Cotton pyjama set, striped", "Damen Schlafanzug lang", "Pyjama en satin femme", "Pijama de algodón para mujer",
        "Pigiama lungo da uomo", "Nachthemd Damen Baumwolle", "Satin nightdress with lace", "Piżama damska bawełniana",
        "여성 잠옷 세트", "レディース パジャマ 長袖", "純棉睡衣 女",
    ])
    func nightwearIsWornWhole(name: String) {
        TestSupport.expectGarment(name, .dress, "nightwear")
    }

    @Test(arguments: [
        "Waffle bathrobe in organic cotton", "Bademantel Herren Frottee", "Peignoir en éponge", "Albornoz de algodón",
        "Accappatoio in spugna", "Fleece dressing gown", "Badjas heren", "Szlafrok damski", "バスローブ 今治タオル",
    ])
    func bathrobesAreWornOverTheRest(name: String) {
        TestSupport.expectGarment(name, .outerwear, "bathrobe")
    }

    @Test(arguments: [
        "Essentials tracksuit in black", "Herren Trainingsanzug 2-teilig", "Survêtement homme", "Chándal de hombre",
        "Tuta da ginnastica uomo", "Dres męski komplet", "Trainingspak heren", "남성 트레이닝복 세트",
    ])
    func tracksuitsGoWithOuterwear(name: String) {
        TestSupport.expectGarment(name, .outerwear, "tracksuit")
    }

    @Test(arguments: [
        ("Pyjama bottoms in flannel", Category.bottom, "trouser"), ("Pajama shorts", .bottom, "shorts"), ("Bas de pyjama en coton", .bottom, "trouser"), ("Pyjama top with buttons", .top, "top"),
        ("Tracksuit bottoms", .bottom, "jogger"), ("Evening gown in silk", .dress, "dress"),
        ("Anzug Herren Slim Fit", .outerwear, "suit"), ("Track jacket in nylon", .outerwear, "jacket"),
    ])
    func halvesAndNeighboursKeepTheirKind(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test func nightwearIsCasual() {
        #expect(TestSupport.rules.classify(KeywordInput(name: "Schlafanzug Damen")).formality ?? 5 <= 1)
    }
}
