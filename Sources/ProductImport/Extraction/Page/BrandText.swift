import Foundation

/// Reads a brand out of the wording shops put near the name: "Visit the X Store",
/// "Brand: X", "by X (Author)", in the languages the importer knows.
enum BrandText {
    /// The brand named in `text`, or nil when it follows none of the known forms.
    static func brand(in text: String) -> String? {
        let line = HTMLTextLine(text)
        // amazon.co.jp and amazon.com.tr put the brand first: "Ankerのストアを表示" ("ブランド: Anker" is a
        // label below), "Anker Mağazasını ziyaret edin".
        if let end = line.range(of: "のストアを表示") ?? line.range(of: " Mağazasını ziyaret edin", options: [.caseInsensitive]) {
            let before = line[..<end.lowerBound]
            let start = before.range(of: ":", options: .backwards)?.upperBound ?? before.range(of: "：", options: .backwards)?.upperBound ?? before.startIndex
            if let brand = clean(String(before[start...])) { return brand }
        }
        // Foundation's case-insensitive search bridges the line for every phrase: a byte search in the lowered line
        // first passes over the phrases a line cannot hold.
        let lowered = line.lowercased()
        for ((prefix, suffix), loweredPrefix) in zip(storePhrases, loweredStorePrefixes) where lowered.includes(loweredPrefix) {
            guard let start = line.range(of: prefix, options: [.caseInsensitive]) else { continue }
            let rest = line[start.upperBound...]
            let end = suffix.isEmpty ? rest.endIndex : (rest.range(of: suffix, options: [.caseInsensitive])?.lowerBound ?? rest.endIndex)
            if let brand = clean(String(rest[..<end])) { return brand }
        }
        if line.hasColon, let brand = labelled(line, lowered: lowered, anywhere: true) { return brand }
        for byWord in ["by ", "von ", "de ", "di ", "door ", "par "] {
            guard let start = line.range(of: byWord, options: [.caseInsensitive, .anchored]) else { continue }
            let rest = line[start.upperBound...]
            let end = rest.firstIndex(of: "(") ?? rest.endIndex
            if let brand = clean(String(rest[..<end])) { return brand }
        }
        return nil
    }

    /// The brand after a "Brand:" label: at the start of `text` ("Marke: BOSS"), or also after a space
    /// inside it when `anywhere` ("Farbe: Blau Marke: BOSS").
    static func labelled(_ text: String, anywhere: Bool = false) -> String? {
        guard text.hasColon else { return nil }
        return labelled(text, lowered: text.lowercased(), anywhere: anywhere)
    }

    /// `labelled(_:anywhere:)` with the text's lowered copy, which passes over the labels it cannot hold.
    private static func labelled(_ text: String, lowered: String, anywhere: Bool) -> String? {
        for (label, loweredLabel) in zip(labels, loweredLabels) where lowered.includes(loweredLabel) {
            guard let start = text.range(of: label, options: [.caseInsensitive, .anchored])
                ?? (anywhere ? text.range(of: " " + label, options: [.caseInsensitive]) : nil) else { continue }
            var rest = text[start.upperBound...].drop { $0 == " " }
            guard rest.first == ":" || rest.first == "：" else { continue }
            rest = rest.dropFirst()
            if let brand = clean(String(rest)) { return brand }
        }
        return nil
    }

    /// A brand candidate trimmed of rating text and separators; nil when it does not look like a name.
    static func clean(_ raw: String) -> String? {
        var text = raw
        for stop in ["|", "(", "\n", " 1 ", " 2 ", " 3 ", " 4 ", " 5 ", " out of ", " de 5 ", " von 5 ", " sur 5 ", " su 5 "] {
            if let range = text.range(of: stop) { text = String(text[..<range.lowerBound]) }
        }
        let abbreviated = keepsItsPoint(text.trimmingCharacters(in: .whitespacesAndNewlines))
        text = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "-–:,.")))
        if abbreviated { text += "." }
        if text.hasSuffix("-Store") { text.removeLast(6) }
        guard !text.isEmpty, text.count <= 60, text.split(separator: " ").count <= 6, text.contains(where: \.isLetter) else { return nil }
        return text
    }

    /// Whether a brand ends in an abbreviation whose point is part of the name: "Tiffany & Co.", "Big Mouth Inc.".
    private static func keepsItsPoint(_ text: String) -> Bool {
        guard text.hasSuffix("."), !text.hasSuffix(".."), let last = text.dropLast().split(separator: " ").last else { return false }
        return abbreviations.contains(last.lowercased())
    }

    private static let abbreviations: Set<String> = ["co", "inc", "ltd", "corp", "bros", "jr", "sr", "intl", "mfg", "&co"]

    /// "Visit the X Store" and its translations, as (text before, text after) the brand.
    private static let storePhrases: [(String, String)] = [
        ("Visit the ", " Store"), ("Visita la tienda de ", ""), ("Besuche den ", "-Store"), ("Besuchen Sie den ", "-Store"),
        ("Visitez la boutique ", ""), ("Visiter la boutique ", ""), ("Visita lo Store di ", ""), ("Bezoek de ", "-winkel"), ("Bezoek de ", " Store"),
        ("Visite a loja ", ""), ("Visite a Loja da ", ""), ("Odwiedź sklep ", ""), ("Besök ", "-butiken"), ("Marke: ", ""),
        // A brand link's own words ("Mehr von <a>Müllermöbel</a>" on pharao24.de), read only in a block labelled as the brand.
        ("Mehr von ", ""), ("Alle Produkte von ", ""), ("Weitere Artikel von ", ""), ("More from ", ""), ("See more from ", ""),
        ("Shop all ", ""), ("Más de ", ""), ("Altro da ", ""), ("Meer van ", ""), ("Więcej od ", ""),
    ]

    private static let loweredStorePrefixes = storePhrases.map { $0.0.lowercased() }
    private static let loweredLabels = labels.map { $0.lowercased() }

    /// "Brand: X" labels.
    private static let labels = [
        "Brand", "Marke", "Marque", "Marca", "Marchio", "Merk", "Marka", "Hersteller", "Manufacturer", "Fabricant", "Fabricante", "Produttore", "Märke", "Varumärke",
        "Designer", "Producent", "Fabrikant", "Značka", "Výrobce", "Merkki", "Valmistaja", "Бренд", "Торговая марка", "Производитель",
        "Виробник",
        "ブランド", "メーカー", "品牌", "브랜드", "제조사",
    ]
}

/// Collapses whitespace so phrases match across the page's line breaks.
private func HTMLTextLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}
