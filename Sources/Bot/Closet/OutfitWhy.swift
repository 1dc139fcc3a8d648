import Closet
import Localization

/// The "Why?" of an outfit in the reader's language: the engine's reasons (`OutfitNote`) as one line, and the
/// score terms that add or take points as short lines.
enum OutfitWhy {
    /// "weiß + marine: nur Neutraltöne; Formalität 3/3/3 passt zu Business Casual".
    static func text(_ outfit: Outfit, occasion: Occasion, _ words: Phrasebook) -> String {
        outfit.notes(occasion: occasion).map { note($0, words) }.joined(separator: "; ")
    }

    /// "Formalität passt zum Anlass: +6,0", one per term that counts.
    static func lines(_ outfit: Outfit, _ words: Phrasebook) -> [String] {
        outfit.scoringTerms.map { term in
            let rounded = (term.points * 100).rounded() / 100
            // Two decimals only where the points have them, as the English "+6.0" / "+0.33" did.
            let digits = (rounded * 10).rounded() == rounded * 10 ? 1 : 2
            let number = MessageArgument.decimal(rounded, fractionDigits: digits).formatted(in: words.language)
            return words.string("outfit.why.term", [
                "name": .text(words.string("outfit.why.term.\(term.name.rawValue)")), "points": .text((rounded > 0 ? "+" : "") + number),
            ])
        }
    }

    private static func note(_ note: OutfitNote, _ words: Phrasebook) -> String {
        switch note {
        case .colors(let names, let colorNote):
            let colors = MessageArgument.text(names.joined(separator: " + "))
            switch colorNote {
            case .neutrals: return words.string("outfit.why.colors.neutrals", ["colors": colors])
            case .oneAccent(let family):
                return words.string("outfit.why.colors.one_accent", ["colors": colors, "family": .text(words.colorFamilyName(family))])
            case .harmonize(let families):
                return words.string("outfit.why.colors.harmonize", ["colors": colors, "families": .text(words.listed(families.map(words.colorFamilyName)))])
            case .clash(let pairs):
                let clashing = pairs.map { words.listed([words.colorFamilyName($0.first), words.colorFamilyName($0.second)]) }
                return words.string("outfit.why.colors.clash", ["colors": colors, "pairs": .text(clashing.joined(separator: ", "))])
            }
        case .formalityMatches(let levels, let occasion):
            return words.string("outfit.why.formality.matches", ["levels": .text(levelList(levels)), "occasion": .text(words.occasionName(occasion))])
        case .formalityNear(let levels, let occasion, let target):
            return words.string("outfit.why.formality.near", [
                "levels": .text(levelList(levels)), "occasion": .text(words.occasionName(occasion)), "target": .text(String(target)),
            ])
        case .onePattern(let pattern): return words.string("outfit.why.pattern.one", ["pattern": .text(patternName(pattern, words))])
        case .patternsCompete(let patterns):
            return words.string("outfit.why.pattern.compete", ["patterns": .text(words.listed(patterns.map { patternName($0, words) }))])
        case .balancedProportion: return words.string("outfit.why.proportion.balanced")
        case .volumeOnVolume: return words.string("outfit.why.proportion.volume")
        case .mixedWarmth: return words.string("outfit.why.warmth")
        case .layered(let name): return words.string("outfit.why.layered", ["name": .text(name)])
        case .wornRecently: return words.string("outfit.why.recent")
        case .finishedWith(let names):
            // "suits" or "suit": the verb agrees with the accessories, whose count the sentence does not show.
            return words.string(names.count == 1 ? "outfit.why.accessories.one" : "outfit.why.accessories.many", ["names": .text(words.listed(names))])
        }
    }

    /// "3/3/2": formality levels are scale points, not amounts, so they are never grouped or localized.
    private static func levelList(_ levels: [Int]) -> String { levels.map(String.init).joined(separator: "/") }

    private static func patternName(_ pattern: Pattern, _ words: Phrasebook) -> String { words.string("pattern.\(pattern.rawValue)") }
}
