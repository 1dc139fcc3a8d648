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
}
