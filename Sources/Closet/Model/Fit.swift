/// How loosely a piece sits on the body. For tops this is their volume.
public enum Fit: String, CaseIterable, Sendable, Codable, Hashable {
    case slim, regular, relaxed, oversized

    /// 0 (slim) … 3 (oversized): how much volume the piece adds.
    public var volume: Int {
        switch self {
        case .slim: return 0
        case .regular: return 1
        case .relaxed: return 2
        case .oversized: return 3
        }
    }
}

/// The leg shape of a bottom.
public enum LegShape: String, CaseIterable, Sendable, Codable, Hashable {
    case skinny, straight, wide
}
