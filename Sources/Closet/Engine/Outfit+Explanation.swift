/// Plain-words explanations of an outfit's score.
extension Outfit {
    /// One line saying why the outfit works (or where it compromises), e.g.
    /// "navy + white: neutrals; formality 3/3/3 matches business casual".
    public func explanation(occasion: Occasion) -> String {
        var parts = [colorNote()]
        let levels = pieces.map { String($0.formality) }.joined(separator: "/")
        if pieces.allSatisfy({ $0.formality == occasion.targetFormality }) {
            parts.append("formality \(levels) matches \(occasion.name)")
        } else {
            parts.append("formality \(levels) near \(occasion.name) (\(occasion.targetFormality))")
        }
        let loud = pieces.filter(\.pattern.isLoud).map(\.pattern.rawValue)
        if loud.count == 1 { parts.append("one pattern (\(loud[0]))") }
        if loud.count > 1 { parts.append("\(Self.listed(loud)) patterns compete") }
        if let proportion = term(.proportion)?.value, proportion != 0 {
            parts.append(proportion > 0 ? "a fitted top balances the full leg" : "volume on volume")
        }
        if let warmth = term(.warmth)?.value, warmth < 0 { parts.append("mixed warmth") }
        if let layer = outerwear { parts.append("layered with the \(layer.name)") }
        if let recency = term(.recency)?.value, recency < 0 { parts.append("some pieces were worn recently") }
        if !accessories.isEmpty {
            parts.append("finished with the \(Self.listed(accessories.map { $0.name.lowercased() })), which suit\(accessories.count == 1 ? "s" : "") its colours and formality")
        }
        return parts.joined(separator: "; ")
    }

    /// The score breakdown as short lines, e.g. "formality fits the occasion: +6.0".
    public var breakdownLines: [String] {
        breakdown.filter { $0.points != 0 }.map { term in
            let sign = term.points > 0 ? "+" : ""
            return "\(term.name.label): \(sign)\((term.points * 100).rounded() / 100)"
        }
    }

    private func colorNote() -> String {
        var names: [String] = []
        for piece in pieces where !names.contains(piece.color.name) { names.append(piece.color.name) }
        var families: [ColorFamily] = []
        for piece in pieces {
            if let family = piece.accentFamily, !families.contains(family) { families.append(family) }
        }
        let colors = names.joined(separator: " + ")
        switch families.count {
        case 0: return "\(colors): neutrals"
        case 1: return "\(colors): one accent (\(families[0].rawValue)) on neutrals"
        default:
            var clashing: [String] = []
            for (index, family) in families.enumerated() {
                for other in families[(index + 1)...] where family.clashes(with: other) {
                    clashing.append("\(family.rawValue) and \(other.rawValue)")
                }
            }
            let names = Self.listed(families.map(\.rawValue))
            return clashing.isEmpty
                ? "\(colors): \(names) accents harmonize on the hue wheel"
                : "\(colors): \(clashing.joined(separator: ", ")) clash"
        }
    }

    private static func listed(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
