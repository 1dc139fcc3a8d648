import Foundation
import HTML

/// The address a saved page names for itself, for a page read from a file without its URL: the
/// "saved from url" comment browsers write at the top of a saved page, the canonical link, or
/// `og:url`. Site rules and the currency guess go by the shop's host, so a page read as if it
/// came from nowhere would lose both.
public enum SavedPageAddress {
    /// The first absolute http(s) address the page gives, or nil.
    public static func url(in bytes: [UInt8]) -> URL? {
        // A page names its address in the first 512 KB if anywhere.
        let text = String(decoding: bytes.prefix(512 * 1024), as: UTF8.self)
        let head = text.range(of: "</head>", options: .caseInsensitive).map { text[..<$0.lowerBound] } ?? text[...]
        if let found = savedFrom(head) { return found }
        // The head first; some saved pages (Amazon's, from scripts that rewrote them) print their
        // canonical link and metas inside the body.
        for part in head.endIndex == text.endIndex ? [head] : [head, text[...]] {
            if let found = tagAddress(part, tag: "<link", key: "rel", value: "canonical", address: "href")
                ?? tagAddress(part, tag: "<meta", key: "property", value: "og:url", address: "content") {
                return found
            }
        }
        return nil
    }

    /// `<!-- saved from url=(0047)https://… -->`: the number is the address's length.
    private static func savedFrom(_ head: Substring) -> URL? {
        guard let marker = head.prefix(4096).range(of: "saved from url=(") else { return nil }
        let afterMarker = head[marker.upperBound...]
        guard let close = afterMarker.prefix(6).firstIndex(of: ")"), let length = Int(afterMarker[..<close]),
              (10...2048).contains(length) else { return nil }
        return absolute(String(afterMarker[afterMarker.index(after: close)...].prefix(length)))
    }

    /// The `address` attribute of the first `tag` whose `key` attribute holds `value` as a word.
    private static func tagAddress(_ head: Substring, tag: String, key: String, value: String, address: String) -> URL? {
        var rest = head
        while let open = rest.range(of: tag, options: .caseInsensitive) {
            let body = rest[open.upperBound...].prefix { $0 != ">" }
            rest = rest[body.endIndex...]
            let attributes = Self.attributes(body)
            guard let named = attributes[key], named.lowercased().split(separator: " ").contains(Substring(value)),
                  let found = attributes[address].flatMap(absolute) else { continue }
            return found
        }
        return nil
    }

    /// The attributes of a tag's text after its name, lowercase names, values entity-decoded.
    private static func attributes(_ body: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var index = body.startIndex
        while index < body.endIndex {
            while index < body.endIndex, body[index].isWhitespace || body[index] == "/" { index = body.index(after: index) }
            let nameStart = index
            while index < body.endIndex, !body[index].isWhitespace, body[index] != "=", body[index] != "/" { index = body.index(after: index) }
            let name = body[nameStart..<index].lowercased()
            guard index < body.endIndex, body[index] == "=" else {
                if !name.isEmpty { result[name] = result[name] ?? "" }
                continue
            }
            index = body.index(after: index)
            var value = ""
            if index < body.endIndex, body[index] == "\"" || body[index] == "'" {
                let quote = body[index]
                index = body.index(after: index)
                let valueStart = index
                while index < body.endIndex, body[index] != quote { index = body.index(after: index) }
                value = String(body[valueStart..<index])
                if index < body.endIndex { index = body.index(after: index) }
            } else {
                let valueStart = index
                while index < body.endIndex, !body[index].isWhitespace { index = body.index(after: index) }
                value = String(body[valueStart..<index])
            }
            if !name.isEmpty, result[name] == nil { result[name] = HTMLEntities.decode(value) }
        }
        return result
    }

    private static func absolute(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2048, let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
