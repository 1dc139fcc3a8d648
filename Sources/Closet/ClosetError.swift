import JSON
import Support

/// Everything that can go wrong in the Closet module, with a short text for the user and detail for logs.
public enum ClosetError: UserFacingError, Sendable, Equatable, CustomStringConvertible {
    /// A JSON text could not be parsed at all.
    case invalidJSON(JSONError)
    /// The occasion configuration is wrong at `key`.
    case invalidOccasions(key: String, reason: String)
    /// The scoring weights are wrong at `key`.
    case invalidWeights(key: String, reason: String)
    /// No occasion matches the user's word; `options` lists every known occasion.
    case unknownOccasion(word: String, options: [String])
    /// Several occasions match the user's word; `matches` lists them.
    case ambiguousOccasion(word: String, matches: [String])
    /// Some rows of an imported closet are invalid; every bad row is listed.
    case invalidRows([RowProblem])
    /// A price that is not finite, negative or above `Price.maximum`; the text says which.
    case invalidPrice(String)
    /// A currency that is not a three-letter code.
    case invalidCurrency(String)
    /// A text longer than its field's limit.
    case textTooLong(ItemField)
    /// A formality or warmth outside 1…5.
    case levelOutOfRange
    /// A closet file larger than the import limit, in bytes.
    case fileTooLarge(bytes: Int, limit: Int)
    /// A closet file with more items than the import limit.
    case tooManyItems(count: Int, limit: Int)

    /// One or two short sentences for the user: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .invalidJSON:
            return "That file isn't valid JSON. Export your closet again and retry."
        case .invalidOccasions(let key, _):
            return "The occasion settings are broken at \"\(key)\". Fix bot-config/occasions.json and restart."
        case .invalidWeights(let key, _):
            return "The outfit weights are broken at \"\(key)\". Fix the weights and restart."
        case .unknownOccasion(let word, let options):
            return "I don't know the occasion \"\(Self.shortened(word))\". Try one of: \(options.joined(separator: ", "))."
        case .ambiguousOccasion(let word, let matches):
            return "\"\(Self.shortened(word))\" could mean \(matches.joined(separator: " or ")). Say which one."
        case .invalidRows(let problems):
            let shown = problems.prefix(5).map { "row \($0.index): \($0.reason)" }.joined(separator: "; ")
            let more = problems.count > 5 ? " and \(problems.count - 5) more" : ""
            return "\(problems.count) rows could not be imported (\(shown)\(more)). Fix them and import again."
        case .invalidPrice(let why):
            return "That price is \(why). Give an amount from 0 to \(Int(Price.maximum)), e.g. 79.90 EUR."
        case .invalidCurrency:
            return "Currencies are three-letter codes such as EUR, USD or GBP."
        case .textTooLong(let field):
            return "\(field.plural) can be at most \(field.maximumLength) characters. Shorten it and try again."
        case .levelOutOfRange:
            return "Formality and warmth are numbers from 1 to 5."
        case .fileTooLarge(_, let limit):
            return "That closet file is too large; the limit is \(limit / 1_048_576) MB. Split it and import the parts."
        case .tooManyItems(let count, let limit):
            return "That closet file has \(count) items; at most \(limit) can be imported at once. Split it and import the parts."
        }
    }

    /// Full detail for logs.
    public var detail: String {
        switch self {
        case .invalidJSON(let error): return "closet: \(error.description)"
        case .invalidOccasions(let key, let reason): return "occasions: \(key): \(reason)"
        case .invalidWeights(let key, let reason): return "weights: \(key): \(reason)"
        case .unknownOccasion(let word, let options): return "occasion: unknown \"\(Self.shortened(word))\"; options \(options)"
        case .ambiguousOccasion(let word, let matches): return "occasion: ambiguous \"\(Self.shortened(word))\"; matches \(matches)"
        case .invalidRows(let problems):
            return "closet import: " + problems.map { "row \($0.index) \($0.reason)" }.joined(separator: "; ")
        case .invalidPrice(let why): return "price: \(why)"
        case .invalidCurrency(let text): return "currency: not a three-letter code (\(text.count) characters)"
        case .textTooLong(let field): return "\(field.rawValue): longer than \(field.maximumLength) characters"
        case .levelOutOfRange: return "formality or warmth outside 1...5"
        case .fileTooLarge(let bytes, let limit): return "closet file: \(bytes) bytes > \(limit)"
        case .tooManyItems(let count, let limit): return "closet file: \(count) items > \(limit)"
        }
    }

    /// A user's word cut to 40 characters, so a reply never echoes a whole pasted text.
    static func shortened(_ word: String) -> String {
        word.shortened(to: 40)
    }

    /// The log detail.
    public var description: String { detail }
}

/// One bad row of an imported closet: its zero-based index in the list and why it was rejected.
public struct RowProblem: Sendable, Equatable, CustomStringConvertible {
    /// Zero-based index of the row in the imported `items` array.
    public var index: Int
    /// What is wrong, naming the field.
    public var reason: String

    /// Makes a problem report for row `index`.
    public init(index: Int, reason: String) {
        self.index = index
        self.reason = reason
    }

    /// "row N: reason".
    public var description: String { "row \(index): \(reason)" }
}
