/// The surface pattern of a piece.
public enum Pattern: String, CaseIterable, Sendable, Codable, Hashable {
    case solid, texture, stripe, check, dot, print, floral, animal, camo, paisley

    /// Loud patterns compete with each other; an outfit should carry at most one.
    public var isLoud: Bool {
        switch self {
        case .solid, .texture: return false
        case .stripe, .check, .dot, .print, .floral, .animal, .camo, .paisley: return true
        }
    }
}
