/// A server's "wait this long before trying again", checked where it enters: finite, not negative,
/// and at most `maximum` seconds.
///
/// Services send `Retry-After: 1e20`, `inf` or a `retry_after` of years by mistake or on purpose; a
/// value above the maximum means "wait the maximum", and a value that is not a number at all is no
/// value. Every later conversion (to whole seconds, to a `Duration`, to a date) is then safe.
public struct RetryAfter: Sendable, Hashable, Comparable {
    /// The longest wait taken from a server: one day (Gemini's daily quota says "retry in 10h…").
    public static let maximum: Double = 86_400

    /// Seconds to wait, within 0…`maximum`.
    public let seconds: Double

    /// A checked wait; nil for NaN, infinity or a negative value, clamped to `maximum` when larger.
    public init?(seconds value: Double) {
        guard value.isFinite, value >= 0 else { return nil }
        seconds = min(value, Self.maximum)
    }

    /// A `Retry-After` header in delay-seconds form ("30", "1.5"); nil for a missing, malformed or
    /// non-finite value. HTTP dates are not used by the services the bot talks to.
    public init?(header: String?) {
        guard let header else { return nil }
        let trimmed = String(header.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        // A long digit string is refused before parsing; 32 characters is more than any real delay.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 32, let value = Double(trimmed) else { return nil }
        self.init(seconds: value)
    }

    /// The wait rounded up to whole seconds (at least 1), safe to convert because it is bounded.
    public var wholeSeconds: Int { max(1, Int(seconds.rounded(.up))) }

    /// Orders waits by length.
    public static func < (lhs: RetryAfter, rhs: RetryAfter) -> Bool { lhs.seconds < rhs.seconds }
}
