import Foundation
import HTML

/// What a PrestaShop 1.6 product page hands its scripts as globals (`addJsDef`): `var productReference = 'BSSB';`.
/// The theme leaves the visible "Model"/"Référence" line empty for a product with combinations and lets that script
/// fill it, so the global is the reference the shopper sees.
enum PrestaShopState {
    /// The product's reference, from the first inline script that assigns `productReference` a quoted string.
    static func reference(in scripts: [HTMLScript]) -> String? {
        for script in scripts.prefix(200) where script.tag["src"] == nil {
            // The pages without an sku this is asked of can carry a megabyte of scripts: the search keys on the capital R.
            guard let start = ScriptState.find(marker, in: script.source, from: script.source.startIndex, anchor: markerAnchor) else { continue }
            return quoted(in: script.source, after: start + marker.count)
        }
        return nil
    }

    private static let marker = Array("var productReference".utf8)
    private static let markerAnchor = marker.firstIndex(of: UInt8(ascii: "R")) ?? 0

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
        return HTMLEntities.decode(raw)
    }

    /// A reference longer than this is no reference.
    private static let maxLength = 64
}
