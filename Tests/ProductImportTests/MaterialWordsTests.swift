import ProductImport
import Testing

/// Fibres named in Portuguese, Dutch and Polish shop names and material lines.
@Suite struct MaterialWordsTests {
    @Test(arguments: [
        ("Camisa de linho", "linen"), ("Jaqueta de couro legítimo", "leather"), ("Calça de veludo cotelê", "corduroy"),
        ("Katoenen overhemd", "cotton"), ("Wollen trui", "wool"), ("Leren jas", "leather"), ("Jurk van zijde", "silk"),
        ("Sweter wełniany", "wool"), ("Koszula lniana", "linen"), ("Kurtka skórzana", "leather"), ("Spodnie sztruksowe", "corduroy"),
        ("Kurtka puchowa", "down"), ("Sukienka aksamitna", "velvet"),
    ])
    func theFibreIsRead(name: String, material: String) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).material == material, "\(name)")
    }

    @Test func aPolishMaterialLineGivesTheMainFibre() {
        let found = TestSupport.rules.classify(KeywordInput(name: "Sweter damski", material: "70% bawełna, 30% poliester"))
        #expect(found.material == "cotton")
    }
}

extension MaterialWordsTests {
    @Test(arguments: [
        ("Camisa listrada", "stripe"), ("Gestreepte trui", "stripe"), ("Koszula w paski", "stripe"), ("Camisa xadrez", "check"),
        ("Geruite broek", "check"), ("Sukienka w groszki", "dot"), ("Vestido de bolinhas", "dot"), ("Gebloemde jurk", "floral"),
        ("Bluzka w kwiaty", "floral"), ("Luipaardprint rok", "animal"), ("Spodnie moro", "camo"),
    ])
    func thePatternIsRead(name: String, pattern: String) {
        #expect(TestSupport.rules.classify(KeywordInput(name: name)).pattern?.rawValue == pattern, "\(name)")
    }
}
