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
