/// Lowercase words found in bytes in any ASCII case, in one pass: the scan asks this of every tag
/// inside an open region, and page reading of every element's labels and every short caption.
///
/// The tables are flat so the search loop touches no reference-counted storage: each byte of the
/// text is looked up once, and only the words that start with it are compared.
public struct FoldedWordSet: Sendable {
    /// Every word's bytes, one after another.
    private let bytes: [UInt8]
    /// Where each word starts in `bytes`, and one more entry for the end of the last.
    private let starts: [Int]
    /// The word indices grouped by first byte.
    private let byFirstByte: [Int]
    /// Where each first byte's group starts in `byFirstByte` (257 entries).
    private let groupStarts: [Int]

    /// The set of `words` (lowercase; bytes outside ASCII are compared as they are).
    public init(_ words: [String]) {
        let words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        bytes = words.flatMap { $0 }
        starts = words.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        var groups = [[Int]](repeating: [], count: 256)
        for (index, word) in words.enumerated() { groups[Int(word[0])].append(index) }
        byFirstByte = groups.flatMap { $0 }
        groupStarts = groups.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    }

    /// Whether one of the words occurs in `text[range]`.
    public func occurs(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        firstOccurrence(in: text, range) != nil
    }

    /// Where the first occurrence of one of the words in `text[range]` starts.
    public func firstOccurrence(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                byFirstByte.withUnsafeBufferPointer { byFirstByte in
                    groupStarts.withUnsafeBufferPointer { groupStarts in
                        var cursor = range.lowerBound
                        while cursor < range.upperBound {
                            let first = Int(Self.folded(text[cursor]))
                            for slot in groupStarts[first]..<groupStarts[first + 1] {
                                let word = byFirstByte[slot]
                                let start = starts[word], count = starts[word + 1] - start
                                guard cursor + count <= range.upperBound else { continue }
                                var offset = 1
                                while offset < count, Self.folded(text[cursor + offset]) == bytes[start + offset] { offset += 1 }
                                if offset == count { return cursor }
                            }
                            cursor += 1
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// Whether one of the words occurs in `text`.
    public func occurs(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occurs(in: $0, 0..<$0.count) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
