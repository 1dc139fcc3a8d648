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
    /// `host:port` with an IP literal host (IPv6 in brackets) and a port from 0 (any free one) to 65535.
    case listenAddress
    /// A listen address or null (off).
    case optionalListenAddress
    /// An absolute URL path such as `/telegram/webhook`.
    case urlPath

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
        case .listenAddress: return "HOST:PORT with an IP address, e.g. 127.0.0.1:8443 or [::1]:8443"
        case .optionalListenAddress: return "HOST:PORT with an IP address (e.g. 127.0.0.1:9464) or null"
        case .urlPath: return "a path starting with / (letters, digits, - _ . / only)"
        }
    }
}
