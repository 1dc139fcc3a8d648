import Foundation
import Synchronization

/// Replaces known secrets (and anything shaped like a bot token) in text before it is logged.
public final class Redactor: Sendable {
    private let secrets = Mutex<Set<String>>([])

    public init() {}

    /// Registers secret values; from now on they never appear in output.
    public func register<S: Sequence>(_ values: S) where S.Element == String {
        secrets.withLock { set in
            // Very short values would redact ordinary words; a real secret is longer.
            for value in values where value.count >= 6 { set.insert(value) }
        }
    }

    /// Registers one secret value.
    public func register(_ value: String) { register([value]) }

    /// The text with every registered secret and every bot-token-shaped string replaced.
    public func redact(_ text: String) -> String {
        var result = text
        let known = secrets.withLock { $0 }
        // Longest first, so a secret containing another is replaced whole.
        for secret in known.sorted(by: { $0.count > $1.count }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "[REDACTED]")
        }
        return Redactor.redactTokenShapes(result)
    }

    /// Telegram tokens look like `123456789:AA…` (digits, colon, 30+ url-safe chars).
    static func redactTokenShapes(_ text: String) -> String {
        guard text.contains(":") else { return text }
        var output = ""
        output.reserveCapacity(text.count)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if isDigit(scalars[index]), index == 0 || !isDigit(scalars[index - 1]) {
                var end = index
                while end < scalars.count, isDigit(scalars[end]) { end += 1 }
                if end - index >= 5, end < scalars.count, scalars[end] == ":" {
                    var tail = end + 1
                    while tail < scalars.count, isTokenChar(scalars[tail]) { tail += 1 }
                    if tail - end - 1 >= 30 {
                        output += "[REDACTED]"
                        index = tail
                        continue
                    }
                }
            }
            output.unicodeScalars.append(scalars[index])
            index += 1
        }
        return output
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
    private static func isTokenChar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isASCIIHexDigit || (scalar.value < 128 && (scalar.properties.isAlphabetic || scalar == "_" || scalar == "-"))
            || isDigit(scalar)
    }
}
