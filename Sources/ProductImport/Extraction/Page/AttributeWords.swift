import HTML

/// Fast checks of an element's label attributes (id, class, test ids) for words, without
/// building lowercase strings: page reading asks this of every element of a 3 MB page.
struct AttributeWords: Sendable {
    /// The words, found in any ASCII case.
    private let words: FoldedWordSet
    /// The attributes looked at; a short list compares faster than a set hashes.
    private let names: [String]

    /// Words (lowercase) to find in the values of `names`.
    init(_ words: [String], in names: Set<String> = ["id", "class", "data-testid", "data-test", "data-qa", "itemprop"]) {
        self.words = FoldedWordSet(words)
        self.names = Array(names)
    }

    /// Whether one of the attribute values contains one of the words, ignoring ASCII case.
    func matches(_ element: HTMLElement) -> Bool {
        for attribute in element.attributes where names.contains(attribute.name) {
            if words.occurs(in: attribute.value) { return true }
        }
        return false
    }

    /// Whether `text` contains one of the words, ignoring ASCII case.
    func contains(_ text: String) -> Bool {
        words.occurs(in: text)
    }

    /// Whether `text[range]` contains one of the words, ignoring ASCII case.
    func contains(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        words.occurs(in: text, range)
    }
}
