import Foundation
import Localization
import Support

extension LanguageChoice {
    /// The language a typed name means: its own name or its name in any of the five languages ("Deutsch",
    /// "german", "allemand", "Français", "spanish", "italiano"), an ISO 639-2 code ("deu", "fra"), with or
    /// without accents or a leading "in"/"auf"/"en", or one slip away from one of those ("Deutch", "Englsh").
    static func language(named typed: String) -> Language? {
        var words = typed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .split(whereSeparator: { !$0.isLetter }).map(String.init)
        // "in German", "auf Deutsch", "en français", "in italiano".
        if words.count == 2, ["in", "auf", "en", "em"].contains(words[0]) { words.removeFirst() }
        guard words.count == 1, let word = words.first, word.count <= 20 else { return nil }
        if let exact = names[word] { return exact }
        // Short names are too easy to confuse ("ita" and "eta"); a longer one may carry one slip.
        guard word.count >= 5 else { return nil }
        let close = Set(names.filter { $0.key.count >= 5 && EditDistance.between(Array(word), Array($0.key), countingSwaps: true) <= 1 }.values)
        return close.count == 1 ? close.first : nil
    }

    /// Each language's names, folded: its own, in English, German, French, Spanish and Italian, and its ISO 639-2 codes.
    private static let names: [String: Language] = {
        let spellings: [Language: [String]] = [
            .en: ["english", "englisch", "anglais", "ingles", "inglese", "eng"],
            .de: ["deutsch", "german", "allemand", "aleman", "tedesco", "deu", "ger"],
            .fr: ["francais", "french", "franzosisch", "franzoesisch", "frances", "francese", "fra", "fre"],
            .es: ["espanol", "spanish", "spanisch", "espagnol", "spagnolo", "castellano", "castilian", "castillan", "spa", "esp"],
            .it: ["italiano", "italian", "italienisch", "italien", "ita"],
        ]
        var names: [String: Language] = [:]
        for (language, words) in spellings { for word in words { names[word] = language } }
        return names
    }()
}
