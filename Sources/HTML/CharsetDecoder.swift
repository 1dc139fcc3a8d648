import Foundation

/// Turns the bytes of a fetched page into text, following the order browsers use:
/// the Content-Type charset, then a byte-order mark or `<meta charset>` near the top,
/// then sniffing (valid UTF-8 is UTF-8, anything else is windows-1252).
public enum CharsetDecoder {
    /// The page text decoded from `bytes`; `contentType` is the HTTP header value, if any.
    public static func decode(_ bytes: [UInt8], contentType: String?) -> String {
        if let bom = decodeByteOrderMark(bytes) { return bom }
        let label = contentType.flatMap(charset(inContentType:)) ?? declaredCharset(in: bytes)
        if let label, let text = decode(bytes, label: label) { return text }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return Windows1252.decode(bytes)
    }

    /// The page as UTF-8 bytes, decided in the same order as `decode`. A UTF-8 page (nearly
    /// all of them) comes back as the same array, not a copy: the scan and gumbo read bytes, and
    /// invalid sequences are repaired where text is made from them.
    public static func utf8(_ bytes: [UInt8], contentType: String?) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return Array(decode(bytes, contentType: contentType).utf8) }
        let label = contentType.flatMap(charset(inContentType:)) ?? declaredCharset(in: bytes)
        if let label {
            if utf8Labels.contains(label.lowercased()) { return bytes }
            if let text = decode(bytes, label: label) { return Array(text.utf8) }
        }
        if UTF8Validation.isValid(bytes) { return bytes }
        return Array(Windows1252.decode(bytes).utf8)
    }

    private static let utf8Labels: Set<String> = ["utf-8", "utf8", "unicode-1-1-utf-8"]

    /// The `charset=` parameter of a Content-Type value, lowercased, e.g. "utf-8".
    public static func charset(inContentType value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let label = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")).lowercased()
            return label.isEmpty ? nil : label
        }
        return nil
    }

    /// The charset a page declares in its first 1024 bytes with `<meta charset>` or
    /// `<meta http-equiv="Content-Type" content="…; charset=…">`, lowercased.
    public static func declaredCharset(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        var searchStart = head.startIndex
        while let meta = head.range(of: "<meta", range: searchStart..<head.endIndex) {
            let tagEnd = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<tagEnd]
            if let found = tag.range(of: "charset=") {
                let value = tag[found.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
                let label = value.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
                if !label.isEmpty { return String(label) }
            }
            searchStart = tagEnd
        }
        return nil
    }

    /// Decodes with a named charset; nil when the label is unknown or the bytes don't fit it.
    public static func decode(_ bytes: [UInt8], label: String) -> String? {
        switch label.lowercased() {
        case "utf-8", "utf8", "unicode-1-1-utf-8":
            // Declared UTF-8 that isn't valid still reads best as UTF-8 with replacements.
            return String(decoding: bytes, as: UTF8.self)
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "windows-1252", "cp1252", "x-cp1252",
            "us-ascii", "ascii", "iso_8859-1", "cp819", "ibm819":
            // WHATWG: these labels all mean windows-1252.
            return Windows1252.decode(bytes)
        case "utf-16le", "utf-16":
            return String(data: Data(bytes), encoding: .utf16LittleEndian)
        case "utf-16be":
            return String(data: Data(bytes), encoding: .utf16BigEndian)
        default:
            guard let encoding = foundationEncodings[label.lowercased()] else { return nil }
            return String(data: Data(bytes), encoding: encoding)
        }
    }

    private static let foundationEncodings: [String: String.Encoding] = [
        "iso-8859-2": .isoLatin2, "latin2": .isoLatin2, "windows-1250": .windowsCP1250,
        "windows-1251": .windowsCP1251, "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "shift_jis": .shiftJIS, "shift-jis": .shiftJIS, "sjis": .shiftJIS,
        "euc-jp": .japaneseEUC, "iso-2022-jp": .iso2022JP,
    ]

    private static func decodeByteOrderMark(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes.dropFirst(2)), encoding: .utf16BigEndian) }
        return nil
    }
}
