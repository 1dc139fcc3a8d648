/// Text folded for keyword matching: lowercase, accents removed, split into words.
///
/// "Écru Wide-Leg TROUSERS" becomes ["ecru", "wide", "leg", "trousers"], so rules match
/// whole words in any case and with or without accents.
struct KeywordText: Sendable {
    /// The folded words in order.
    let words: [String]

    /// Folds and splits `text`.
    init(_ text: String) {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if let replacement = Self.ligatures[scalar] {
                current += replacement
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = words
    }

    /// Already folded words, e.g. the part of a name before "for".
    init(words: [String]) {
        self.words = words
    }

    /// The words before the first connector ("Belt for jeans" → "belt"): the head of a shop
    /// name, where the thing itself is named; what follows names what it goes with.
    var head: KeywordText {
        guard let index = words.firstIndex(where: Self.connectors.contains), index > 0 else { return self }
        return KeywordText(words: Array(words[..<index]))
    }

    private static let connectors: Set<String> = [
        "for", "fur", "fuer", "pour", "para", "per", "with", "mit", "avec", "con", "compatible", "kompatibel", "compatibile",
    ]

    /// Letters that decomposition leaves alone but people type both ways.
    private static let ligatures: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
    ]
}

import Foundation
