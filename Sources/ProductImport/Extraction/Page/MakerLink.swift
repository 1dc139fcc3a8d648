import Foundation
import HTML

/// A brand read off a link to the maker's own site. Comparison sites (Geizhals, idealo) name the
/// maker only as the first word of the product's name and link to the maker ("Info beim Hersteller"
/// → miele.at): when a link labelled as the maker's site has a host naming that word, the word is the brand.
enum MakerLink {
    /// The name's first word when a link to another site's host names it, or nil.
    static func brand(name: String, in document: HTMLDocument, host: String?) -> String? {
        guard let first = name.split(whereSeparator: { $0.isWhitespace }).first.map({ $0.trimmingCharacters(in: .punctuationCharacters) }),
              first.count <= 30 else { return nil }
        let word = fold(first)
        // Short words ("LG", "HP") match too many hosts by chance; the shop's own name is no maker.
        guard word.count >= 3, !labels(of: host).contains(word) else { return nil }
        // Bounded: a page of a hundred thousand links costs no more than its first few thousand. A link whose address
        // holds the word nowhere is passed over before its address is parsed.
        let inAddress = FoldedWordSet([word])
        for link in document.elements(named: "a").prefix(5_000) {
            guard let href = link["href"], href.hasPrefix("http"), href.utf8.count < 2_000, inAddress.occurs(in: href),
                  let linkHost = URL(string: href)?.host else { continue }
            guard labels(of: linkHost).contains(word) else { continue }
            // Only a link that says it leads to the maker: a shop's "Apple Pay" or "Google Play" link
            // does not make its apple cider or Google-compatible case that maker's.
            let label = (document.text(of: link) + " " + (link["title"] ?? "") + " " + (link["aria-label"] ?? "")).lowercased()
            if label.utf8.count <= 200, Self.makerWords.contains(where: label.contains) { return first }
        }
        return nil
    }

    /// Words of a link to the maker's site ("Info beim Hersteller", "Manufacturer's website", "Site du fabricant").
    private static let makerWords = [
        "hersteller", "manufacturer", "maker", "fabricant", "fabricante", "produttore", "producent", "fabrikant", "official", "offizielle",
        "officiel", "oficial", "ufficiale", "website", "webseite", "site web", "sitio web", "sito web",
    ]

    /// A host's labels without the last (the country or generic ending): "www.miele.at" → www, miele.
    private static func labels(of host: String?) -> [String] {
        guard let host else { return [] }
        return host.lowercased().split(separator: ".").dropLast().map(String.init)
    }

    /// Lowercase letters and digits only, as host names spell a maker ("Haglöfs" → "haglfs" is no match; that is fine).
    private static func fold(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map(Character.init))
    }
}
