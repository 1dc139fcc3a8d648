/// A whole number as people type it on a phone: ASCII digits, or the digits of another script
/// ("３" from a Japanese keyboard, "٣" from an Arabic one), with an optional leading "#".
enum TypedNumber {
    /// The digits of `word` as ASCII, or nil when it is not all digits (after an optional "#").
    static func digits(_ word: String) -> String? {
        let text = word.hasPrefix("#") || word.hasPrefix("＃") ? word.dropFirst() : Substring(word)
        guard !text.isEmpty else { return nil }
        var ascii = ""
        for scalar in text.unicodeScalars {
            guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue, (0...9).contains(value) else { return nil }
            ascii.append(Character(String(Int(value))))
        }
        return ascii
    }

    /// The number `word` names; nil when it is not all digits. A number too long for `Int` is `Int.max`,
    /// so callers say it is out of range rather than that it is no number.
    static func integer(_ word: String) -> Int? {
        guard let ascii = digits(word) else { return nil }
        return Int(ascii) ?? Int.max
    }
}
