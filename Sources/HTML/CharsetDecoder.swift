import Foundation
import Iconv

/// Turns the bytes of a fetched page into text, following the order browsers use: a byte-order
/// mark, the Content-Type charset, `<meta charset>` near the top (or later in the head), then
/// sniffing: valid UTF-8 is UTF-8, and anything else is read in the encoding the shop's country
/// (or else the page's `<html lang>`) used before UTF-8: EUC-KR on .kr, Big5 on .tw, Shift_JIS
/// on .jp, windows-1252 where nothing says otherwise.
///
/// One departure from browsers: bytes that are valid UTF-8 and not plain ASCII are read as UTF-8
/// whatever the label says. A page saved by a script keeps its `<meta charset="euc-kr">` after
/// its text was written out as UTF-8, and legacy text is valid UTF-8 by chance almost never.
public enum CharsetDecoder {
    /// The page text decoded from `bytes`; `contentType` is the HTTP header value, if any, and
    /// `host` the shop's host name, whose country decides the fallback encoding.
    public static func decode(_ bytes: [UInt8], contentType: String?, host: String? = nil) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian) ?? "" }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes.dropFirst(2)), encoding: .utf16BigEndian) ?? "" }
        return String(decoding: utf8(bytes, contentType: contentType, host: host), as: UTF8.self)
    }

    /// The page as UTF-8 bytes, decided in the same order as `decode`. A UTF-8 page (nearly
    /// all of them) comes back as the same array, not a copy: the scan and gumbo read bytes, and
    /// invalid sequences are repaired where text is made from them.
    public static func utf8(_ bytes: [UInt8], contentType: String?, host: String? = nil) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return Array(decode(bytes, contentType: contentType).utf8) }
        var label = contentType.flatMap(charset(inContentType:)) ?? declaredCharset(in: bytes)
        if let named = label, utf8Labels.contains(named) { return bytes }
        if let named = label, named.hasPrefix("utf-16"), let text = decode(bytes, label: named) { return Array(text.utf8) }
        // Checked once: valid UTF-8 with non-ASCII bytes is UTF-8 whatever the label says.
        let validUTF8 = UTF8Validation.isValid(bytes)
        if validUTF8, label == nil || bytes.contains(where: { $0 >= 0x80 }) { return bytes }
        // Browsers honour a `<meta charset>` later in the head too, by reading the page again.
        if label == nil { label = declaredCharset(in: bytes, within: laterMetaWindow) }
        if let label, let converted = convert(bytes, label: label) { return converted }
        if validUTF8 { return bytes }
        if let fallback = fallbackEncoding(forHost: host, bytes: bytes), let converted = Iconv.utf8(from: bytes, encoding: fallback) { return converted }
        return Array(Windows1252.decode(bytes).utf8)
    }

    /// How far into the page a `<meta charset>` past the first 1024 bytes is looked for.
    private static let laterMetaWindow = 64 * 1024

    private static let utf8Labels: Set<String> = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"]

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

    /// The charset a page declares in its first `limit` bytes (1024, the browsers' first look) with `<meta charset>` or
    /// `<meta http-equiv="Content-Type" content="…; charset=…">`, lowercased.
    public static func declaredCharset(in bytes: [UInt8], within limit: Int = 1024) -> String? {
        let head = String(decoding: bytes.prefix(limit), as: UTF8.self).lowercased()
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

    /// Decodes with a named charset; nil when the label is unknown. Bytes the charset cannot read
    /// become U+FFFD.
    public static func decode(_ bytes: [UInt8], label: String) -> String? {
        switch label.lowercased() {
        case "utf-16le", "utf-16":
            return String(data: Data(bytes), encoding: .utf16LittleEndian)
        case "utf-16be":
            return String(data: Data(bytes), encoding: .utf16BigEndian)
        default:
            return convert(bytes, label: label).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// `bytes` in the charset `label` names, as UTF-8; nil when the label is unknown.
    private static func convert(_ bytes: [UInt8], label: String) -> [UInt8]? {
        let name = label.lowercased()
        // Declared UTF-8 that isn't valid still reads best as UTF-8 with replacements (done where text is made).
        if utf8Labels.contains(name) { return bytes }
        if windows1252Labels.contains(name) { return Array(Windows1252.decode(bytes).utf8) }
        guard let encoding = LegacyEncodings.glibcName(forLabel: name) else { return nil }
        return Iconv.utf8(from: bytes, encoding: encoding)
    }

    /// WHATWG: these labels all mean windows-1252, which is decoded here without iconv.
    private static let windows1252Labels: Set<String> = [
        "iso-8859-1", "iso8859-1", "iso88591", "latin1", "l1", "windows-1252", "cp1252", "x-cp1252",
        "us-ascii", "ascii", "iso_8859-1", "iso_8859-1:1987", "cp819", "ibm819", "csisolatin1", "iso-ir-100", "ansi_x3.4-1968",
    ]

    /// The encoding older pages from `host`'s country, or else in the page's `<html lang>`, were
    /// written in, as a glibc name; nil when neither says (windows-1252 then).
    static func fallbackEncoding(forHost host: String?, bytes: [UInt8]) -> String? {
        if let ending = host?.lowercased().split(separator: ".").last, let name = LegacyEncodings.fallbackByCountry[String(ending)] {
            return name
        }
        return documentLanguage(in: bytes).flatMap(LegacyEncodings.fallback(forLanguage:))
    }

    /// The `lang` of the `<html>` tag in the first 4 KB ("ko", "zh-TW"), read by the same scan as every page.
    static func documentLanguage(in bytes: [UInt8]) -> String? {
        HTMLScan(utf8: Array(bytes.prefix(4096))).language
    }
}
