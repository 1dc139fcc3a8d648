/// The shop's own name as its host spells it, and the title tails that only say where the page is:
/// "… | Etsy", "… - ZALANDO.FR", "… bei SNIPES bestellen".
enum ShopName {
    /// The host's labels that can name the shop: "www2.hm.com" → [] (too short), "www.zalando.fr" → zalando,
    /// "shop.mango.com" → mango. The ending (.fr, .com, .co.uk) and the usual sub-domains are left out.
    static func labels(of host: String?) -> [String] {
        guard let host = host?.lowercased() else { return [] }
        return host.split(separator: ".").dropLast().map(String.init).filter { $0.count >= 3 && !ignored.contains($0) }
    }

    /// Whether `text` is the shop's name: its letters and digits are a host label, or start with one
    /// ("Zalando.de", "Etsy España", "ASOS").
    static func names(_ text: Substring, host: String?) -> Bool {
        let folded = text.lowercased().filter { $0.isLetter || $0.isNumber }
        return labels(of: host).contains { folded.hasPrefix($0) } && folded.count <= 40
    }

    /// `name` without the tails that name the shop: separator segments ("Linen shirt | Etsy") and
    /// "bei/at/chez/sur… Shop" with a "kaufen"-style verb after it. A name that is nothing but the shop stays.
    static func strippingTail(_ name: String, host: String?) -> String {
        guard !labels(of: host).isEmpty, name.utf8.count <= 600 else { return name }
        var text = Substring(name.trimmed)
        var changed = true
        while changed {
            changed = false
            for separator in separators {
                guard let found = text.byteRange(of: separator, backwards: true), found.lowerBound > text.startIndex else { continue }
                if names(text[found.upperBound...], host: host), text[..<found.lowerBound].count >= 2 {
                    text = text[..<found.lowerBound]
                    changed = true
                }
            }
            var words = text.split(separator: " ")
            while let last = words.last, words.count > 3, verbs.contains(last.lowercased()) { words.removeLast() }
            if words.count >= 3, let last = words.last, names(last, host: host), prepositions.contains(words[words.count - 2].lowercased()) {
                text = text[..<words[words.count - 2].startIndex]
                changed = true
            }
        }
        // "Acme - Linen shirt": a head that is only the shop's name, as some shops start their titles.
        for separator in separators {
            guard let found = text.byteRange(of: separator), found.lowerBound > text.startIndex else { continue }
            if isExactly(text[..<found.lowerBound], host: host), String(text[found.upperBound...]).trimmed.count >= 2 {
                text = text[found.upperBound...]
            }
            break
        }
        return String(text).trimmed
    }

    /// Whether `text` is the shop's name and nothing more: "Acme" or "acme.com" on acme.com ("Acme Denim" is not).
    private static func isExactly(_ text: Substring, host: String?) -> Bool {
        let lowered = String(text).trimmed.lowercased()
        let bare = host?.lowercased().split(separator: ".").drop { ignored.contains(String($0)) }.joined(separator: ".")
        return labels(of: host).contains(lowered.filter { $0.isLetter || $0.isNumber }) || lowered == bare
    }

    private static let ignored: Set<String> = ["www", "www2", "www3", "shop", "store", "com", "net", "org", "co", "de", "en"]
    private static let separators = [" | ", " – ", " — ", " - ", " :: ", " : ", " · "]
    private static let prepositions: Set<String> = ["bei", "at", "on", "from", "chez", "sur", "en", "su", "da", "op", "auf", "w", "na", "in"]
    private static let verbs: Set<String> = ["kaufen", "bestellen", "shoppen", "online", "acheter", "comprar", "kopen", "bestellen.", "kaufen."]
}
