import JSON

/// The two try-on slots of one user in one chat, kept in the chat state under `tryon`.
struct TryOnSlots: Sendable, Hashable {
    /// The chat-state key.
    static let stateKey = "tryon"

    /// The You photo (SHA-256 of a stored image).
    var person: String?
    /// The Clothing photo.
    var garment: String?
    /// Variations asked for with `/tryon N` while a slot was still empty.
    var pendingCount: Int?
    /// True after `/me`: the next uncaptioned photo is the You photo.
    var awaitingPerson = false

    init(person: String? = nil, garment: String? = nil, pendingCount: Int? = nil, awaitingPerson: Bool = false) {
        self.person = person
        self.garment = garment
        self.pendingCount = pendingCount
        self.awaitingPerson = awaitingPerson
    }

    /// The slots stored in a chat state.
    init(state: JSON) {
        let slots = state[Self.stateKey]
        person = slots?["person"]?.string
        garment = slots?["garment"]?.string
        pendingCount = slots?["count"]?.int.map(Int.init)
        awaitingPerson = slots?["awaiting_person"]?.bool ?? false
    }

    /// `state` with these slots stored.
    func stored(in state: JSON) -> JSON {
        state.setting(Self.stateKey, [
            "person": JSON(person), "garment": JSON(garment), "count": JSON(pendingCount), "awaiting_person": .bool(awaitingPerson),
        ])
    }
}

/// Which slot a photo is for.
enum SlotRole: String, Sendable {
    case person, garment

    /// The name users see.
    var title: String { self == .person ? "You" : "Clothing" }

    /// The slot a caption's first word names: `me` → You; `wear`, `try`, `garment` → Clothing.
    static func from(caption: String?) -> SlotRole? {
        guard let word = keyword(of: caption) else { return nil }
        if personWords.contains(word) { return .person }
        if garmentWords.contains(word) { return .garment }
        return nil
    }

    /// The caption's first word, lower-cased, without a leading slash or punctuation.
    static func keyword(of caption: String?) -> String? {
        guard let caption else { return nil }
        let word = caption.split(whereSeparator: { $0.isWhitespace }).first.map { String($0).lowercased() } ?? ""
        let trimmed = word.drop { $0 == "/" }.filter { $0.isLetter || $0.isNumber }
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    static let personWords = ["me", "you", "selfie"]
    static let garmentWords = ["wear", "try", "garment", "clothing", "tryon"]
}
