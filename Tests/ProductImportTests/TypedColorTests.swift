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

    @Test func typedColorsKeepTheirAccentsAndLoseOnlyGermanAdjectiveEndings() {
        #expect(rules.typedColors(in: "Weißes Hemd") == [ItemColor(name: "weiß", family: .white)])
        #expect(rules.typedColors(in: "grüne Jacke").map(\.name) == ["grün"])
        #expect(rules.typedColors(in: "dunkelblaue Jeans") == [ItemColor(name: "dunkelblau", family: .navy)])
        #expect(rules.typedColors(in: "chemise bleu foncé").map(\.name) == ["bleu"])
        // Words another language lists whole keep their letters: blue is not the Italian "blu" plus an ending.
        #expect(rules.typedColors(in: "blue jeans").map(\.name) == ["blue"])
        #expect(rules.typedColors(in: "olive chinos").map(\.name) == ["olive"])
        #expect(rules.typedColors(in: "robe noire").map(\.name) == ["noire"])
    }
}
