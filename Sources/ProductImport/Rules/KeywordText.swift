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

    /// Letters that decomposition leaves alone but people type both ways.
    private static let ligatures: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
    ]
}

import Foundation
