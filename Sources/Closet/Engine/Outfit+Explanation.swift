/// Plain-words explanations of an outfit's score.
extension Outfit {
    /// The reasons the outfit works (or where it compromises), in order: colours, formality, patterns,
    /// proportion, warmth, layering, recency, accessories.
    public func notes(occasion: Occasion) -> [OutfitNote] {
        var notes = [colorNote()]
        let levels = pieces.map(\.formality)
        if pieces.allSatisfy({ $0.formality == occasion.targetFormality }) {
            notes.append(.formalityMatches(levels: levels, occasion: occasion.name))
        } else {
            notes.append(.formalityNear(levels: levels, occasion: occasion.name, target: occasion.targetFormality))
        }
        let loud = pieces.filter(\.pattern.isLoud).map(\.pattern)
        if loud.count == 1 { notes.append(.onePattern(loud[0])) }
        if loud.count > 1 { notes.append(.patternsCompete(loud)) }
        if let proportion = term(.proportion)?.value, proportion != 0 {
            notes.append(proportion > 0 ? .balancedProportion : .volumeOnVolume)
        }
        if let warmth = term(.warmth)?.value, warmth < 0 { notes.append(.mixedWarmth) }
        if let layer = outerwear { notes.append(.layered(with: layer.name)) }
        if let recency = term(.recency)?.value, recency < 0 { notes.append(.wornRecently) }
        if !accessories.isEmpty { notes.append(.finishedWith(accessories.map { $0.name.lowercased() })) }
        return notes
    }

    /// One line in English saying why the outfit works (or where it compromises), e.g.
    /// "navy + white: neutrals; formality 3/3/3 matches business casual" (the command line's wording).
    public func explanation(occasion: Occasion) -> String {
        notes(occasion: occasion).map(Self.english).joined(separator: "; ")
    }

    /// The score terms that add or take points, in breakdown order.
    public var scoringTerms: [ScoreTerm] { breakdown.filter { $0.points != 0 } }

    /// The score breakdown as short lines in English, e.g. "formality fits the occasion: +6.0".
    public var breakdownLines: [String] {
        scoringTerms.map { term in
            let sign = term.points > 0 ? "+" : ""
            return "\(term.name.label): \(sign)\((term.points * 100).rounded() / 100)"
        }
    }

    private func colorNote() -> OutfitNote {
        var names: [String] = []
        for piece in pieces where !names.contains(piece.color.name) { names.append(piece.color.name) }
        var families: [ColorFamily] = []
        for piece in pieces {
            if let family = piece.accentFamily, !families.contains(family) { families.append(family) }
        }
        switch families.count {
        case 0: return .colors(names: names, .neutrals)
        case 1: return .colors(names: names, .oneAccent(families[0]))
        default:
            var clashing: [OutfitNote.ColorPair] = []
            for (index, family) in families.enumerated() {
                for other in families[(index + 1)...] where family.clashes(with: other) {
                    clashing.append(OutfitNote.ColorPair(family, other))
                }
            }
            return .colors(names: names, clashing.isEmpty ? .harmonize(families) : .clash(clashing))
        }
    }

    private static func english(_ note: OutfitNote) -> String {
        switch note {
        case .colors(let names, let colorNote):
            let colors = names.joined(separator: " + ")
            switch colorNote {
            case .neutrals: return "\(colors): neutrals"
            case .oneAccent(let family): return "\(colors): one accent (\(family.rawValue)) on neutrals"
            case .harmonize(let families): return "\(colors): \(listed(families.map(\.rawValue))) accents harmonize on the hue wheel"
            case .clash(let pairs): return "\(colors): \(pairs.map { "\($0.first.rawValue) and \($0.second.rawValue)" }.joined(separator: ", ")) clash"
            }
        case .formalityMatches(let levels, let occasion):
            return "formality \(levels.map(String.init).joined(separator: "/")) matches \(occasion)"
        case .formalityNear(let levels, let occasion, let target):
            return "formality \(levels.map(String.init).joined(separator: "/")) near \(occasion) (\(target))"
        case .onePattern(let pattern): return "one pattern (\(pattern.rawValue))"
        case .patternsCompete(let patterns): return "\(listed(patterns.map(\.rawValue))) patterns compete"
        case .balancedProportion: return "a fitted top balances the full leg"
        case .volumeOnVolume: return "volume on volume"
        case .mixedWarmth: return "mixed warmth"
        case .layered(let name): return "layered with the \(name)"
        case .wornRecently: return "some pieces were worn recently"
        case .finishedWith(let names):
            return "finished with the \(listed(names)), which suit\(names.count == 1 ? "s" : "") its colours and formality"
        }
    }

    private static func listed(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
