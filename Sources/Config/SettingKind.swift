/// The type and valid range of one configuration setting.
public enum SettingKind: Sendable {
    case bool
    case int(ClosedRange<Int64>)
    case double(ClosedRange<Double>)
    case string
    /// A string, null allowed (e.g. an unset homeserver URL).
    case optionalString
    /// A URL starting with http:// or https://.
    case url
    case optionalURL
    /// One of a fixed set of words.
    case choice([String])
    case stringList

    /// A short phrase for error messages, e.g. "an integer from 1 to 50".
    var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .int(let range): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .double(let range): return "a number from \(range.lowerBound) to \(range.upperBound)"
        case .string: return "a string"
        case .optionalString: return "a string or null"
        case .url: return "an http(s) URL"
        case .optionalURL: return "an http(s) URL or null"
        case .choice(let words): return "one of " + words.joined(separator: ", ")
        case .stringList: return "a list of strings"
        }
    }
}
