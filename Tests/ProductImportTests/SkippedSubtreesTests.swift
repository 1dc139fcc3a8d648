import JSON
@testable import ProductImport
import Testing

/// Script state's skipped subtrees are emptied in the bytes before jansson parses them, and the pruned copy is the
/// one the whole text gives.
@Suite struct SkippedSubtreesTests {
    /// A state of at least `SkippedSubtrees.smallestText` bytes: the product, then `filler` repeated in a list
    /// under `key`.
    private func state(key: String = "recommendations", filler: String) -> String {
        var items: [String] = []
        var size = 0
        while size < SkippedSubtrees.smallestText {
            items.append(filler)
            size += filler.utf8.count + 1
        }
        return """
            {"props":{"pageProps":{"product":{"name":"Pleated Wide-Leg Trouser","description":"See \\"related\\": [1] and similar styles",
            "relatedCount":3,"price":{"current":189,"currency":"EUR"},"reviews":{"average":4.5}},"\(key)":[\(items.joined(separator: ","))],
            "footer":{"text":"a } and a ] in a string"}}}}
            """
    }

    private let filler = #"{"name":"Related piece","price":{"current":40},"tags":["wool","}\"]"],"sku":"R1"}"#

    @Test func aLargeRecommendationsListIsEmptiedBeforeTheParse() throws {
        let text = state(filler: filler)
        let emptied = try #require(SkippedSubtrees.emptied(Array(text.utf8)))
        #expect(emptied.count < 1_000)
        let emptiedText = String(decoding: emptied, as: UTF8.self)
        #expect(emptiedText.contains(#""recommendations":[]"#))
        // The product's own reviews object is emptied too; its count and the text that names "related" are not.
        #expect(emptiedText.contains(#""reviews":{}"#))
        #expect(emptiedText.contains(#""relatedCount":3"#))
        #expect(emptiedText.contains(#"See \"related\": [1] and similar styles"#))
    }

    @Test func thePrunedCopyIsTheSameWithOrWithoutEmptying() throws {
        for key in ["recommendations", "RelatedProducts", "crossSellItems", "customersAlsoBought"] {
            let bytes = Array(state(key: key, filler: filler).utf8)
            let whole = try JSON.parse(bytes: bytes, pruning: ProductShape.pruning)
            #expect(SkippedSubtrees.parse(bytes) == whole, "\(key)")
            #expect(whole["props"]?["pageProps"]?["product"]?["name"]?.string == "Pleated Wide-Leg Trouser")
            #expect(whole["props"]?["pageProps"]?["footer"]?["text"]?.string == "a } and a ] in a string")
        }
    }

    /// Damaged and random texts (bytes changed, cut, brackets and quotes dropped in) never crash the search, and
    /// whenever the damaged text still parses, emptying gives the same pruned copy.
    @Test func damagedTextsNeverCrashAndKeepThePrunedCopy() throws {
        let base = Array(#"{"a":{"relatedItems":[{"x":"\"]}"},[1,{"y":2}]],"b":"similar: [not a key]","reviews":{"n":[1,2]},"name":"Shirt"},"c":[{"upsell":{}}]}"#.utf8)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed % 1_000_000)
        }
        let noise: [UInt8] = Array(#"[]{}":\,ra "#.utf8)
        var compared = 0
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<(next() % 4) {
                let at = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[at] = noise[next() % noise.count]
                case 1: bytes.remove(at: at)
                default: bytes.insert(noise[next() % noise.count], at: at)
                }
            }
            if next() % 5 == 0 { bytes = Array(bytes.prefix(next() % bytes.count)) }
            let emptied = SkippedSubtrees.emptied(bytes, smallest: 0)
            guard let whole = try? JSON.parse(bytes: bytes, pruning: ProductShape.pruning), let emptied else { continue }
            compared += 1
            #expect((try? JSON.parse(bytes: emptied, pruning: ProductShape.pruning)) == whole, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Enough damaged texts still parse for the comparison to mean something.
        #expect(compared >= 300)
        #expect((try? JSON.parse(bytes: base, pruning: ProductShape.pruning)) != nil)
        #expect(SkippedSubtrees.emptied(base, smallest: 0) != nil)
    }

    @Test func smallOrUnclosedTextIsLeftAsItIs() {
        #expect(SkippedSubtrees.emptied(Array(#"{"related":[1,2,3]}"#.utf8)) == nil)
        // A list that never closes (the text cut inside it) stays, and the text fails to parse as it would whole.
        let whole = Array(state(filler: filler).utf8)
        let unclosed = Array(whole.prefix(whole.count / 2))
        let emptied = SkippedSubtrees.emptied(unclosed)
        #expect(emptied.map { $0.count >= unclosed.count - 20 } ?? true)
        #expect(SkippedSubtrees.parse(unclosed) == nil)
    }
}
