/// Text folded for keyword matching: lowercase, accents removed, split into words.
///
/// "Écru Wide-Leg TROUSERS" becomes ["ecru", "wide", "leg", "trousers"], so rules match
/// whole words in any case and with or without accents.
struct KeywordText: Sendable {
    /// The folded words in order.
    let words: [String]
    /// The same words as written (lowercased, accents and ß kept), when asked for: what a user typed is
    /// shown back as typed ("grüne", not "grune"). Empty otherwise, so page text pays nothing for it.
    let surface: [String]

    /// Folds and splits `text`; `keepingSurface` also keeps each word as written.
    init(_ text: String, keepingSurface: Bool = false) {
        var words: [String] = []
        var surface: [String] = []
        var current = ""
        var currentSurface = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(current)
            if keepingSurface { surface.append(currentSurface) }
            current = ""
            currentSurface = ""
        }
        for original in text.lowercased().unicodeScalars {
            let scalar = Self.halfWidth(original)
            if Self.isWrittenWithoutSpaces(scalar) {
                // Chinese, Japanese and Korean run words together ("女裝長袖襯衫", "반팔티셔츠"):
                // each character is a word of its own, so a phrase is a run of characters and
                // matches inside such compounds, the longest phrase still winning.
                flush()
                current = String(scalar)
                currentSurface = current
                flush()
                continue
            }
            if scalar.isASCII {
                // Most page text is ASCII: letters and digits are kept, anything else ends a word.
                let value = scalar.value
                if (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value) {
                    current.unicodeScalars.append(scalar)
                    if keepingSurface { currentSurface.unicodeScalars.append(original) }
                } else {
                    flush()
                }
                continue
            }
            var kept = false
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
                if part.properties.generalCategory == .nonspacingMark { continue }
                if let replacement = Self.ligatures[part] {
                    current += replacement
                    kept = true
                } else if part.properties.isAlphabetic || ("0"..."9").contains(part) {
                    current.unicodeScalars.append(part)
                    kept = true
                } else {
                    flush()
                }
            }
            if kept && keepingSurface { currentSurface.unicodeScalars.append(original) }
        }
        flush()
        self.words = words
        self.surface = surface
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
        self.surface = []
    }

    /// The words before the first connector ("Belt for jeans" → "belt"): the head of a shop
    /// name, where the thing itself is named; what follows names what it goes with.
    var head: KeywordText {
        guard let index = words.firstIndex(where: Self.connectors.contains), index > 0 else { return self }
        return KeywordText(words: Array(words[..<index]))
    }

    private static let connectors: Set<String> = [
        "for", "fur", "fuer", "pour", "para", "per", "with", "mit", "avec", "con", "compatible", "kompatibel", "compatibile",
        "voor", "met", "dla", "com", "для", "с", "со", "з", "із",
    ]

    /// Letters that decomposition leaves alone but people type both ways.
    private static let ligatures: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
    ]
}

import Foundation
