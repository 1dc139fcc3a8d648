import Closet
import ProductImport
import Testing

@Suite struct TypedColorTests {
    private let rules = TestSupport.rules

    @Test func typedWordsStayTheColorNameInTheRulesFamily() {
        let draft = rules.draft(fromText: "sky blue linen shirt")
        #expect(draft.colors.first == ItemColor(name: "sky blue", family: .blue))
        #expect(rules.typedColors(in: "a bordeaux and navy scarf").map(\.name).contains("navy"))
        #expect(rules.typedColors(in: "linen shirt").isEmpty)
    }
}
