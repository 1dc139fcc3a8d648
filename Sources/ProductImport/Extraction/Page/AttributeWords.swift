import HTML

/// Fast checks of an element's label attributes (id, class, test ids) for words, without
/// building lowercase strings: page reading asks this of every element of a 3 MB page.
struct AttributeWords: Sendable {
    /// The words as lowercase UTF-8 bytes.
    private let words: [[UInt8]]
    /// For each byte, the words that start with it: the text is walked once, and only where a
    /// word could start is a word compared.
    private let startingWith: [[Int]]
    /// The attributes looked at; a short list compares faster than a set hashes.
    private let names: [String]

    /// Words (lowercase) to find in the values of `names`.
    init(_ words: [String], in names: Set<String> = ["id", "class", "data-testid", "data-test", "data-qa", "itemprop"]) {
        self.words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var startingWith = [[Int]](repeating: [], count: 256)
        for (index, word) in self.words.enumerated() { startingWith[Int(word[0])].append(index) }
        self.startingWith = startingWith
        self.names = Array(names)
    }

    /// Whether one of the attribute values contains one of the words, ignoring ASCII case.
    func matches(_ element: HTMLElement) -> Bool {
        for attribute in element.attributes where names.contains(attribute.name) {
            if contains(attribute.value) { return true }
        }
        return false
    }

    /// Whether `text` contains one of the words, ignoring ASCII case.
    func contains(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            var index = 0
            while index < haystack.count {
                let candidates = startingWith[Int(Self.lower(haystack[index]))]
                for word in candidates {
                    let word = words[word]
                    guard index + word.count <= haystack.count else { continue }
                    var offset = 1
                    while offset < word.count && Self.lower(haystack[index + offset]) == word[offset] { offset += 1 }
                    if offset == word.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
