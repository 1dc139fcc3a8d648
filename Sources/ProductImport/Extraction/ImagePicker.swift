import Foundation
import HTML

/// Turns image candidates into absolute URLs: resolved against the page, deduplicated
/// (size variants of one picture count once, the larger kept), largest first within a source.
enum ImagePicker {
    /// One chosen image and the extractor it came from.
    struct Pick {
        /// The absolute image address.
        let url: URL
        /// The extractor that found it.
        let source: ExtractionSource
        /// Its width in pixels, when known.
        let width: Int?
        /// The picture's identity, ignoring size variants.
        let key: String
    }

    /// Images from every source in trust order; a later source's copy of a picture replaces
    /// an earlier one only when both widths are known and the later one is larger.
    static func pick(_ groups: [(source: ExtractionSource, candidates: [ImageCandidate])], pageURL: URL) -> [Pick] {
        var picks: [Pick] = []
        for group in groups {
            var added: [Pick] = []
            for candidate in group.candidates {
                guard let url = resolve(candidate.url, against: pageURL) else { continue }
                let key = identity(of: url)
                let width = candidate.width ?? width(in: url)
                let pick = Pick(url: url, source: group.source, width: width, key: key)
                if let existing = picks.firstIndex(where: { $0.key == key }) {
                    if let old = picks[existing].width, let new = width, new > old { picks[existing] = pick }
                } else if let existing = added.firstIndex(where: { $0.key == key }) {
                    if (width ?? 0) > (added[existing].width ?? 0) { added[existing] = pick }
                } else {
                    added.append(pick)
                }
            }
            // Within one source the widest picture leads; unknown widths keep page order. The page reader has
            // ranked its pictures already (the product's gallery before a sidebar banner of known width).
            guard group.source != .page else {
                picks.append(contentsOf: added)
                continue
            }
            let ordered = added.enumerated().sorted { lhs, rhs in
                let left = lhs.element.width ?? 0, right = rhs.element.width ?? 0
                return left != right ? left > right : lhs.offset < rhs.offset
            }
            picks.append(contentsOf: ordered.map(\.element))
        }
        return picks
    }

    /// An absolute http(s) URL for a relative, protocol-relative or absolute reference.
    static func resolve(_ reference: String, against pageURL: URL) -> URL? {
        let trimmed = reference.trimmed.replacingOccurrences(of: " ", with: "%20")
        guard !trimmed.isEmpty, !trimmed.hasPrefix("data:"), !trimmed.hasPrefix("javascript:") else { return nil }
        if let host = schemelessHost(trimmed, pageURL: pageURL), let url = URL(string: "https://" + trimmed), url.host == host { return url }
        guard let url = URL(string: trimmed, relativeTo: pageURL)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url
    }

    /// The host a reference names without a scheme (H&M's `og:image` is `lp2.hm.com/hmgoepprod?…`): a first
    /// segment that is the page's own domain or one of its subdomains, or starts with `www.`. Anything else
    /// (`images/a.jpg`, `a.jpg`) stays a path on the page's host.
    static func schemelessHost(_ reference: String, pageURL: URL) -> String? {
        guard let slash = reference.firstIndex(of: "/"), reference.first?.isLetter == true || reference.first?.isNumber == true else { return nil }
        let segment = reference[..<slash].lowercased()
        guard !segment.contains(":"), segment.contains("."), let pageHost = pageURL.host?.lowercased() else { return nil }
        let domain = pageHost.split(separator: ".").suffix(2).joined(separator: ".")
        guard domain.contains("."), segment == domain || segment.hasSuffix("." + domain) || segment.hasPrefix("www.") else { return nil }
        return segment
    }

    /// The picture a URL shows, ignoring size parameters: the query, Shopify's `_800x`, WordPress's `-800x800`.
    static func identity(of url: URL) -> String {
        var path = url.host.map { $0 + url.path } ?? url.path
        if let range = sizeSuffix(in: path) { path.removeSubrange(range) }
        return path.lowercased()
    }

    /// A width the URL itself states: `?width=1920`, `?w=`, `?sw=` (Salesforce), `_1200x` (Shopify), `-1024x1024` (WordPress).
    static func width(in url: URL) -> Int? {
        if let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems {
            for item in items where ["width", "w", "sw", "wid", "imwidth"].contains(item.name.lowercased()) {
                if let value = item.value.flatMap({ Int($0) }) { return value }
            }
        }
        let path = url.path
        guard let range = sizeSuffix(in: path) else { return nil }
        let digits = path[range].drop { !$0.isNumber }.prefix { $0.isNumber }
        return Int(digits)
    }

    /// Where a path's size suffix is: `_800x`, `-1024x1024`, `_x600`, `_large`, `_grande@2x` and the like,
    /// right before a letters-only file extension. Read by hand, not by a regular expression: every image
    /// candidate of a page goes through here twice.
    static func sizeSuffix(in path: String) -> Range<String.Index>? {
        let bytes = Array(path.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot + 1 < bytes.count,
              bytes[(dot + 1)...].allSatisfy({ ASCIIByte.isLetter($0) }) else { return nil }
        var end = dot
        // An optional retina mark, "@2x".
        if end >= 3, bytes[end - 3] == UInt8(ascii: "@"), ASCIIByte.isDigit(bytes[end - 2]), bytes[end - 1] == UInt8(ascii: "x") { end -= 3 }
        // The token runs back to the last "_" or "-" (no alternative holds either).
        guard let separator = bytes[..<end].lastIndex(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }) else { return nil }
        let token = bytes[(separator + 1)..<end]
        guard isSizeToken(token) else { return nil }
        let utf8 = path.utf8
        return utf8.index(utf8.startIndex, offsetBy: separator)..<utf8.index(utf8.startIndex, offsetBy: dot)
    }

    /// `\d+x\d*`, `x\d+`, or one of the size words shops put in file names.
    private static func isSizeToken(_ token: ArraySlice<UInt8>) -> Bool {
        if let x = token.firstIndex(of: UInt8(ascii: "x")) {
            let before = token[..<x], after = token[(x + 1)...]
            if !before.isEmpty, before.allSatisfy(ASCIIByte.isDigit), after.allSatisfy(ASCIIByte.isDigit) { return true }
            if before.isEmpty, !after.isEmpty, after.allSatisfy(ASCIIByte.isDigit) { return true }
        }
        return sizeWords.contains(token)
    }


    private static let sizeWords: Set<ArraySlice<UInt8>> = Set(
        ["pico", "icon", "thumb", "small", "compact", "medium", "large", "grande", "original", "master"].map { Array($0.utf8)[...] })
}
