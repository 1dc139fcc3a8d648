import Closet
import JSON

extension KeywordRules {
    /// The colours named in words a user typed, each keeping the user's own words as its name
    /// ("sky blue" stays "sky blue", "Grüne" becomes "grüne") in the family the rules give it (blue).
    ///
    /// Page text keeps the rules' normalized names; only typed text is the user's own wording.
    public func typedColors(in text: String) -> [ItemColor] {
        let typed = KeywordText(text, keepingSurface: true)
        var result: [ItemColor] = []
        for match in colors.matches(in: typed) where match.isExact {
            guard let value = match.value else { continue }
            // As typed, accents and ß kept ("weißes", "grüne"); the folded words only find the colour.
            var words = Array(typed.surface[match.start..<(match.start + match.length)])
            // "weißes" is shown as "weiß": the ending belongs to the noun it goes with, not to the colour.
            if let ending = colorEndings[typed.words[match.start + match.length - 1]], let last = words.last, last.count > ending {
                words[words.count - 1] = String(last.dropLast(ending))
            }
            let name = words.joined(separator: " ")
            let color = ItemColor(name: name.isEmpty ? value.name : name, family: value.family)
            if !result.contains(color) { result.append(color) }
        }
        return result
    }
}

extension KeywordRules {
    /// German colour words that are another German word of the same rule plus an adjective ending, and are
    /// listed in no other language (of any colour rule), with the ending's length.
    static func germanEndings(of rules: [JSON]) -> [String: Int] {
        var otherLanguages: Set<String> = []
        for rule in rules {
            for (language, words) in rule["words"]?.object ?? [:] where language != "de" {
                for word in words.array ?? [] { if let word = word.string { otherLanguages.insert(word) } }
            }
        }
        var endings: [String: Int] = [:]
        for rule in rules {
            let german = Set((rule["words"]?["de"]?.array ?? []).compactMap(\.string))
            for word in german where !otherLanguages.contains(word) && !word.contains(" ") {
                if let ending = ["es", "er", "en", "em", "e"].first(where: { word.hasSuffix($0) && german.contains(String(word.dropLast($0.count))) }) {
                    endings[word] = ending.count
                }
            }
        }
        return endings
    }
}
