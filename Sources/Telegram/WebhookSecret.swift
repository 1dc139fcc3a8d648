/// The webhook's secret token: 1–256 characters from A–Z, a–z, 0–9, `_` and `-` (Telegram's rule),
/// compared in constant time.
public struct WebhookSecret: Sendable, CustomStringConvertible {
    private let bytes: [UInt8]

    /// The secret, or nil when `text` breaks Telegram's rule.
    public init?(_ text: String) {
        guard WebhookSecret.isValid(text) else { return nil }
        bytes = Array(text.utf8)
    }

    /// Whether `text` is a secret Telegram accepts.
    public static func isValid(_ text: String) -> Bool {
        (1...256).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
    }

    /// The text, for setWebhook.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Never the secret itself.
    public var description: String { "WebhookSecret(redacted)" }

    /// Whether `candidate` equals the secret. The time taken depends only on the candidate's length,
    /// never on where the first difference is, so the secret cannot be guessed byte by byte.
    public func matches(_ candidate: String) -> Bool {
        let given = Array(candidate.utf8)
        var difference = UInt8(truncatingIfNeeded: given.count ^ bytes.count)
        // Compared against the candidate's own length; bytes past the secret's end meet a fixed value.
        for index in given.indices {
            let expected = index < bytes.count ? bytes[index] : 0
            difference |= given[index] ^ expected
        }
        difference |= given.count == bytes.count ? 0 : 1
        return difference == 0
    }
}
