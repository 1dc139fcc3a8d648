import Closet
import Testing
import ProductImport

/// Chinese, Japanese and Korean shop names run words together; the keyword rules still find the garment.
@Suite struct UnspacedScriptKeywordTests {
    private func classify(_ name: String, category: String? = nil) -> KeywordClassification {
        TestSupport.rules.classify(KeywordInput(name: name, category: category))
    }

    @Test(arguments: [
        ("韓版寬鬆純棉短袖T恤 白色", "t-shirt"), ("法式碎花連身裙", "dress"), ("高腰寬褲", "trouser"), ("男款直筒牛仔褲", "jeans"),
        ("ウールブレンド テーラードジャケット", "blazer"), ("オーバーサイズＴシャツ", "t-shirt"), ("リネンシャツ", "shirt"), ("ショートパンツ", "shorts"),
        ("반팔티셔츠 오버핏", "t-shirt"), ("와이드 청바지", "jeans"), ("플리츠 롱스커트", "skirt"), ("여성 롱패딩", "puffer"),
    ])
    func aGarmentWrittenWithoutSpacesIsFound(name: String, subcategory: String) {
        #expect(classify(name).subcategory == subcategory, "\(name)")
    }

    @Test(arguments: [("真皮托特包", "bag"), ("ニット帽", "hat"), ("가죽 벨트", "belt"), ("純銀項鍊", "jewellery"), ("靴下 3足セット", "socks")])
    func anAccessoryIsNotTakenForATopOrBottom(name: String, subcategory: String) {
        let found = classify(name)
        #expect(found.category == .accessory, "\(name)")
        #expect(found.subcategory == subcategory, "\(name)")
    }

    @Test(arguments: [("藍牙無線耳機 降噪", "electronics"), ("無線滑鼠", "electronics"), ("ロボット掃除機", "cleaning appliance"), ("무선 청소기", "cleaning appliance"), ("氣炸鍋 5L", "kitchen appliance")])
    func goodsThatAreNotClothingAreSaidToBeSo(name: String, kind: String) {
        let found = classify(name)
        #expect(found.goods == kind, "\(name)")
        #expect(found.category == nil)
    }

    @Test(arguments: [
        ("스테인리스 텀블러 500ml", "kitchen appliance"), ("保溫杯 500ml", "kitchen appliance"), ("쿠션 파운데이션 SPF50", "cosmetics"),
        ("아이폰 15 케이스", "phone"), ("手機殼 iPhone 15", "phone"), ("露營椅 折疊", "furniture"), ("2024 IU 콘서트 티켓", "ticket"),
        ("Konzertticket Berlin", "ticket"), ("演唱會門票", "ticket"),
    ])
    func moreGoodsInTheseLanguagesAreSaidToBeSo(name: String, kind: String) {
        let found = classify(name)
        #expect(found.goods == kind, "\(name)")
        #expect(found.category == nil, "\(name)")
    }

    @Test(arguments: ["강아지 패딩 조끼", "애견 후드티", "寵物 外套 狗狗", "犬用 レインコート", "Regenmantel für Hunde", "Manteau pour chien"])
    func clothingForAPetIsPetSuppliesWhateverGarmentItNames(name: String) {
        let found = classify(name)
        #expect(found.goods == "pet supplies", "\(name)")
        #expect(found.category == nil, "\(name)")
    }

    @Test(arguments: [("Dog print T-shirt", "t-shirt"), ("T-shirt for dog lovers", "t-shirt"), ("고양이 프린트 티셔츠", "t-shirt"), ("콘서트 티셔츠", "t-shirt"), ("女裝 針織開衫 米色", "cardigan")])
    func aPetOrConcertOnAGarmentForPeopleLeavesItClothing(name: String, subcategory: String) {
        let found = classify(name)
        #expect(found.goods == nil, "\(name)")
        #expect(found.subcategory == subcategory, "\(name)")
    }

    @Test func theLongestRunOfCharactersWins() {
        // "褲" alone is trousers; "牛仔褲" is jeans and "短褲" shorts.
        #expect(classify("短褲").subcategory == "shorts")
        #expect(classify("褲").subcategory == "trouser")
        #expect(classify("ワンピース").category == .dress)
    }

    @Test func aBreadcrumbInChineseGivesTheCategoryWhenTheNameDoesNot() {
        #expect(classify("Daily Basic 01", category: "女裝 > 上衣 > 襯衫").subcategory == "shirt")
    }
    @Test(arguments: [
        ("韓版寬鬆純棉短袖T恤 白色", "white", "cotton"), ("女裝 針織開衫 米色", "beige", nil), ("海軍藍羊毛大衣", "navy", "wool"),
        ("ネイビー ウールコート", "navy", "wool"), ("綿100% ボーダー Tシャツ ホワイト", "white", "cotton"), ("レザージャケット ブラック", "black", "leather"),
        ("베이직 울 니트 아이보리", "off-white", "wool"), ("블랙 가죽 자켓", "black", "leather"), ("린넨 셔츠 스카이블루", "light blue", "linen"),
    ])
    func coloursAndFibresWrittenWithoutSpacesAreRead(name: String, color: String, material: String?) {
        let found = classify(name)
        #expect(found.colors.map(\.name) == [color], "\(name)")
        #expect(found.material == material, "\(name)")
    }

    @Test(arguments: [("條紋襯衫", Pattern.stripe), ("格紋裙", .check), ("花柄ワンピース", .floral), ("ドット ブラウス", .dot), ("스트라이프 셔츠", .stripe), ("꽃무늬 원피스", .floral)])
    func aPatternWrittenWithoutSpacesIsRead(name: String, pattern: Pattern) {
        #expect(classify(name).pattern == pattern, "\(name)")
    }

    @Test func aWordThatHoldsAColourOrFibreWordWithoutMeaningItNamesNone() {
        // 블루종 (a blouson) holds 블루 (blue); 겨울 (winter) and 서울 (Seoul) hold 울 (wool).
        let blouson = classify("겨울 블루종 서울 스타일")
        #expect(blouson.subcategory == "jacket")
        #expect(blouson.colors.isEmpty)
        #expect(blouson.material == nil)
        #expect(classify("블루 울 블루종").colors.map(\.name) == ["blue"])
        #expect(classify("麻灰 T恤").colors.map(\.name) == ["grey"])
        #expect(classify("麻灰 T恤").material == nil)
    }
}
