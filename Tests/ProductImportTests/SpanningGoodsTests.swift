import Closet
import ProductImport
import Testing

/// A goods phrase that spans a garment word in the breadcrumb or the description wins there as it does in the name:
/// Ariika's "The Willow", described as "Amazing bean bags", is furniture, not a bag.
@Suite struct SpanningGoodsTests {
    @Test func beanBagsInTheBreadcrumbOrDescriptionAreFurniture() {
        let described = TestSupport.rules.classify(KeywordInput(name: "The Willow", description: "Amazing bean bags"))
        #expect(described.goods == "furniture")
        #expect(described.category == nil)
        let filed = TestSupport.rules.classify(KeywordInput(name: "The Willow", category: "Home > Bean Bags"))
        #expect(filed.goods == "furniture")
        let bag = TestSupport.rules.classify(KeywordInput(name: "The Willow", description: "A roomy leather bag for every day"))
        #expect(bag.category == .accessory)
        #expect(bag.subcategory == "bag")
    }
}

/// IKEA Egypt's "VITTSJÖ Shelving unit, black-brown, glass", whose description says "Tempered glass" (a screen
/// protector's words), is furniture by its name.
@Suite struct ShelvingWordsTests {
    @Test(arguments: [
        ("VITTSJÖ Shelving unit, black-brown, glass", "furniture"), ("Étagère murale en bois", "furniture"),
        ("Estantería de metal 5 baldas", "furniture"), ("Boekenkast wit", "furniture"), ("Scaffale in legno", "furniture"),
    ])
    func shelvesAreFurniture(name: String, goods: String) {
        TestSupport.expectGoods(name, goods)
    }
}
