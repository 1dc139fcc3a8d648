import Foundation
import HTML

extension String {
    /// The string without leading and trailing whitespace.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Entity-decoded, tag-free, whitespace-collapsed text; nil when nothing is left.
    var cleanedText: String? {
        var text = self
        if text.contains("<") { text = Self.strippingTags(text) }
        text = HTMLDocument.collapsingWhitespace(HTMLEntities.decode(text))
        return text.isEmpty ? nil : text
    }

    /// Removes `<…>` tags; block tags become spaces so words do not run together.
    static func strippingTags(_ text: String) -> String {
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
    /// The first `limit` characters; page text is bounded where it enters a draft.
    func bounded(_ limit: Int) -> String {
        count <= limit ? self : String(prefix(limit))
    }
}
