import JSON
import Localization

/// The try-on composer of one user in one chat (the You and Clothing slots and how the next run
/// goes), kept in the chat state under `tryon`.
struct TryOnSlots: Sendable, Hashable {
    /// The chat-state key.
    static let stateKey = "tryon"

    /// The You photo (SHA-256 of a stored image).
    var person: String?
    /// The Clothing photo.
    var garment: String?
    /// Where the You photo came from.
    var personSource: SlotSource?
    /// Where the Clothing photo came from.
    var garmentSource: SlotSource?
    /// Variations asked for with `/tryon N` while a slot was still empty.
    var pendingCount: Int?
    /// True after `/me` or Swap You: the next uncaptioned photo is the You photo.
    var awaitingPerson = false
    /// True after Swap Clothing: the next uncaptioned photo is the Clothing photo.
    var awaitingGarment = false
    /// True while the user steers the composer (Swap, Use again): a filled pair waits for Go.
    var holdForGo = false
    /// "Keep clothing": a run leaves the Clothing photo in place for the next one.
    var keepGarment = false
    /// A prompt loaded with "Use again", used instead of the user's style for the next run.
    var promptText: String?
    /// A service loaded with "Use again" (raw value), used instead of the user's service.
    var service: String?

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
        personSource = slots?["person_source"]?.string.flatMap(SlotSource.init(stored:))
        garmentSource = slots?["garment_source"]?.string.flatMap(SlotSource.init(stored:))
        pendingCount = slots?["count"]?.int.map(Int.init)
        awaitingPerson = slots?["awaiting_person"]?.bool ?? false
        awaitingGarment = slots?["awaiting_garment"]?.bool ?? false
        holdForGo = slots?["hold"]?.bool ?? false
        keepGarment = slots?["keep_garment"]?.bool ?? false
        promptText = slots?["prompt"]?.string
        service = slots?["service"]?.string
    }

    /// `state` with these slots stored.
    func stored(in state: JSON) -> JSON {
        state.setting(Self.stateKey, [
            "person": JSON(person), "garment": JSON(garment), "person_source": JSON(personSource?.stored),
            "garment_source": JSON(garmentSource?.stored), "count": JSON(pendingCount), "awaiting_person": .bool(awaitingPerson),
            "awaiting_garment": .bool(awaitingGarment), "hold": .bool(holdForGo), "keep_garment": .bool(keepGarment),
            "prompt": JSON(promptText), "service": JSON(service),
        ])
    }
}

/// Where a slot's photo came from, as the composer says it.
enum SlotSource: Sendable, Hashable {
    /// A photo the user sent.
    case photo
    /// The result of look N (Dress this look).
    case look(Int)
    /// The same input as look N used (Use again).
    case recipe(Int)
    /// Closet item N's photo.
    case item(Int)

    /// "a photo", "look #3", "closet item #5", in the reader's language.
    func description(_ words: Phrasebook) -> String {
        switch self {
        case .photo: return words.string("tryon.source.photo")
        case .look(let number): return words.string("tryon.source.look", ["number": .text(String(number))])
        case .recipe(let number): return words.string("tryon.source.recipe", ["number": .text(String(number))])
        case .item(let number): return words.string("tryon.source.item", ["number": .text(String(number))])
        }
    }

    /// The short label under the composer's picture.
    func label(_ role: SlotRole, _ words: Phrasebook) -> String {
        let slot = MessageArgument.text(role.title(words))
        switch self {
        case .photo: return role.title(words)
        case .look(let number), .recipe(let number): return words.string("tryon.source.label.look", ["slot": slot, "number": .text(String(number))])
        case .item(let number): return words.string("tryon.source.label.item", ["slot": slot, "number": .text(String(number))])
        }
    }

    /// The form kept in the chat state: "photo", "look:3", "item:5".
    var stored: String {
        switch self {
        case .photo: return "photo"
        case .look(let number): return "look:\(number)"
        case .recipe(let number): return "recipe:\(number)"
        case .item(let number): return "item:\(number)"
        }
    }

    /// The source from its stored form; nil for anything else.
    init?(stored: String) {
        let parts = stored.split(separator: ":")
        switch (parts.first, parts.count == 2 ? Int(parts[1]) : nil) {
        case ("photo", _): self = .photo
        case ("look", let number?): self = .look(number)
        case ("recipe", let number?): self = .recipe(number)
        case ("item", let number?): self = .item(number)
        default: return nil
        }
    }
}

/// Which slot a photo is for.
enum SlotRole: String, Sendable {
    case person, garment

    /// The name users see, in the reader's language.
    func title(_ words: Phrasebook) -> String { words.string(self == .person ? "tryon.slot.person" : "tryon.slot.clothing") }

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
