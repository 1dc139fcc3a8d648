import HTTP

/// Reads "how long to wait" from the places services put it, each bounded by `RetryAfter`
/// (finite, 0…1 day), so `Retry-After: 1e20` or "retry in 1e308h" never reaches a conversion.
enum RetryDelay {
    /// A `Retry-After` header in delay-seconds form ("30", "1.5"); HTTP dates are not used by these services.
    static func header(_ value: String?) -> Double? {
        RetryAfter(header: value)?.seconds
    }

    /// A protobuf duration such as Gemini's `retryDelay` ("28s", "1.5s", "0.2s").
    static func protobufDuration(_ value: String?) -> Double? {
        guard let value, value.hasSuffix("s"), value.utf8.count <= 32, let seconds = Double(value.dropLast()) else { return nil }
        return RetryAfter(seconds: seconds)?.seconds
    }

    /// The delay in a message such as "… Please retry in 28s." or "retry in 10h17m5.72s" or "retry in 734.2ms".
    static func inMessage(_ message: String) -> Double? {
        let lowered = message.lowercased()
        guard let range = lowered.range(of: "retry in ") else { return nil }
        var total = 0.0
        var number = ""
        var found = false
        var index = range.upperBound
        while index < lowered.endIndex {
            let character = lowered[index]
            if character.isNumber || character == "." {
                number.append(character)
            } else if let value = Double(number), let unit = unit(at: index, in: lowered) {
                total += value * unit.seconds
                found = true
                number = ""
                index = lowered.index(index, offsetBy: unit.length)
                continue
            } else {
                break
            }
            index = lowered.index(after: index)
        }
        return found ? RetryAfter(seconds: total)?.seconds : nil
    }

    /// The unit starting at `index`: "ms", "h", "m" or "s", with its length and size in seconds.
    private static func unit(at index: String.Index, in text: String) -> (length: Int, seconds: Double)? {
        let rest = text[index...]
        if rest.hasPrefix("ms") { return (2, 0.001) }
        switch rest.first {
        case "h": return (1, 3600)
        case "m": return (1, 60)
        case "s": return (1, 1)
        default: return nil
        }
    }
}
