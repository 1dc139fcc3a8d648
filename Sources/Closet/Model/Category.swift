/// What kind of piece an item is; decides where it fits in an outfit.
public enum Category: String, CaseIterable, Sendable, Codable, Hashable {
    case top, bottom, shoes, dress, outerwear, accessory

    /// Plural label for lists, e.g. "tops", "shoes".
    public var plural: String {
        switch self {
        case .top: return "tops"
        case .bottom: return "bottoms"
        case .shoes: return "shoes"
        case .dress: return "dresses"
        case .outerwear: return "jackets and coats"
        case .accessory: return "accessories"
        }
    }
}
