/// The words the keyword rules read about a piece, most telling first.
public struct KeywordInput: Sendable, Hashable {
    /// The product name, e.g. "Pleated wide-leg trouser".
    public var name: String
    /// Breadcrumb or shop category, e.g. "Women > Trousers".
    public var category: String?
    /// The stated material, e.g. "100% wool".
    public var material: String?
    /// The shop's description.
    public var description: String?
    /// Color names as the shop writes them, one per colorway.
    public var colorNames: [String]

    /// Input for the rules; only the name is required.
    public init(name: String, category: String? = nil, material: String? = nil, description: String? = nil, colorNames: [String] = []) {
        self.name = name
        self.category = category
        self.material = material
        self.description = description
        self.colorNames = colorNames
    }
}
