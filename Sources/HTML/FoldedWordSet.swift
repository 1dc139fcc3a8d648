/// Lowercase words found in bytes in any ASCII case, in one pass: the scan asks this of every tag
/// inside an open region, and page reading of every element's labels and every short caption.
///
/// Most texts asked about are a few bytes long (an attribute's name, a class), so the tables are one
/// array, reached through one buffer per call: each byte of the text is looked up once, and only the
/// words that start with it are compared, and only when the next byte is one such a word goes on with
/// (a bit per pair of bytes): a class list like Amazon's "a-section a-spacing-none" starts words with
/// "s" and "c" all over, and few go on as "size" or "color" would.
public struct FoldedWordSet: Sendable {
    /// Entries 0...256: for each first byte, where its words' entries start (257 entries, the last one the end).
    /// Then, per word, grouped by first byte: where its bytes start in this array, and its length. Then the
    /// words' bytes, one per entry.
    private let table: [Int]
    /// Bit `first << 8 | second` is set when a word starts with those two bytes, or is the one byte `first`.
    private let pairs: [UInt64]

    /// The set of `words` (lowercase; bytes outside ASCII are compared as they are).
    public init(_ words: [String]) {
        let words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var groups = [[Int]](repeating: [], count: 256)
        for (index, word) in words.enumerated() { groups[Int(word[0])].append(index) }
        let ordered = groups.flatMap { $0 }
        let entriesStart = 257
        var table: [Int] = []
        var slot = entriesStart
        for group in groups {
            table.append(slot)
            slot += 2 * group.count
        }
        table.append(slot)
        var bytesStart = slot
        for word in ordered {
            table.append(bytesStart)
            table.append(words[word].count)
            bytesStart += words[word].count
        }
        for word in ordered { table.append(contentsOf: words[word].map(Int.init)) }
        self.table = table
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        for word in words {
            let seconds = word.count > 1 ? [Int(word[1])] : Array(0..<256)
            for second in seconds {
                let pair = Int(word[0]) << 8 | second
                pairs[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        self.pairs = pairs
    }

    /// Whether one of the words occurs in `text[range]`.
    public func occurs(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        firstOccurrence(in: text, range) != nil
    }

    /// Where the first occurrence of one of the words in `text[range]` starts.
    public func firstOccurrence(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        table.withUnsafeBufferPointer { table in pairs.withUnsafeBufferPointer { pairs in
            var cursor = range.lowerBound
            while cursor < range.upperBound {
                let first = Int(Self.folded(text[cursor]))
                if cursor + 1 < range.upperBound {
                    let pair = first << 8 | Int(Self.folded(text[cursor + 1]))
                    guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else {
                        cursor += 1
                        continue
                    }
                }
                var slot = table[first]
                let end = table[first + 1]
                while slot < end {
                    let start = table[slot], count = table[slot + 1]
                    slot += 2
                    guard cursor + count <= range.upperBound else { continue }
                    var offset = 1
                    while offset < count, Int(Self.folded(text[cursor + offset])) == table[start + offset] { offset += 1 }
                    if offset == count { return cursor }
                }
                cursor += 1
            }
            return nil
        } }
    }

    /// Whether one of the words occurs in `text`.
    public func occurs(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occurs(in: $0, 0..<$0.count) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
