import Sodium

/// Matrix's base64: the standard alphabet without `=` padding (and the URL-safe variant for JWK).
public enum UnpaddedBase64 {
    /// Standard alphabet, no padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var text = Base64.encode(bytes)
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// URL-safe alphabet (`-`, `_`), no padding, as JWK `k` uses.
    public static func encodeURLSafe(_ bytes: [UInt8]) -> String {
        encode(bytes).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    /// Decodes either alphabet, with or without padding.
    public static func decode(_ text: String) throws(MatrixCryptoError) -> [UInt8] {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard += "=" }
        do {
            return try Base64.decode(standard)
        } catch {
            throw MatrixCryptoError.malformed("invalid base64")
        }
    }
}
