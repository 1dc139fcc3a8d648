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
