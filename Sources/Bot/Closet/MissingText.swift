import Closet

/// What an outfit lacks, in the reader's language (the engine's `MissingPieces.userMessage` is English only).
enum MissingText {
    /// "No shoes at formality 3–4 for business casual. … Paste a product link or send a photo to add some."
    static func text(_ missing: MissingPieces, _ words: Phrasebook) -> String {
        let range = missing.formality.lowerBound == missing.formality.upperBound
            ? "\(missing.formality.lowerBound)" : "\(missing.formality.lowerBound)–\(missing.formality.upperBound)"
        var list = missing.needed.isEmpty ? words.string("outfit.missing.pieces") : words.listed(missing.needed.map(words.categoryPlural))
        if let instead = missing.orInstead {
            list = words.string("outfit.missing.or_instead", ["list": .text(list), "instead": .text(words.categoryPlural(instead))])
        }
        var text = words.string("outfit.missing", ["list": .text(list), "range": .text(range), "occasion": .text(words.occasionName(missing.occasion))])
        guard !missing.inLaundry.isEmpty else { return text + " " + words.string("outfit.missing.add") }
        // The pieces are there, only dirty: the way out is /clean, not buying more.
        text += " " + words.string("outfit.missing.laundry", ["list": .text(words.listed(missing.inLaundry.map(words.categoryPlural)))])
        return text + " " + words.string("outfit.missing.clean")
    }
}
