import Foundation

/// Turns image candidates into absolute URLs: resolved against the page, deduplicated
/// (size variants of one picture count once), largest first.
enum ImagePicker {
    /// The absolute image URLs, the widest known first, otherwise in page order.
    static func urls(for candidates: [ImageCandidate], pageURL: URL) -> [URL] {
        var kept: [(key: String, url: URL, width: Int?)] = []
        for candidate in candidates {
            guard let url = resolve(candidate.url, against: pageURL) else { continue }
            let key = identity(of: url)
            if let existing = kept.firstIndex(where: { $0.key == key }) {
                if (candidate.width ?? 0) > (kept[existing].width ?? 0) { kept[existing] = (key, url, candidate.width) }
                continue
            }
            kept.append((key, url, candidate.width))
        }
        let ordered = kept.enumerated().sorted { lhs, rhs in
            let left = lhs.element.width ?? 0, right = rhs.element.width ?? 0
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        return ordered.map(\.element.url)
    }

    /// An absolute http(s) URL for a relative, protocol-relative or absolute reference.
    static func resolve(_ reference: String, against pageURL: URL) -> URL? {
        let trimmed = reference.trimmed.replacingOccurrences(of: " ", with: "%20")
        guard !trimmed.isEmpty, !trimmed.hasPrefix("data:"), !trimmed.hasPrefix("javascript:") else { return nil }
        guard let url = URL(string: trimmed, relativeTo: pageURL)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url
    }

    /// The picture a URL shows, ignoring size parameters: `?width=800`, Shopify's `_800x`, `/w_800/`.
    static func identity(of url: URL) -> String {
        var path = url.host.map { $0 + url.path } ?? url.path
        if let range = path.range(of: #"_(\d+x\d*|\d*x\d+|pico|icon|thumb|small|compact|medium|large|grande|original|master)(@\dx)?(?=\.[a-zA-Z]+$)"#, options: .regularExpression) {
            path.removeSubrange(range)
        }
        return path.lowercased()
    }
}
