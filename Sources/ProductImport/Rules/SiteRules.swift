import Foundation
import Synchronization
import HTML
import JSON
import Selectors

/// Per-shop selectors read from `bot-config/sites.json`, so an operator can teach the importer
/// a new shop without a rebuild. Each site names host patterns and, per field, CSS selectors
/// tried in order; `selector@attribute` reads an attribute instead of the text.
public struct SiteRules: Sendable {
    /// One shop's rules.
    struct Site: Sendable {
        /// The shop's name, for logs.
        let name: String
        /// Host patterns such as `amazon.*` or `*.zalando.*`.
        let hosts: [HostPattern]
        /// Selectors per field, most specific first.
        let fields: [SiteField: [FieldSelector]]
        /// The currency this shop prices in, by the host's last labels (e.g. "ca" → CAD).
        let currencyByDomain: [String: String]
        /// Fields whose value on the page wins over structured data (`"preferPage": ["sku"]`): Otto's
        /// JSON-LD gives the style's number, its "Artikel-Nr." the variant shown. The page of such a
        /// shop is always read.
        let preferPage: Set<SiteField>
        /// Where the shop's link carries its article number (`"skuInURL": "productpage\\.(\\d{6,12})\\.html"`):
        /// a regular expression over the path whose first group is the number, upper-cased when
        /// `skuUppercase` says the shop writes it so ("jam22e004-c11" on zalando.de is "JAM22E004-C11").
        let skuInURL: String?
        let skuUppercase: Bool
        /// `skuInURL` compiled once, when the rules are loaded.
        let skuPattern: URLPattern?
        /// Words of an id or class that label blocks of the shop's pages no reader needs
        /// (`"skipBlocks": ["immersiveView"]`, Amazon's image popover), added to the scan's own: gumbo's
        /// copy leaves out their content.
        let blockWords: HTMLScan.BlockWords

        /// The selectors for `field`, empty when the site has none.
        func selectors(_ field: SiteField) -> [FieldSelector] { fields[field] ?? [] }

        /// The article number `url`'s path holds by the shop's `skuInURL`, if any.
        func sku(in url: URL) -> String? {
            let path = url.path
            guard let skuPattern, path.utf8.count <= 2_000, let found = skuPattern.firstGroup(in: path),
                  let sku = PageIdentifier.identifier(found) else { return nil }
            return skuUppercase ? sku.uppercased() : sku
        }
    }

    /// Every site in file order; the first whose host pattern matches wins.
    let sites: [Site]

    /// The `data-…` attributes the rules read (`@data-old-hires`) or test (`[data-testid=price]`), lowercase.
    var dataAttributes: Set<String> {
        var names: Set<String> = []
        for site in sites {
            for selectors in site.fields.values {
                for rule in selectors {
                    if let attribute = rule.attribute?.lowercased(), attribute.hasPrefix("data-") { names.insert(attribute) }
                    var rest = Substring(rule.selector.description.lowercased())
                    while let start = rest.range(of: "[data-") {
                        let name = rest[rest.index(after: start.lowerBound)...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                        names.insert(String(name))
                        rest = rest[start.upperBound...]
                    }
                }
            }
        }
        return names
    }

    /// No site rules: only the generic page reading applies.
    public static let none = SiteRules(sites: [])

    private init(sites: [Site]) {
        self.sites = sites
    }

    /// Reads the rules file at `url` (normally `bot-config/sites.json`).
    public static func load(contentsOf url: URL) throws(ImportError) -> SiteRules {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError(.invalidSiteRules, detail: "cannot read \(url.path): \(error)")
        }
        let json: JSON
        do {
            json = try JSON.parse(bytes: Array(data))
        } catch {
            throw ImportError(.invalidSiteRules, detail: "\(url.lastPathComponent): \(error.description)")
        }
        return try SiteRules(json: json)
    }

    /// Builds the rules from the parsed file; a bad selector or pattern names its site.
    public init(json: JSON) throws(ImportError) {
        var sites: [Site] = []
        for (order, entry) in (json["sites"]?.array ?? []).enumerated() {
            let name = entry["name"]?.string ?? "site \(order)"
            let hosts = (entry["hosts"]?.array ?? []).compactMap(\.string).map(HostPattern.init)
            guard !hosts.isEmpty else { throw ImportError(.invalidSiteRules, detail: "\(name): needs at least one host pattern") }
            var fields: [SiteField: [FieldSelector]] = [:]
            for (key, value) in entry["selectors"]?.object ?? [:] {
                guard let field = SiteField(rawValue: key) else {
                    throw ImportError(.invalidSiteRules, detail: "\(name): unknown field \"\(key)\"")
                }
                let texts = value.array?.compactMap(\.string) ?? value.string.map { [$0] } ?? []
                do {
                    fields[field] = try texts.map(FieldSelector.init)
                } catch {
                    throw ImportError(.invalidSiteRules, detail: "\(name): \(error.description)")
                }
            }
            var currencies: [String: String] = [:]
            for (domain, code) in entry["currencyByDomain"]?.object ?? [:] {
                guard let code = code.string, code.count == 3 else { continue }
                currencies[domain.lowercased()] = code.uppercased()
            }
            var preferPage: Set<SiteField> = []
            for value in entry["preferPage"]?.array ?? [] {
                guard let text = value.string, let field = SiteField(rawValue: text), [.brand, .sku, .availability, .description].contains(field),
                      fields[field] != nil else {
                    throw ImportError(.invalidSiteRules, detail: "\(name): preferPage takes brand, sku, availability or description with selectors of their own, not \(value.serialized())")
                }
                preferPage.insert(field)
            }
            let skuInURL = entry["skuInURL"]?.string
            if let skuInURL {
                // Checked once here, so a typo names its site at startup rather than failing quietly per page.
                guard skuInURL.utf8.count <= 200, (try? Regex(skuInURL)) != nil, skuInURL.contains("(") else {
                    throw ImportError(.invalidSiteRules, detail: "\(name): skuInURL must be a regular expression with a group for the number, not \"\(skuInURL)\"")
                }
            }
            var skipped: [String] = []
            for value in entry["skipBlocks"]?.array ?? [] {
                // A short word of an id or class: a one-letter word would cut most of a page.
                guard let word = value.string, (3...60).contains(word.utf8.count),
                      word.utf8.allSatisfy({ ASCIIByte.isLetter($0) || ASCIIByte.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else {
                    throw ImportError(.invalidSiteRules, detail: "\(name): skipBlocks takes words of an id or class (3 to 60 letters, digits, - or _), not \(value.serialized())")
                }
                skipped.append(word)
            }
            sites.append(Site(name: name, hosts: hosts, fields: fields, currencyByDomain: currencies, preferPage: preferPage,
                              skuInURL: skuInURL, skuUppercase: entry["skuUppercase"]?.bool ?? false,
                              skuPattern: skuInURL.flatMap(URLPattern.init), blockWords: HTMLScan.BlockWords(adding: skipped)))
        }
        self.sites = sites
    }

    /// The rules for the page's host, if any site matches.
    func site(for url: URL) -> Site? {
        guard let host = url.host?.lowercased() else { return nil }
        return sites.first { $0.hosts.contains { $0.matches(host) } }
    }

    /// How many sites the file describes.
    public var count: Int { sites.count }
}

/// The page fields a site rule can point at.
enum SiteField: String, Sendable, CaseIterable {
    case name, price, brand, sku, availability, images, sizes, colors, breadcrumb, description
}

/// A selector plus, optionally, the attribute to read instead of the element's text.
struct FieldSelector: Sendable {
    /// Which elements to read.
    let selector: Selector
    /// The attribute to read, nil for the text.
    let attribute: String?
    /// Whether the selector names an id, class or attribute of the shop's markup, not only tags
    /// every page has ("h1").
    let isSpecific: Bool

    /// Parses `"#landingImage@data-old-hires"` or plain `"#productTitle"`.
    init(_ text: String) throws(SelectorError) {
        isSpecific = text.contains { $0 == "#" || $0 == "." || $0 == "[" }
        if let at = text.lastIndex(of: "@") {
            selector = try Selector(String(text[..<at]))
            attribute = String(text[text.index(after: at)...]).lowercased()
        } else {
            selector = try Selector(text)
            attribute = nil
        }
    }
}

/// `amazon.*`, `*.zalando.*`, `www.hm.com`: `*` stands for any run of characters, and a
/// pattern also matches the host with leading labels dropped (`amazon.*` matches `www.amazon.de`).
struct HostPattern: Sendable {
    /// The lowercase pattern.
    let pattern: String
    private let bytes: [UInt8]

    /// A pattern from its text.
    init(_ text: String) {
        pattern = text.lowercased()
        bytes = Array(pattern.utf8)
    }

    /// Whether `host` (lowercase) or one of its label suffixes matches.
    func matches(_ host: String) -> Bool {
        let text = Array(host.utf8)
        var start = 0
        while start < text.count {
            if Self.glob(bytes, text[start...]) { return true }
            guard let dot = text[start...].firstIndex(of: UInt8(ascii: ".")) else { break }
            start = dot + 1
        }
        return false
    }

    /// Glob match where `*` is any run of characters within or across labels: the classic
    /// one-pass match that backs up only to the last star, so no pattern can make it slow.
    private static func glob(_ pattern: [UInt8], _ text: ArraySlice<UInt8>) -> Bool {
        var p = 0, t = text.startIndex
        var star: Int?, resume = t
        while t < text.endIndex {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

/// A site's compiled `skuInURL` expression. A `Regex` is not `Sendable`, so the one compiled copy is
/// used under a lock; a page asks it once.
final class URLPattern: Sendable {
    private let regex: Mutex<Regex<AnyRegexOutput>>

    init?(_ pattern: String) {
        guard let regex = try? Regex(pattern) else { return nil }
        self.regex = Mutex(regex)
    }

    /// The first group of the first match in `text`, nil when there is none.
    func firstGroup(in text: String) -> String? {
        regex.withLock { regex in
            guard let match = try? regex.firstMatch(in: text), match.output.count >= 2, let found = match.output[1].substring else { return nil }
            return String(found)
        }
    }
}
