/// Percent-encoding, query strings and urlencoded forms (RFC 3986 unreserved set).
public enum URLEncoding {
    /// `text` with every byte outside A–Z a–z 0–9 `-._~` percent-encoded, as UTF-8.
    public static func percentEncode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return result
    }

    /// `name=value` pairs joined with `&`, both sides percent-encoded.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(percentEncode($0.name))=\(percentEncode($0.value))" }.joined(separator: "&")
    }

    /// `base` with the query items appended after `?` (or `&` when it already has a query).
    public static func url(_ base: String, query items: [(name: String, value: String)]) -> String {
        guard !items.isEmpty else { return base }
        return base + (base.contains("?") ? "&" : "?") + query(items)
    }

    /// An application/x-www-form-urlencoded body; same as `query`, as encoding spaces as %20 is valid there too.
    public static func form(_ fields: [(name: String, value: String)]) -> String {
        query(fields)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? value + 48 : value + 55))
    }
}
