import Foundation
import HTML

/// The name's first words as the brand when the product's description credits them as the maker: QVC ends a
/// description "From the Lisa Rinna Collection." under the name "Lisa Rinna Collection Tulip Hem Long Sleeve Knit Top".
/// Only words that open the name, are written there and in the description alike (capitals included, so "made by
/// hand" never credits "Hand Cream"), and follow a credit ("from the", "by", "the house of", "von"…) count. Used only
/// when no source names a brand.
enum CreditedBrand {
    /// The brand, or nil.
    static func brand(inName name: String, description: String?) -> String? {
        guard let description, description.utf8.count <= 5_000, name.utf8.count <= 300 else { return nil }
        let words = name.split(separator: " ")
        guard words.count >= 2 else { return nil }
        let text = HTMLDocument.collapsingWhitespace(description)
        // The longest credited lead first: "Lisa Rinna Collection" before "Lisa".
        for count in stride(from: min(4, words.count - 1), through: 1, by: -1) {
            // The lead may end at the name's colon or comma: "Dave Holland: Prism" credits "Dave Holland", never "Dave".
            var lead = words.prefix(count).joined(separator: " ")
            while let last = lead.last, ",:;".contains(last) { lead.removeLast() }
            guard lead.count >= 2, let first = lead.first, first.isUppercase || first.isNumber, lead.contains(where: \.isLetter),
                  !lead.contains(where: { ",:;|()[]".contains($0) }) else { continue }
            var searchStart = text.startIndex
            while let found = text.range(of: lead, range: searchStart..<text.endIndex) {
                searchStart = found.upperBound
                let after = text[found.upperBound...].first
                guard after.map({ !$0.isLetter && !$0.isNumber }) ?? true else { continue }
                let before = text[..<found.lowerBound].suffix(20).lowercased()
                if credits.contains(where: { before.hasSuffix(" " + $0 + " ") || before == $0 + " " }) { return lead }
                // "Shop for more Casio Products Online at LetsTango.com": a marketplace's line about the maker's other products.
                let rest = text[found.upperBound...].prefix(10).lowercased()
                if before.hasSuffix(" more "), rest.hasPrefix(" products") || rest.hasPrefix(" product ") { return lead }
            }
        }
        return nil
    }

    /// Words that credit a maker before its name, in the languages the importer reads.
    private static let credits = ["from the", "from", "by", "designed by", "house of", "von", "aus dem hause", "par", "de la marque", "de la maison",
                                  "di", "dalla casa", "de la casa", "door", "przez", "da"]
}
