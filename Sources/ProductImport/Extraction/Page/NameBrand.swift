import HTML

/// The brand a product's name starts with, when the page vouches for it: the maker's logo shown as a picture
/// (`<img src="…/manufacturer/lotto.gif" alt="Lotto Logo">`) or a line calling it "an official Lotto product".
/// The name alone does not say where a brand ends ("Lotto Zhero Gravity"), so one of the name's first words must
/// be what the page names.
enum NameBrand {
    static func brand(name: String, in document: HTMLDocument) -> String? {
        let words = name.split(whereSeparator: \.isWhitespace).prefix(3).map(String.init)
        guard let first = words.first, first.count >= 2 else { return nil }
        // The name's first one, two and three words, lowercased: "lotto", "lotto zhero", "lotto zhero gravity".
        let prefixes = (1...words.count).map { words.prefix($0).joined(separator: " ").lowercased() }
        for picture in document.elements(named: "img").prefix(2_000) {
            guard let alt = picture["alt"], alt.utf8.count <= 60, let named = logoName(alt),
                  prefixes.contains(named.lowercased()), !BrandLabels.inPageChrome(picture, document) else { continue }
            return BrandText.clean(named)
        }
        // A byte search passes over the runs without the word before Foundation's case-insensitive one looks.
        for run in document.texts where run.utf8.count <= 200 && run.includes("fficial ") {
            guard let named = officialName(in: run), prefixes.contains(named.lowercased()) else { continue }
            return BrandText.clean(named)
        }
        return nil
    }

    /// "Lotto Logo", "Logo Lotto" → "Lotto"; nil for an alt text that does not call itself a logo.
    static func logoName(_ alt: String) -> String? {
        let words = alt.split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, words.count <= 4 else { return nil }
        if words.last?.lowercased() == "logo" { return words.dropLast().joined(separator: " ") }
        if words.first?.lowercased() == "logo" { return words.dropFirst().joined(separator: " ") }
        return nil
    }

    /// The brand in "This is an official Lotto product." or "Official adidas product", nil otherwise.
    static func officialName(in run: String) -> String? {
        guard let start = run.range(of: "official ", options: .caseInsensitive) else { return nil }
        let rest = run[start.upperBound...]
        guard let end = rest.range(of: " product", options: .caseInsensitive) else { return nil }
        let named = rest[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
        guard (2...40).contains(named.count), named.split(separator: " ").count <= 3 else { return nil }
        return named
    }
}
