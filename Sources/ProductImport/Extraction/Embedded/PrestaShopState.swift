#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HTML

/// What a PrestaShop 1.6 product page hands its scripts as globals (`addJsDef`): `var productReference = 'BSSB';`.
/// The theme leaves the visible "Model"/"Référence" line empty for a product with combinations and lets that script
/// fill it, so the global is the reference the shopper sees.
enum PrestaShopState {
    /// The product's reference, from the first inline script that assigns `productReference` a quoted string.
    static func reference(in scripts: [HTMLScript]) -> String? {
        for script in scripts.prefix(200) where script.tag["src"] == nil {
            guard let start = offset(of: marker, in: script.source) else { continue }
            return quoted(in: script.source, after: start + marker.count)
        }
        return nil
    }

    private static let marker = Array("var productReference".utf8)

    /// Where `needle` first occurs in `bytes` (an index of `bytes`). The pages without an sku this is asked of can carry
    /// a megabyte of scripts, so `memchr` looks for the needle's rarest byte, the capital R, and only its hits are compared.
    private static func offset(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= needle.count, let anchorOffset = needle.firstIndex(of: UInt8(ascii: "R")) else { return nil }
        return bytes.withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var from = anchorOffset
            while from < haystack.count {
                guard let hit = memchr(base + from, Int32(UInt8(ascii: "R")), haystack.count - from) else { return nil }
                let anchor = UnsafeRawPointer(hit) - base
                let start = anchor - anchorOffset
                if start + needle.count <= haystack.count, needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) {
                    return bytes.startIndex + start
                }
                from = anchor + 1
            }
            return nil
        }
    }

    /// `= 'BSSB'` or `="KNB-W02"` after the name: the string, its HTML escapes decoded (the template escapes the
    /// reference for HTML), or nil for anything else (a number, an expression, an unterminated string).
    private static func quoted(in bytes: ArraySlice<UInt8>, after start: Int) -> String? {
        var cursor = start
        func skipSpaces() { while cursor < bytes.endIndex, ASCIIByte.isSpace(bytes[cursor]) { cursor += 1 } }
        skipSpaces()
        guard cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "=") else { return nil }
        cursor += 1
        skipSpaces()
        guard cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "'") || bytes[cursor] == UInt8(ascii: "\"") else { return nil }
        let quote = bytes[cursor]
        let valueStart = cursor + 1
        guard let end = bytes[valueStart..<min(bytes.endIndex, valueStart + maxLength + 1)].firstIndex(of: quote) else { return nil }
        let raw = String(decoding: bytes[valueStart..<end], as: UTF8.self)
        guard !raw.contains("\\"), !raw.contains("\n") else { return nil }
        return decoded(raw)
    }

    /// A reference longer than this is no reference.
    private static let maxLength = 64

    private static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&#039;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
