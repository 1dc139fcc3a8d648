import Testing
import HTML

/// The byte word search the scan and page reading share.
@Suite struct FoldedWordSetTests {
    private func occurs(_ words: [String], _ text: String, _ range: Range<Int>? = nil) -> Bool {
        let set = FoldedWordSet(words)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { set.occurs(in: $0, range ?? 0..<bytes.count) }
    }

    @Test func aWordIsFoundInAnyASCIICase() {
        #expect(occurs(["size", "color"], "product-SIZE-picker"))
        #expect(occurs(["size", "color"], "Colorway"))
        #expect(!occurs(["size", "color"], "sizzle colr"))
    }

    @Test func wordsSharingAFirstByteAreEachTried() {
        #expect(occurs(["sizes", "swatch"], "a swatch row"))
        #expect(occurs(["swatch", "sizes"], "sizes"))
        #expect(!occurs(["sizes", "swatch"], "size swat"))
    }

    @Test func aWordOutsideASCIIMatchesItsOwnBytes() {
        #expect(occurs(["größe"], "Größe:"))
        #expect(occurs(["사이즈"], "옵션 사이즈"))
        // Only ASCII is folded: "GRÖSSE" holds no "größe".
        #expect(!occurs(["größe"], "GRÖSSE"))
    }

    @Test func onlyTheRangeIsSearched() {
        #expect(!occurs(["size"], "size and more", 1..<13))
        #expect(!occurs(["size"], "the size", 0..<6))
        #expect(occurs(["size"], "the size", 4..<8))
        // A word running past the range's end is not in it.
        #expect(!occurs(["size"], "the size", 4..<7))
    }

    @Test func anEmptySetOrTextHoldsNothing() {
        #expect(!occurs([], "size"))
        #expect(!occurs([""], "size"))
        #expect(!occurs(["size"], ""))
        #expect(FoldedWordSet(["logo"]).occurs(in: "site-LOGO"))
    }

    @Test func aOneByteWordIsFoundAnywhereEvenLast() {
        #expect(occurs(["x"], "abx"))
        #expect(occurs(["x", "size"], "X"))
        #expect(occurs(["色"], "颜色"))
        #expect(!occurs(["x"], "abc"))
    }

    /// The pair filter must never hide a word: the set answers as a plain folded search does, on texts made of
    /// the words' own pieces (where near misses are common).
    @Test func theSetAnswersAsAPlainSearchDoes() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["s", "si", "ze", "S", "IZ", "co", "lo", "r", "C", "-", " ", "a", "sw", "atch", "größ", "e", "사이", "즈", "x"]
        let vocabularies = [["size", "color", "swatch"], ["größe", "co"], ["x", "sizes", "사이즈"], ["ze", "e"]]
        for _ in 0..<400 {
            let words = vocabularies.randomElement(using: &generator)!
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let folded = Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            let plain = words.contains { word in
                let bytes = Array(word.utf8)
                return folded.count >= bytes.count && (0...(folded.count - bytes.count)).contains { Array(folded[$0..<($0 + bytes.count)]) == bytes }
            }
            #expect(occurs(words, text) == plain, "\(words) in \(text)")
        }
    }
}

