/// Why no outfit can be made for an occasion: which kinds of pieces are lacking.
public struct MissingPieces: Sendable, Hashable {
    /// The occasion asked for.
    public var occasion: String
    /// The formality range searched.
    public var formality: ClosedRange<Int>
    /// Categories to add for a first outfit, e.g. `[.shoes]` or `[.bottom]`.
    public var needed: [Category]
    /// A category that would do instead of the top and bottom in `needed` (a dress), if any.
    public var orInstead: Category?
    /// Categories in `needed` (or `orInstead`) the user owns in range but has in the laundry.
    public var inLaundry: [Category]

    /// Makes a report.
    public init(
        occasion: String, formality: ClosedRange<Int>, needed: [Category], orInstead: Category? = nil,
        inLaundry: [Category] = []
    ) {
        self.occasion = occasion
        self.formality = formality
        self.needed = needed
        self.orInstead = orInstead
        self.inLaundry = inLaundry
    }

    /// Says what is missing and how to add it, e.g.
    /// "No shoes at formality 3–4 for business casual. Paste a product link or send a photo to add some."
    public var userMessage: String {
        let range = formality.lowerBound == formality.upperBound
            ? "\(formality.lowerBound)" : "\(formality.lowerBound)–\(formality.upperBound)"
        var list = Self.listed(needed.map(\.plural))
        if let orInstead { list += " (or \(orInstead.plural))" }
        var text = "No \(list) at formality \(range) for \(occasion)."
        if !inLaundry.isEmpty {
            text += " Your \(Self.listed(inLaundry.map(\.plural))) for it are in the laundry."
        }
        return text + " Paste a product link or send a photo to add some."
    }

    private static func listed(_ words: [String]) -> String {
        switch words.count {
        case 0: return "pieces"
        case 1: return words[0]
        default: return words.dropLast().joined(separator: ", ") + " and " + words.last!
        }
    }
}
