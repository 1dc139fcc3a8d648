import Closet
import ProductImport
import Testing

/// Goods in the languages whose shops had only a few goods words (Portuguese, Dutch, Polish, and
/// some Chinese, Japanese and Korean appliances), and the two kinds added with them: home textiles
/// and luggage. The names are written the way shops title such things.
@Suite struct GoodsWordsTests {
    @Test(arguments: [
        ("Torradeira elétrica 2 fatias", "toaster"), ("Broodrooster RVS met opzetrooster", "toaster"), ("Toster Philips HD2581", "toaster"),
        ("Aspirador de pó vertical sem fio", "cleaning appliance"), ("Stofzuiger zakloos", "cleaning appliance"),
        ("Odkurzacz bezprzewodowy 2w1", "cleaning appliance"), ("Impressora multifuncional Wi-Fi", "printer"), ("Drukarka laserowa", "printer"),
        ("Máquina de lavar 11 kg", "washing machine"), ("Wasmachine 8 kg 1400 toeren", "washing machine"), ("Pralka ładowana od przodu", "washing machine"),
        ("Geladeira frost free 400 litros", "fridge"), ("Koelkast met vriesvak", "fridge"), ("Lodówka z zamrażarką", "fridge"),
        ("Chaleira elétrica inox 1,7 L", "kitchen appliance"), ("Magnetron met grill", "kitchen appliance"), ("Czajnik elektryczny szklany", "kitchen appliance"),
        ("Patelnia granitowa 28 cm", "kitchen appliance"), ("전기포트 1.7L 무선", "kitchen appliance"), ("电热水壶 家用 1.5L", "kitchen appliance"),
        ("Telewizor 55 cali 4K", "electronics"), ("Toetsenbord draadloos", "electronics"), ("Quebra-cabeça 1000 peças", "toy"),
        ("Puzzle 1000 Teile Landschaft", "toy"), ("Racao para cães adultos 15 kg", "pet supplies"), ("Karma dla kota 10 kg", "pet supplies"),
        ("Koffiebonen 1 kg", "food or drink"), ("Kawa ziarnista 1 kg", "food or drink"), ("Hanglamp zwart metaal", "lighting"),
        ("Żyrandol kryształowy", "lighting"), ("Torneira gourmet para cozinha", "home fixture"), ("Keukenkraan met uittrekbare sproeier", "home fixture"),
        ("Fahrradhelm für Erwachsene", "sports equipment"), ("Rower górski 29 cali", "sports equipment"), ("Fraldas descartáveis tamanho M", "baby gear"),
        ("Autostoeltje groep 0+", "baby gear"), ("Opony zimowe 205/55 R16", "car accessory"), ("Caneta esferográfica azul, 10 unidades", "stationery"),
        ("Strijkijzer met stoomfunctie", "garment care item"), ("Deska do prasowania", "garment care item"), ("Gartenschlauch 20 m", "tool"),
    ])
    func goodsInMoreLanguagesAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Handtuch Set 4-teilig Baumwolle", "home textile"), ("Bath towel, 70 x 140 cm", "home textile"), ("Bettwäsche Baumwolle 135x200", "home textile"),
        ("Toalha de banho felpuda", "home textile"), ("Hoeslaken 160x200", "home textile"), ("Ręcznik kąpielowy", "home textile"),
        ("Housse de couette 240x220", "home textile"), ("バスタオル 今治", "home textile"),
        ("Plaid polaire 150x200", "home textile"), ("Manta de forro polar", "home textile"), ("Coperta in pile matrimoniale", "home textile"),
        ("Koffer Hartschale 4 Rollen", "luggage"), ("Dog Chew Toy, Rubber", "pet supplies"), ("Sweatshirt Fleece Blanket", "home textile"), ("Hoodie Pillow", "home textile"), ("Schmuckschatulle aus Klarglas", "garment care item"), ("Jewellery case, velvet", "garment care item"), ("Ring-Ordner A4", "stationery"), ("Carry-on luggage 55 cm", "luggage"), ("Maleta de cabina rígida", "luggage"),
        ("Walizka kabinowa", "luggage"), ("行李箱 20寸 登机箱", "luggage"), ("スーツケース 機内持ち込み", "luggage"),
    ])
    func towelsBeddingAndSuitcasesHaveTheirOwnKinds(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Câble USB-C 2 m", "electronics"), ("Cavo USB C ricarica rapida", "electronics"), ("Piles alcalines AA, lot de 24", "electronics"),
        ("Souris sans fil", "electronics"), ("Ratón inalámbrico", "electronics"), ("Carte mémoire microSD 128 Go", "electronics"),
        ("Manette PS5 DualSense", "electronics"), ("Videojuego Nintendo Switch", "electronics"), ("Friggitrice ad aria 5 L", "kitchen appliance"),
        ("Cocotte en fonte 24 cm", "kitchen appliance"), ("Sac poubelle 50 L", "household supplies"), ("Bolsas de basura 30 L", "household supplies"),
        ("Carta igienica 12 rotoli", "household supplies"), ("Müllbeutel 35 l", "household supplies"), ("Calendrier 2025", "stationery"),
        ("Nichoir pour oiseaux", "pet supplies"),
    ])
    func everydayGoodsInFrenchSpanishAndItalianAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Blanket scarf in wool", Category.accessory, "scarf"), ("Sac à main cabas", .accessory, "bag"), ("Bolsa de playa de rafia", .accessory, "bag"),
        ("Rok plissé met elastische band", Category.bottom, "skirt"), ("Spijkerrok", .bottom, "skirt"), ("女士斜挎包 小方包", .accessory, "bag"),
        // Garment words still win over a goods word in the same name.
        ("Pop art T-shirt", .top, "t-shirt"), ("Ski jacket with hood", .outerwear, "jacket"), ("Snowboard boots", .shoes, "boot"),
        ("Handtuch-Kleid für den Strand", .dress, "dress"), ("Koffer-Rock aus Leder", .bottom, "skirt"), ("Wollmantel lang", .outerwear, "coat"),
    ])
    func garmentsStayGarments(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}

extension GoodsWordsTests {
    /// A name that says nothing ("Philips HD9252/90") under a shop department in these languages.
    @Test(arguments: [
        ("Eletrodomésticos > Cozinha > Fritadeiras", "kitchen appliance"), ("Huishoudelijke apparaten > Koffie", "kitchen appliance"),
        ("AGD > Drobne AGD", "kitchen appliance"), ("Casa e Jardim > Decoração", "home decor"), ("Huis en tuin > Woonaccessoires", "home decor"),
        ("Dom i ogród > Dekoracje", "home decor"), ("Beleza > Perfumaria", "cosmetics"), ("Drogisterij > Verzorging", "cosmetics"),
        ("Motoryzacja > Akcesoria samochodowe", "car accessory"), ("Móveis > Sala", "furniture"),
    ])
    func aDepartmentInTheseLanguagesSaysANamelessProductIsNotClothing(breadcrumb: String, goods: String) {
        let found = TestSupport.rules.classify(KeywordInput(name: "Philips HD9252/90", category: breadcrumb))
        #expect(found.goods == goods, "\(breadcrumb)")
        #expect(found.category == nil)
    }

    @Test func aGarmentInTheDepartmentStillWins() {
        let found = TestSupport.rules.classify(KeywordInput(name: "Nike Pegasus 41", category: "Casa e Jardim > Tênis"))
        #expect(found.category == .shoes)
        #expect(found.goods == nil)
    }
}

extension GoodsWordsTests {
    /// English compounds whose garment word is not the thing sold.
    @Test(arguments: [
        ("OPI Base Coat", "cosmetics"), ("Gel top coat, 15 ml", "cosmetics"), ("Sock monkey plush", "toy"), ("Doll dress set for 18 inch dolls", "toy"),
        ("Puppenkleidung 43 cm", "toy"), ("Seat belt extender", "car accessory"), ("Jacket potato seasoning", "food or drink"),
        ("Sweater shaver, rechargeable", "garment care item"), ("Boot tray for entryway", "garment care item"), ("Umbrella stand, metal", "garment care item"),
        ("Leather jacket conditioner", "garment care item"), ("Pillow top mattress, queen", "furniture"), ("Water tank 100 L", "home fixture"),
        ("Knitting kit for beginners", "craft supplies"), ("Dress sewing pattern", "craft supplies"), ("Fabric by the metre, cotton poplin", "craft supplies"),
        ("Nähmaschine mit 60 Stichen", "craft supplies"),
    ])
    func aGarmentWordInACompoundIsNotTheThingSold(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [
        ("Men's wool top coat", Category.outerwear, "coat"), ("Body shaper for women", .top, "top"), ("Baby doll dress, floral", .dress, "dress"),
        ("Baby onesie, organic cotton", .dress, "jumpsuit"), ("Wool blazer with patch pockets", .outerwear, "blazer"), ("Bow tie gift kit", .accessory, "tie"),
    ])
    func theGarmentStillWinsWhereItIsTheThing(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}

extension GoodsWordsTests {
    /// A name that is only a model number, under no department: the description says what it is.
    @Test func aModelNumberNameIsReadFromItsDescription() {
        let fryer = TestSupport.rules.classify(KeywordInput(name: "Philips HD9252/90", description: "Die Heißluftfritteuse mit Rapid-Air-Technologie, 4,1 l."))
        #expect(fryer.goods == "kitchen appliance")
        #expect(fryer.category == nil)
        // Care instructions name a washing machine and an iron; the piece is still not called one.
        let care = TestSupport.rules.classify(KeywordInput(name: "Levi's 501 Original", description: "Machine wash cold in the washing machine. Warm iron. Do not use a tumble dryer."))
        #expect(care.goods == nil)
        // A garment word in the description still wins.
        let shirt = TestSupport.rules.classify(KeywordInput(name: "Style 4471", description: "A linen shirt that goes with your laptop bag."))
        #expect(shirt.category == .top)
        #expect(shirt.goods == nil)
    }
}

extension GoodsWordsTests {
    /// Korean, Japanese, Chinese and Taiwanese shop departments over a name that says nothing.
    @Test(arguments: [
        ("홈 > 가전 > 주방가전", "kitchen appliance"), ("ホーム > 家電 > 生活家電", "electronics"), ("首頁 > 3C > 耳機", "electronics"),
        ("首页 > 食品 > 零食", "food or drink"), ("뷰티 > 스킨케어", "cosmetics"), ("コスメ > スキンケア", "cosmetics"),
        ("生活用品 > 清潔用品", "household supplies"), ("자동차용품 > 세차용품", "car accessory"), ("家具 > 椅子", "furniture"),
    ])
    func anEastAsianDepartmentSaysANamelessProductIsNotClothing(breadcrumb: String, goods: String) {
        let found = TestSupport.rules.classify(KeywordInput(name: "SN-4471 2024", category: breadcrumb))
        #expect(found.goods != nil, "\(breadcrumb)")
        #expect(found.category == nil, "\(breadcrumb)")
        #expect(found.goods == goods, "\(breadcrumb)")
    }

    @Test(arguments: [("本革ベルト メンズ", Category.accessory, "belt"), ("數位印花T恤", .top, "t-shirt"), ("캠핑 자켓", .outerwear, "jacket")])
    func aDepartmentWordInsideAGarmentNameLeavesItClothing(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}

extension GoodsWordsTests {
    /// Things for the home and for health that drugstores and marketplaces sell next to clothing.
    @Test(arguments: [
        ("Air purifier with HEPA filter", "home appliance"), ("Luftbefeuchter 3 l", "home appliance"), ("Ventilateur colonne silencieux", "home appliance"),
        ("空気清浄機 花粉対策", "home appliance"), ("Digital thermometer", "health care"), ("FFP2 Masken 20 Stück", "health care"),
        ("Trousse de secours", "health care"), ("Tempered glass screen protector", "phone"), ("Power strip with USB", "electronics"),
        ("Lunch box, leak-proof", "kitchen appliance"), ("Trash can 50 L", "household supplies"), ("Alarm clock, wooden", "home decor"),
        ("Lip balm, 4 pack", "cosmetics"), ("Nail clippers set", "cosmetics"), ("Spiral notebook A5", "stationery"),
        ("Kochschürze aus Leinen", "home textile"), ("Light switch cover", "home fixture"),
    ])
    func homeAndHealthGoodsAreNotClothing(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }

    @Test(arguments: [("Reading glasses +2.0", Category.accessory, "sunglasses"), ("Apron dress in linen", .dress, "dress"), ("Robe tablier en jean", .dress, "dress")])
    func glassesAreWornAndAnApronDressIsADress(name: String, category: Category, subcategory: String) {
        TestSupport.expectGarment(name, category, subcategory)
    }
}
