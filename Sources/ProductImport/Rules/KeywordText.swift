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
        for original in text.lowercased().unicodeScalars {
            let scalar = Self.halfWidth(original)
            if Self.isWrittenWithoutSpaces(scalar) {
                // Chinese, Japanese and Korean run words together ("女裝長袖襯衫", "반팔티셔츠"):
                // each character is a word of its own, so a phrase is a run of characters and
                // matches inside such compounds, the longest phrase still winning.
                if !current.isEmpty { words.append(current) }
                current = ""
                words.append(String(scalar))
                continue
            }
            for part in scalar.isASCII ? [scalar] : Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars) {
                if part.properties.generalCategory == .nonspacingMark { continue }
                if let replacement = Self.ligatures[part] {
                    current += replacement
                } else if part.properties.isAlphabetic || ("0"..."9").contains(part) {
                    current.unicodeScalars.append(part)
                } else if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = words
    }

    /// Whether `scalar` is Han, kana or Hangul, scripts whose words are not parted by spaces.
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true  // kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: return true  // Han
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: return true  // Hangul
        default: return false
        }
    }

    /// Full-width Latin letters and digits ("Ｔシャツ") as their ASCII forms.
    private static func halfWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFF01...0xFF5E).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
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
        "voor", "met", "dla", "com",
    ]

    /// Letters that decomposition leaves alone but people type both ways.
    private static let ligatures: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
    ]
}

import Foundation
