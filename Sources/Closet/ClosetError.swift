import JSON

/// Everything that can go wrong in the Closet module, with a short text for the user and detail for logs.
public enum ClosetError: Error, Sendable, Equatable, CustomStringConvertible {
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
            return "I don't know the occasion \"\(word)\". Try one of: \(options.joined(separator: ", "))."
        case .ambiguousOccasion(let word, let matches):
            return "\"\(word)\" could mean \(matches.joined(separator: " or ")). Say which one."
        case .invalidRows(let problems):
            let shown = problems.prefix(5).map { "row \($0.index): \($0.reason)" }.joined(separator: "; ")
            let more = problems.count > 5 ? " and \(problems.count - 5) more" : ""
            return "\(problems.count) rows could not be imported (\(shown)\(more)). Fix them and import again."
        }
    }

    /// Full detail for logs.
    public var detail: String {
        switch self {
        case .invalidJSON(let error): return "closet: \(error.description)"
        case .invalidOccasions(let key, let reason): return "occasions: \(key): \(reason)"
        case .invalidWeights(let key, let reason): return "weights: \(key): \(reason)"
        case .unknownOccasion(let word, let options): return "occasion: unknown \"\(word)\"; options \(options)"
        case .ambiguousOccasion(let word, let matches): return "occasion: ambiguous \"\(word)\"; matches \(matches)"
        case .invalidRows(let problems):
            return "closet import: " + problems.map { "row \($0.index) \($0.reason)" }.joined(separator: "; ")
        }
    }

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

    public var description: String { "row \(index): \(reason)" }
}
