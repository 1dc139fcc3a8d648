/// What the engine answers for one request: outfits, or what is missing to make any.
public enum OutfitSuggestion: Sendable, Hashable {
    /// The best outfits, best first. `startedOver` is true when every outfit had been shown
    /// already, so the list starts again from the best; tell the user so.
    case outfits([Outfit], startedOver: Bool)
    /// No complete outfit can be made; nothing is invented to fill the gap.
    case missing(MissingPieces)

    /// The outfits, or an empty list when pieces are missing.
    public var outfits: [Outfit] {
        if case .outfits(let list, _) = self { return list }
        return []
    }
}
