import JSON

/// What a group vote is about; stored as the vote's `kind` and `subject`.
enum VoteSubject: Sendable, Hashable {
    /// Try-on variations of the starter, by look number, in option order.
    case looks([Int])
    /// Outfit candidates for an occasion, each as its item ids, in option order.
    case outfits(occasion: String, items: [[Int64]])

    static let looksKind = "tryon"
    static let outfitsKind = "outfit"

    var kind: String {
        switch self {
        case .looks: return Self.looksKind
        case .outfits: return Self.outfitsKind
        }
    }

    var optionCount: Int {
        switch self {
        case .looks(let numbers): return numbers.count
        case .outfits(_, let items): return items.count
        }
    }

    var json: JSON {
        switch self {
        case .looks(let numbers): return ["looks": .array(numbers.map { .int(Int64($0)) })]
        case .outfits(let occasion, let items):
            return ["occasion": .string(occasion), "outfits": .array(items.map { .array($0.map { .int($0) }) })]
        }
    }

    /// The subject stored as `kind` + `json`; nil for a shape this build does not know.
    init?(kind: String, json: JSON) {
        switch kind {
        case Self.looksKind:
            guard let numbers = json["looks"]?.array?.compactMap(\.int) else { return nil }
            self = .looks(numbers.map { Int($0) })
        case Self.outfitsKind:
            guard let outfits = json["outfits"]?.array else { return nil }
            self = .outfits(occasion: json["occasion"]?.string ?? "", items: outfits.map { $0.array?.compactMap(\.int) ?? [] })
        default:
            return nil
        }
    }

    /// What option `index` (0-based) is called in announcements: "1 (look #12)" or "option 2".
    func name(of index: Int, _ words: Phrasebook) -> String {
        switch self {
        case .looks(let numbers):
            return numbers.indices.contains(index)
                ? words.string("vote.option.look", ["option": .integer(index + 1), "number": .text(String(numbers[index]))]) : "\(index + 1)"
        case .outfits: return words.string("vote.option.outfit", ["option": .integer(index + 1)])
        }
    }
}
