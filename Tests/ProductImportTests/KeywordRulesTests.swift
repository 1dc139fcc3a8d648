import Closet
import Testing
import ProductImport

@Suite struct KeywordRulesTests {
    private let rules = TestSupport.rules

    private func classify(_ name: String, category: String? = nil, material: String? = nil, description: String? = nil) -> KeywordClassification {
        rules.classify(KeywordInput(name: name, category: category, material: material, description: description))
    }

    @Test func theSeedTrouserBecomesARelaxedWideLegWoolBottom() {
        let found = classify("Pleated wide-leg trouser", material: "100% wool")
        #expect(found.category == .bottom)
        #expect(found.subcategory == "trouser")
        #expect(found.fit == .relaxed)
        #expect(found.legShape == .wide)
        #expect(found.formality == 3)
        #expect((3...4).contains(found.warmth ?? 0))
        #expect(found.material == "wool")
    }

    @Test func theSeedPageCarriesBrandMaterialAndPhotoThrough() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@type":"Product","name":"Pleated wide-leg trouser","brand":{"@type":"Brand","name":"Atelier Nord"},
        "material":"100% wool","image":"/img/trouser.jpg","offers":{"price":"189","priceCurrency":"EUR"}}</script>
        """, url: "https://atelier-nord.example/p/trouser")
        #expect(draft.category == .bottom && draft.subcategory == "trouser")
        #expect(draft.fit == .relaxed && draft.legShape == .wide)
        #expect(draft.formality == 3)
        #expect((3...4).contains(draft.warmth ?? 0))
        #expect(draft.brand == "Atelier Nord")
        #expect(draft.material == "100% wool")
        #expect(draft.images.map(\.absoluteString) == ["https://atelier-nord.example/img/trouser.jpg"])
    }

    @Test(arguments: [
        ("Slim stretch chinos", "chino"), ("Oxford button-down shirt", "shirt"), ("Shirt dress", "dress"), ("Dress shirt", "dress shirt"), ("T-shirt dress", "dress"), ("Sweater dress", "dress"),
        ("Denim shorts", "shorts"), ("Wool overcoat", "coat"), ("Puffer jacket", "puffer"), ("Leather ankle boots", "boot"),
    ])
    func englishGarmentWordsGiveTheSubcategory(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory)
    }

    @Test(arguments: [
        ("Stoffhose mit Bundfalten", "trouser"), ("Sommerkleid aus Leinen", "dress"), ("Steppjacke", "puffer"), ("Strickjacke", "cardigan"),
        ("Jeanshose", "jeans"), ("Wollmantel", "coat"), ("Hemd aus Baumwolle", "shirt"), ("Faltenrock", "skirt"),
    ])
    func germanGarmentWordsAndCompoundsAreRecognised(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory)
    }

    @Test(arguments: [
        ("Pantalon large en lin", "trouser"), ("Robe chemise", "dress"), ("Chemise en coton", "shirt"), ("Manteau en laine", "coat"),
        ("Pull col roulé", "sweater"), ("Jupe plissée", "skirt"), ("Escarpins en cuir", "heels"),
    ])
    func frenchGarmentWordsAreRecognised(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory)
    }

    @Test(arguments: [
        ("VESTIDO MIDI SATINADO", "dress"), ("Camisa de lino", "shirt"), ("Pantalón recto", "trouser"), ("Abrigo de lana", "coat"),
        ("Falda midi", "skirt"), ("Zapatillas deportivas", "sneaker"), ("Sudadera con capucha", "hoodie"),
    ])
    func spanishGarmentWordsAreRecognised(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory)
    }

    @Test(arguments: [
        ("Giacca in lana", "jacket"), ("Giacca doppiopetto", "blazer"), ("Pantaloni palazzo", "trouser"), ("Gonna a pieghe", "skirt"),
        ("Maglione girocollo", "sweater"), ("Camicia di lino", "shirt"), ("Borsa a tracolla", "bag"),
    ])
    func italianGarmentWordsAreRecognised(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory)
    }

    /// A bottle measured in centilitres or by alcohol volume is a drink when no other word says what it is.
    @Test(arguments: ["Glenfarclas 105 - 35cl 60%", "Talisker 10 Year Old 70 cl", "Château Margaux 2015 75CL", "Ardbeg Uigeadail 54,2% vol"])
    func aDrinksMeasureNamesADrink(name: String) {
        #expect(classify(name).goods == "food or drink")
    }

    @Test(arguments: ["Harry Potter Coffret 3 vol.", "Gel douche 25cl", "Cotton T-shirt 100% cotton", "Clutch bag 20cm", "Model CL-200"])
    func otherMeasuresNameNoDrink(name: String) {
        #expect(classify(name).goods != "food or drink")
    }

    /// "Body" is a garment word (a bodysuit): a breadcrumb of body care or a baby food aisle is not clothing.
    @Test(arguments: [("Activelle Pure White AP Spray", "Home > Bath & Body > Body Care > Deodorants & Anti-Perspirants", "cosmetics"),
                      ("3 Fruits", "Home > Baby Food > Baby Jars", "food or drink"), ("Soft Touch", "Körperpflege > Deodorants", "cosmetics")])
    func bodyCareAndBabyFoodAreGoods(name: String, category: String, goods: String) {
        let found = classify(name, category: category)
        #expect(found.goods == goods)
        #expect(found.category == nil)
    }

    /// A bag or a cap a bundle adds after " + " is not what is sold; the breadcrumb or a goods word says what is.
    @Test func aGarmentABundleAddsIsNotTheKind() {
        let camera = classify("Nikon D3400 Kit 18-55 VR + 16GB C10 + BAG", category: "Home > Photography > DSLR Cameras")
        #expect(camera.category == nil)
        #expect(camera.goods == "electronics")
        let phone = classify("Fairphone 4 Bundle mit recable USB-C Kabel + Charger Smartphone (6,3 Zoll, 48 MP Kamera)")
        #expect(phone.goods == "phone")
        // A garment before the " + " is still the piece: a set's first part names it.
        #expect(classify("Linen Shirt + Shorts Set").category == .top)
    }

    @Test func matchingIsWholeWordSoShortsAreNotShortAndPetticoatsAreNotCoats() {
        #expect(classify("Short sleeve tee").subcategory == "t-shirt")
        #expect(classify("Linen shorts").subcategory == "shorts")
        #expect(classify("Lace petticoat").category == nil)
        #expect(classify("Coatigan").category == nil)
    }

    @Test func matchingIgnoresCaseAndAccents() {
        #expect(classify("PANTALÓN").subcategory == "trouser")
        #expect(classify("pantalon").subcategory == "trouser")
        #expect(classify("GRÜNE HOSE").subcategory == "trouser")
    }

    @Test(arguments: [
        ("Navy Blue", "navy", ColorFamily.navy), ("écru", "off-white", .white), ("Khaki", "khaki", .beige), ("burgundy", "burgundy", .red),
        ("Dunkelblau", "navy", .navy), ("Bleu marine", "navy", .navy), ("Azul marino", "navy", .navy), ("Blu navy", "navy", .navy),
        ("Gris chiné", "grey", .grey), ("Black/White", "black", .black), ("Verde salvia", "green", .green), ("Light Wash", "denim", .denim),
        // Portuguese, Dutch and Polish shops, in the forms their names use.
        ("Azul marinho", "navy", .navy), ("Preta", "black", .black), ("Vermelho", "red", .red), ("Donkerblauw", "navy", .navy),
        ("Grijze", "grey", .grey), ("Rood", "red", .red), ("Granatowa", "navy", .navy), ("Różowa", "pink", .pink), ("Beżowy", "beige", .beige),
        ("Biała", "white", .white),
    ])
    func colorNamesAreNormalised(text: String, name: String, family: ColorFamily) {
        #expect(rules.color(named: text) == ItemColor(name: name, family: family))
    }

    @Test func unknownColorNamesGiveNoColor() {
        #expect(rules.color(named: "Moonbeam") == nil)
    }

    @Test func fibresDecideWarmthAndTheLargestShareIsTheMaterial() {
        #expect(classify("Linen shirt").warmth == 2)
        #expect(classify("Shirt", material: "70% wool, 30% polyamide").material == "wool")
        #expect(classify("Parka", material: "Shell: 100% nylon; Fill: 90% down").warmth == 5)
        #expect(classify("Button-down shirt").material == nil)
    }

    @Test func patternsComeFromTheNameThenTheDescription() {
        #expect(classify("Striped Breton top").pattern == .stripe)
        #expect(classify("Camisa a rayas").pattern == .stripe)
        #expect(classify("Kleid", description: "Mit Blumenmuster").pattern == .floral)
        #expect(classify("Shirt", description: "Please check the size guide").pattern == .solid)
    }

    @Test func tailoringWordsRaiseFormality() {
        #expect(classify("Suit trousers").formality == 4)
        #expect(classify("Distressed jeans").formality == 1)
    }

    @Test func aTypedDescriptionBecomesADraft() {
        let draft = rules.draft(fromText: "navy wool blazer")
        #expect(draft.name == "Navy wool blazer")
        #expect(draft.category == .outerwear)
        #expect(draft.subcategory == "blazer")
        #expect(draft.colors == [ItemColor(name: "navy", family: .navy)])
        #expect(draft.material == "wool")
        #expect(draft.warmth == 4)
        #expect(draft.pageURL == nil)
        #expect(draft.sources[.category] == .text)
    }

    @Test func brokenRulesFilesFailWithATypedError() {
        #expect(throws: ImportError.self) { try KeywordRules(json: ["garments": [["category": "hat-rack", "subcategory": "x"]]]) }
    }
}

@Suite struct GoodsClassificationTests {
    @Test(arguments: [
        ("Retro 2-slice toaster", "toaster"), ("Grille-pain rétro", "toaster"), ("The Whole Truth (A. Shaw Book 1)", "book"),
        ("Shoe rack for 20 pairs", "furniture"), ("Tostadora de acero", "toaster"), ("Ironing board for shirts", "garment care item"),
        ("Johnsons 4 Fleas Cats & Kittens Tablets", "pet supplies"), ("Waterproof dog coat with reflective trim", "pet supplies"),
        ("Felpudo personalizado de coco", "home decor"), ("Duprey 4-Light Lantern Pendant", "lighting"),
        ("Stainless 33 inch kitchen sink and faucet combo", "home fixture"), ("Mummy sleeping bag", "sports equipment"),
        ("Cable ties, 100 pack", "tool"), ("Wooden coat hangers", "garment care item"), ("Jewelry box with mirror", "garment care item"),
        ("Ring light with tripod", "electronics"), ("Vacuum bags for Miele", "cleaning appliance"), ("Cochecito de bebé", "baby gear"),
        ("Sneakers cleaner kit", "garment care item"), ("Waxed shoe laces", "garment care item"), ("Kindle Paperwhite", "electronics"),
        ("Livro de receitas vegetarianas", "book"), ("Koptelefoon draadloos", "electronics"), ("Bilety na koncert", "ticket"),
        ("One Piece Vol. 1 (Manga)", "book"), ("해피머니 온라인 상품권 5만원권", "gift card"), ("Geschenkgutschein 50 €", "gift card"),
        ("E-Gift Card $25", "gift card"), ("Carte cadeau 30 €", "gift card"),
    ])
    func goodsThatAreNotClothingAreSaidToBeSo(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Leather belt for jeans", Category.accessory, "belt"), ("Canvas tote bag with zip", .accessory, "bag"),
        ("Wool scarf for coats", .accessory, "scarf"), ("Camera bag", .accessory, "bag"), ("Four-pocket jeans", .bottom, "jeans"),
        ("Graphic tee", .top, "t-shirt"), ("Lantern sleeve blouse", .top, "blouse"), ("Bike shorts", .bottom, "shorts"),
        ("Leather wallet", .accessory, "wallet"), ("Portafoglio uomo in pelle", .accessory, "wallet"), ("Regenschirm", .accessory, "umbrella"),
        ("Strumpfhose 40 den", .accessory, "socks"), ("Velvet scrunchies, 3 pack", .accessory, "hair accessory"), ("Silver cufflinks", .accessory, "jewellery"),
        ("Short sleeve shirt", .top, "shirt"), ("Jack & Jones T-shirt", .top, "t-shirt"), ("Golf cap", .accessory, "hat"),
    ])
    func accessoriesAreToldApartFromWhatTheyGoWith(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        ("Vestido midi floral", Category.dress, "dress"), ("Calça jeans reta", .bottom, "jeans"), ("Jaqueta de couro", .outerwear, "jacket"),
        ("Jurk met print", .dress, "dress"), ("Wollen winterjas", .outerwear, "coat"), ("Spijkerbroek slim fit", .bottom, "jeans"),
        ("Leren enkellaarsjes", .shoes, "boot"), ("Sukienka maxi w kwiaty", .dress, "dress"), ("Spódnica plisowana", .bottom, "skirt"),
        ("Płaszcz wełniany", .outerwear, "coat"), ("Torebka skórzana", .accessory, "bag"), ("Bluza z kapturem", .top, "hoodie"),
    ])
    func portugueseDutchAndPolishGarmentNamesGetTheirCategory(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        ("Crocs Unisex Classic Clogs", Category.shoes, "sandal"), ("Holzclogs Damen", .shoes, "sandal"),
        ("Hanes Men's Boxer Briefs, 5-Pack", .bottom, "underwear"), ("Schiesser Herren Unterhose", .bottom, "underwear"),
        ("Calzoncillos bóxer algodón", .bottom, "underwear"), ("Majtki damskie bawełniane", .bottom, "underwear"),
        ("Vans Classic Slip-On Sneakers", .shoes, "sneaker"), ("Jupe-culotte plissée", .bottom, "skirt"),
        ("Sports bra high support", .top, "bra"), ("Triumph Damen BH Amourette", .top, "bra"), ("Reggiseno senza ferretto", .top, "bra"),
        ("Costume da bagno donna intero", .dress, "swimsuit"), ("Speedo Women's Swimsuit One Piece", .dress, "swimsuit"),
        ("Swim trunks quick dry", .bottom, "shorts"), ("ブラックTシャツ メンズ", .top, "t-shirt"),
    ])
    func underwearSwimwearAndClogsGetACategory(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        ("Bosch Akkuschrauber 18V", "tool"), ("De'Longhi Magnifica S Kaffeevollautomat", "kitchen appliance"),
        ("Le Petit Prince (Poche)", "book"), ("Borsa termica pranzo", "kitchen appliance"), ("Reloj inteligente", "electronics"),
        ("Apple Watch Series 9", "electronics"), ("Lampe de poche LED", "lighting"), ("歯ブラシ やわらかめ", "cosmetics"),
    ])
    func toolsMachinesPaperbacksAndSmartwatchesAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Home > Kitchen > Drinkware", "kitchen appliance"), ("Elektronik > Audio", "electronics"), ("Baumarkt > Werkzeug", "tool"),
        ("Maison > Cuisine", "kitchen appliance"), ("Hogar y cocina > Menaje", "kitchen appliance"), ("Beauty > Skincare", "cosmetics"),
        ("Garden > Tools", "tool"), ("Informatique > Ordinateurs portables", "laptop"), ("Möbel > Regale", "furniture"),
    ])
    func aShopDepartmentInTheBreadcrumbSaysWhatANamelessProductIs(breadcrumb: String, goods: String) {
        let found = TestSupport.rules.classify(KeywordInput(name: "Model X200", category: breadcrumb))
        #expect(found.goods == goods, "\(breadcrumb)")
        #expect(found.category == nil, "\(breadcrumb)")
    }

    @Test func aGarmentNameWinsOverADepartmentWordBesideIt() {
        let found = TestSupport.rules.classify(KeywordInput(name: "Garden party dress", category: "Women > Dresses"))
        #expect(found.category == .dress)
        #expect(found.goods == nil)
    }

    @Test(arguments: [
        ("Coat hooks wall mounted", "garment care item"), ("Trouser press Corby", "garment care item"), ("Scarf hanger organizer", "garment care item"),
        ("Belt drive turntable", "electronics"), ("Skirt steak 1kg", "food or drink"), ("Top Gun: Maverick Blu-ray", "film or music"),
        ("Jacket potato maker", "kitchen appliance"), ("Sock monkey plush toy", "toy"), ("Classic Rock Collection (3 CD)", "film or music"),
        ("Suit carrier bag", "garment care item"),
    ])
    func aGoodsNounAfterTheGarmentWordNamesTheThing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Jumper cable knit cream", Category.top, "sweater"), ("Raincoat vinyl yellow", .outerwear, "coat"), ("Hard Rock Cafe T-shirt", .top, "t-shirt"),
        ("Damen Rock midi", .bottom, "skirt"), ("Shirt stand collar", .top, "shirt"), ("Press stud denim jacket", .outerwear, "jacket"),
    ])
    func wordsThatDescribeTheGarmentDoNotMakeItGoods(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        ("Knit beanie", Category.accessory, "hat"), ("Cable knit scarf", .accessory, "scarf"), ("니트 비니", .accessory, "hat"),
        ("Chunky knit", .top, "sweater"), ("니트", .top, "sweater"), ("ニット ワンピース", .dress, "dress"),
    ])
    func aWordThatIsAlsoAnAdjectiveLosesToTheGarmentItDescribes(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test(arguments: [
        ("Shoe bag drawstring", "bag"), ("Boot socks", "socks"), ("Jeans belt", "belt"), ("T-shirt bag", "bag"),
    ])
    func anAccessoryWordAfterTheGarmentItIsForNamesTheThing(name: String, subcategory: String) {
        TestSupport.expectGarment(name, .accessory, subcategory)
    }

    @Test(arguments: [
        ("Tie-dye T-shirt", Category.top, "t-shirt"), ("Scarf print top", .top, "top"), ("Chemise en jean", .top, "shirt"),
        ("Falda vaquera", .bottom, "skirt"), ("Camicia di jeans", .top, "shirt"), ("Robe portefeuille fleurie", .dress, "dress"),
        ("Shirt stand collar", .top, "shirt"),
    ])
    func anAccessoryOrFabricWordBeforeTheGarmentOnlyDescribesIt(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }

    @Test func aBreadcrumbCanSayBooksWhenTheNameDoesNot() {
        let found = TestSupport.rules.classify(KeywordInput(name: "Vegetable Perfection", category: "Books > Food & Drink"))
        #expect(found.goods == "book")
    }
}

/// Season words in a name move its warmth, in the five languages.
@Suite struct SeasonWarmthTests {
    @Test(arguments: [("Red summer dress", 1), ("Sommerkleid leicht", 1), ("robe d'été", 1), ("Blue jeans", 3)])
    func seasonWordsMoveTheWarmth(name: String, warmth: Int) {
        #expect(TestSupport.rules.draft(fromText: name).warmth == warmth, "\(name)")
    }

    @Test func winterWordsMakeAPieceWarmer() {
        let plain = TestSupport.rules.draft(fromText: "Leggings").warmth ?? 0
        #expect(TestSupport.rules.draft(fromText: "Thermal leggings").warmth == plain + 1)
        #expect((TestSupport.rules.draft(fromText: "Gefütterte Winterjacke").warmth ?? 0) > (TestSupport.rules.draft(fromText: "Jacke").warmth ?? 9))
    }

    @Test func aGermanDescriptionsEverydayWordsDoNotMakeGoodsClothing() {
        // otto.de's fridge: "…von Samsung hat eine hohe Funktionalität", "Top-Qualität", "der Tank fasst 4 Liter".
        let found = TestSupport.rules.classify(KeywordInput(
            name: "Samsung RS6GA884CSL, 178 cm hoch", category: "Haushalt",
            description: "Das Gerät von Samsung hat eine hohe Funktionalität. Top Qualität, der Tank fasst 4 Liter."))
        #expect(found.category == nil)
        // The same words in the name still count: "Bucket Hat".
        #expect(TestSupport.rules.classify(KeywordInput(name: "Bucket Hat aus Cord")).subcategory == "hat")
        // A description naming a garment in words that are not everyday words elsewhere still fills the gap.
        #expect(TestSupport.rules.classify(KeywordInput(name: "Kangol 504", description: "Eine klassische Schiebermütze aus Wolle.")).category == .accessory)
    }

    @Test func fridgesInThePluralAreGoods() {
        #expect(TestSupport.rules.classify(KeywordInput(name: "Samsung RS6GA884CSL", category: "Haushalt > Kühlschränke > Side-by-Side Kühlschränke")).goods == "fridge")
    }

    @Test(arguments: [
        ("Jersey-Kleid mit Knopfleiste", "dress"), ("Basic Jersey T-Shirt", "top"), ("Jerseyhose mit Bindeband", "bottom"),
        ("Jersey Leggings", "bottom"), ("Vestido de punto", "dress"), ("Jersey de punto trenzado", "top"),
    ])
    func jerseyTheFabricDoesNotHideTheGarment(name: String, category: String) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).category?.rawValue == category, "\(name)")
    }
}
