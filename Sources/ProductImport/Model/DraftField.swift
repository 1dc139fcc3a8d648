/// A field of a `ProductDraft`, used to record where each value came from.
public enum DraftField: String, CaseIterable, Sendable, Hashable, Comparable {
    case name, brand, category, subcategory, fit, formality, warmth, colors, pattern, material
    case price, currency, sku, availability, images, description, sizes

    /// Orders fields as they appear in the draft.
    public static func < (lhs: DraftField, rhs: DraftField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
