import Foundation
import HTML

extension String {
    /// The string without leading and trailing whitespace and newlines: the characters of
    /// `CharacterSet.whitespacesAndNewlines` (Unicode's White_Space property, and the zero-width space
    /// U+200B, which Foundation counts as a space too). Page reading trims
    /// thousands of strings per page, and Foundation's `trimmingCharacters` bridges each one to
    /// UTF-16 first, so this walks the scalars, and returns the string itself when nothing is trimmed.
    var trimmed: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return self }
        let scalars = unicodeScalars
        let kept = { (scalar: Unicode.Scalar) in !scalar.properties.isWhitespace && scalar != "\u{200B}" }
        guard let start = scalars.firstIndex(where: kept) else { return "" }
        let end = scalars.lastIndex(where: kept)!
        return String(scalars[start...end])
    }

    /// The string without the leading and trailing scalars `trimmed` picks out; like `trimmed`, it spares
    /// short page texts Foundation's bridging to UTF-16.
    func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !trimmed($0) })!
        return start == scalars.startIndex && end == scalars.index(before: scalars.endIndex) ? self : String(scalars[start...end])
    }

    /// Entity-decoded, tag-free, whitespace-collapsed text; nil when nothing is left.
    var cleanedText: String? {
        var text = self
        if text.utf8.contains(0x3C) { text = Self.strippingTags(text) }  // "<"
        text = HTMLDocument.collapsingWhitespace(HTMLEntities.decode(text))
        return text.isEmpty ? nil : text
    }

    /// Removes `<…>` tags, and `<script>` and `<style>` elements with what they hold; block tags become
    /// spaces so words do not run together.
    static func strippingTags(_ text: String) -> String {
        var text = text
        for element in ["script", "style"] {
            while let open = text.range(of: "<\(element)", options: .caseInsensitive) {
                let close = text.range(of: "</\(element)>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
                text.replaceSubrange(open.lowerBound..<(close?.upperBound ?? text.endIndex), with: " ")
            }
        }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
                result.append(" ")
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                result.append(character)
            }
        }
        return result
    }
}

extension Double {
    /// The value as a whole number when it is finite and within `0...limit`; nil otherwise,
    /// so a page's `1e20` or `NaN` never reaches an `Int` conversion (which would trap).
    func boundedInt(upTo limit: Int = 1_000_000) -> Int? {
        guard isFinite, self >= 0, self <= Double(limit) else { return nil }
        return Int(self)
    }
}

extension String {
    /// The first `limit` characters, without invisible controls; page text is bounded where it enters a draft.
    func bounded(_ limit: Int) -> String {
        let visible = withoutInvisibleControls
        return visible.count <= limit ? visible : String(visible.prefix(limit))
    }

    /// The text without what a page can hide in a name: control characters (but newline and tab),
    /// bidirectional embeddings, overrides and isolates (U+202E shows "Ctrl‮Shirt" reversed on a phone),
    /// zero-width spaces, word joiners, byte-order marks and soft hyphens.
    var withoutInvisibleControls: String {
        guard unicodeScalars.contains(where: Self.isInvisibleControl) else { return self }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: unicodeScalars.filter { !Self.isInvisibleControl($0) })
        return String(scalars)
    }

    private static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x200B, 0x2060, 0xFEFF, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension StringProtocol {
    /// Whether the text holds a colon, ASCII or full-width ("Marke：X"): a byte test that spares label
    /// readers a Foundation search on every line that cannot be "Label: value".
    var hasColon: Bool {
        utf8.contains(UInt8(ascii: ":")) || includes("：")
    }

    /// Whether `word` occurs in the text byte for byte (UTF-8; callers lowercase both sides).
    /// Page reading matches word lists against labels and texts thousands of times per page;
    /// Foundation's `contains` converts both strings to UTF-16 for every call.
    func includes(_ word: String) -> Bool {
        byteOffset(of: word, backwards: false) != nil
    }

    /// Where `word` first (or last) occurs byte for byte, like `includes`: a search for a separator
    /// without Foundation's bridging. Matches start and end on the word's own character boundaries.
    func byteRange(of word: String, backwards: Bool = false) -> Range<Index>? {
        guard let offset = byteOffset(of: word, backwards: backwards) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: word.utf8.count)
    }

    private func byteOffset(of word: String, backwards: Bool) -> Int? {
        let found = utf8.withContiguousStorageIfAvailable { text in
            word.utf8.withContiguousStorageIfAvailable { word in Self.offset(of: word, in: text, backwards: backwards) }
        }
        if let found, let found { return found }
        return Self.offset(of: Array(word.utf8)[...], in: Array(utf8)[...], backwards: backwards)
    }

    private static func offset<Bytes: RandomAccessCollection>(of word: Bytes, in text: Bytes, backwards: Bool) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard let first = word.first else { return 0 }
        guard word.count <= text.count else { return nil }
        let last = text.endIndex - word.count
        var index = backwards ? last : text.startIndex
        while backwards ? index >= text.startIndex : index <= last {
            if text[index] == first {
                var offset = 1
                while offset < word.count, text[index + offset] == word[word.startIndex + offset] { offset += 1 }
                if offset == word.count { return index - text.startIndex }
            }
            index += backwards ? -1 : 1
        }
        return nil
    }
}
