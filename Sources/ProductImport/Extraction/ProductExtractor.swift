import Foundation
import HTML

/// Turns a product page into a draft: reads every structured-data source, takes each field
/// from the most trusted source that has it, then applies the keyword rules. Pure: no I/O.
///
/// Sources are read in order of trust. JSON-LD, meta tags and script data come from a fast
/// scan; the full HTML tree (for microdata and the visible page) is only built when the
/// earlier sources leave gaps, which keeps large pages with good JSON-LD fast.
public struct ProductExtractor: Sendable {
    /// The keyword rules that derive category, fit, warmth and colors.
    public let rules: KeywordRules
    /// Per-shop selectors for reading the visible page.
    public let sites: SiteRules

    /// The `data-…` attributes some reader looks at; gumbo is spared the others.
    let keptDataAttributes: Set<String>

    /// An extractor using `rules` (from `bot-config/keywords.json`) and `sites` (from `bot-config/sites.json`).
    public init(rules: KeywordRules, sites: SiteRules = .none) {
        self.rules = rules
        self.sites = sites
        keptDataAttributes = PageExtractor.dataAttributesRead.union(sites.dataAttributes)
    }

    /// Decodes fetched bytes (charset from the Content-Type header, the page, or sniffing with the
    /// shop's country as the fallback) and extracts.
    public func extract(bytes: [UInt8], contentType: String?, pageURL: URL) throws(ImportError) -> ProductDraft {
        // A UTF-8 page (nearly all) is scanned as it came, without a decoded copy; scripts stay
        // slices of these bytes.
        let site = sites.site(for: pageURL)
        return try extract(scan: scan(CharsetDecoder.utf8(bytes, contentType: contentType, host: pageURL.host), site: site), site: site, pageURL: pageURL)
    }

    /// Extracts the draft from page text; `pageURL` resolves relative image links.
    public func extract(html: String, pageURL: URL) throws(ImportError) -> ProductDraft {
        let site = sites.site(for: pageURL)
        return try extract(scan: scan(Array(html.utf8), site: site), site: site, pageURL: pageURL)
    }

    /// The scan of a page's UTF-8 bytes: gumbo's copy keeps only the `data-…` attributes some reader
    /// looks at, and leaves out the blocks the shop's site rule (`site`, the page's) says no reader needs.
    func scan(_ utf8: [UInt8], site: SiteRules.Site?) -> HTMLScan {
        HTMLScan(utf8: utf8, keepingDataAttributes: keptDataAttributes, blockWords: site?.blockWords ?? .standard)
    }

    /// Extracts the draft from a scanned page; `site` is the page's site rule, if any.
    private func extract(scan: HTMLScan, site: SiteRules.Site?, pageURL: URL) throws(ImportError) -> ProductDraft {
        var tree: HTMLDocument?
        func document() throws(ImportError) -> HTMLDocument {
            if let tree { return tree }
            do {
                let parsed = try HTMLDocument.parse(scan)
                tree = parsed
                return parsed
            } catch {
                throw ImportError(.unreadable, detail: error.description)
            }
        }

        // Whether the keyword rules know what kind of thing a name is; asked a few times per page, with the same name.
        var kindByName: (name: String, knows: Bool)?
        func namesKind(_ name: String) -> Bool {
            if let kindByName, kindByName.name == name { return kindByName.knows }
            let knows = rules.classify(KeywordInput(name: name)).category != nil || rules.namesGoods(name)
            kindByName = (name, knows)
            return knows
        }
        func hasGaps(_ found: [ProductFacts], strict: Bool) -> Bool {
            self.hasGaps(found, strict: strict, namesKind: namesKind)
        }

        var found: [ProductFacts] = []
        if let facts = JSONLDExtractor(pageURL: pageURL).extract(from: scan.scripts, title: scan.metas.metaContent("og:title") ?? scan.title) { found.append(facts) }
        if scan.containsMicrodata && hasGaps(found, strict: true),
           let facts = MicrodataExtractor(pageURL: pageURL).extract(from: try document()) {
            found.append(facts)
        }
        if scan.containsRDFa && hasGaps(found, strict: true),
           let facts = RDFaExtractor(pageURL: pageURL).extract(from: try document()) {
            found.append(facts)
        }
        if let facts = MetaTagExtractor().extract(from: scan.metas) { found.append(facts) }
        if hasGaps(found, strict: true), let facts = EmbeddedDataExtractor().extract(from: scan.scripts) { found.append(facts) }
        // A shop's front or search page whose share tags say "og:type product" and give no price is no product:
        // only the visible page can make it one.
        let frontOrSearch = PageGate.isHome(pageURL) || PageGate.isSearch(pageURL)
        if frontOrSearch, !found.contains(where: { $0.price != nil }),
           !found.contains(where: { $0.isProduct && $0.source != .meta }) {
            found.removeAll { $0.source == .meta }
        }
        let reader = PageExtractor(pageURL: pageURL, site: site)
        if !found.contains(where: \.isProduct) {
            // No structured data says "product": the visible page decides.
            let tree = try document()
            let page = reader.extract(from: tree, title: scan.title)
            let byAddress = PageGate.isHome(pageURL) || PageGate.isSearch(pageURL) && !(page.isProduct && PageGate.showsOneProduct(tree, at: pageURL))
            guard page.isProduct, reader.site != nil || !byAddress && !Self.listsProducts(scan) && !PageGate.sellsOnlyFromTiles(tree) else {
                let refusal = PageGate.refusal(for: tree, pageURL: pageURL, scripts: scan.scripts, tagCount: scan.tagCount)
                // A buy box without a readable price is still one product when no gate names the page as something else,
                // and so is a page drawn by scripts whose share tags name one product (`ScriptShell`).
                guard refusal.kind == .notAProduct, page.showsBuyBoxWithoutPrice && tree.first(named: "article") == nil
                        || ScriptShell.isProduct(metas: scan.metas, document: tree, pageURL: pageURL, namesKind: namesKind) else {
                    throw refusal
                }
                found.append(page)
                return try finish(found, pageURL: pageURL, scan: scan)
            }
            found.append(page)
        } else if hasGaps(found, strict: false) || Self.missesBuyBoxFields(found) || PriceChoice.disagree(found)
                    || Self.hasDecoratedName(found) || reader.site?.preferPage.isEmpty == false {
            // A page is read when its structured data leaves out a buy-box field (price, brand,
            // identifier, stock), or when its sources state different prices (the buy box decides).
            found.append(reader.extract(from: try document(), title: scan.title))
        } else if !found.contains(where: { $0.sku != nil }), let sku = PageIdentifier.fromURL(pageURL, site: reader.site) {
            // The link's ASIN or eBay item number costs nothing to read.
            var fromLink = ProductFacts(source: .page)
            fromLink.sku = sku
            found.append(fromLink)
        }
        return try finish(found, pageURL: pageURL, scan: scan)
    }

    /// Merges what the sources found into the draft.
    private func finish(_ found: [ProductFacts], pageURL: URL, scan: HTMLScan) throws(ImportError) -> ProductDraft {
        var found = found
        // PrestaShop 1.6 leaves a product's visible reference for its script to fill (`PrestaShopState`).
        if !found.contains(where: { $0.sku != nil }), let reference = PrestaShopState.reference(in: scan.scripts) {
            var facts = ProductFacts(source: .embedded)
            facts.sku = reference
            found.append(facts)
        }
        let locale = scan.metas.metaContent("og:locale") ?? scan.language
        guard var draft = merge(found, pageURL: pageURL, language: locale) else {
            throw ImportError(.notAProduct, detail: "product data without a name")
        }
        // Marketplaces in East Asia bracket the brand before the name: "【NIKE 耐吉】Air Max 90"; others mark it a
        // trademark: "LEGO® Star Wars".
        func shopBrand() -> String? {
            ShopBrand.brand(from: scan.metas, host: pageURL.host) ?? ShopBrand.brand(fromTitle: scan.title, host: pageURL.host)
                ?? ShopBrand.brand(fromName: draft.name, host: pageURL.host)
        }
        // A well-known maker's own shop ("www.bose.com"), spelled as the shop spells itself ("ARKET").
        func houseBrand() -> String? {
            guard let house = rules.brands.brand(forHost: pageURL.host) else { return nil }
            return shopBrand().flatMap { KnownBrands.sameMaker($0, house) ? $0 : nil } ?? house
        }
        if draft.brand == nil, draft.goods != "ticket", let brand = BracketBrand.brand(inName: draft.name) ?? TrademarkBrand.brand(inName: draft.name) {
            // "Tiffany Novo® Diamond Ring" on Tiffany & Co.'s own shop: the mark names the house's line, the shop is the brand.
            // On a well-known maker's own shop any mark at the name's head is its line: "Wave® music system IV" on bose.com.
            if let house = houseBrand() {
                draft.brand = house
                draft.sources[.brand] = .meta
            } else if let shop = shopBrand(), Self.firstWord(of: shop) == Self.firstWord(of: brand) {
                draft.brand = shop
                draft.sources[.brand] = .meta
            } else {
                draft.brand = brand
                draft.sources[.brand] = draft.sources[.name] ?? .page
            }
        }
        // A description that credits the name's first words ("From the Lisa Rinna Collection."): the draft's, else the meta
        // description when it is another text.
        func creditedBrand() -> String? {
            if let brand = CreditedBrand.brand(inName: draft.name, description: draft.description) { return brand }
            let metaDescription = scan.metas.metaContent("description")
            return metaDescription == draft.description ? nil : CreditedBrand.brand(inName: draft.name, description: metaDescription)
        }
        if draft.brand == nil, draft.goods != "ticket", let brand = creditedBrand() {
            draft.brand = brand
            draft.sources[.brand] = draft.sources[.name] ?? .page
        }
        // A shop of many makers may state the maker only at the name's head ("Nikon D3400 Kit 18-55 VR"): a well-known
        // maker there is the brand, before the shop's own name is taken for its label.
        if draft.brand == nil, draft.goods != "ticket", let brand = rules.brands.brand(inName: draft.name) {
            draft.brand = brand
            draft.sources[.brand] = draft.sources[.name] ?? .page
        }
        // A well-known maker's own shop names no brand on the page ("www.bose.com"): the maker is the brand.
        if draft.brand == nil, draft.goods != "ticket", let house = houseBrand() {
            draft.brand = house
            draft.sources[.brand] = .meta
        }
        // A shop of its own label names no brand on the page: the shop is the brand.
        if draft.brand == nil, draft.goods != "ticket", let brand = shopBrand() {
            draft.brand = brand
            draft.sources[.brand] = .meta
        }
        return draft
    }

    /// A brand's first word, lowercased, for telling a house's line ("Tiffany Novo") by its house ("Tiffany & Co.").
    private static func firstWord(of brand: String) -> Substring? {
        brand.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).first
    }

    /// The distinct category texts of all sources, most trusted first, as one breadcrumb-like text.
    static func joinedCategories(_ found: [ProductFacts]) -> String? {
        var parts: [String] = []
        for category in found.compactMap(\.category) where !parts.contains(category) { parts.append(category) }
        return parts.isEmpty ? nil : parts.joined(separator: " > ")
    }

    /// Whether no source gave the price, its currency, the brand, identifier or availability. With the scan's cut copy
    /// the tree costs a few milliseconds per megabyte, well under what extruct takes for the page.
    private static func missesBuyBoxFields(_ found: [ProductFacts]) -> Bool {
        !found.contains { $0.price != nil } || !found.contains { $0.currency != nil } || !found.contains { $0.brand != nil }
            || !found.contains { $0.sku != nil } || !found.contains { $0.availability != nil }
    }

    /// Whether the name comes from a meta tag that reads like a page title ("Spit Velvet Shirt - Red -
    /// Shirts - Weekday DE"): the heading the shopper sees then gives the name (see `merge`).
    private static func hasDecoratedName(_ found: [ProductFacts]) -> Bool {
        guard let named = found.first(where: { $0.name != nil }), named.source == .meta, let name = named.name else { return false }
        return PageExtractor.nameFromTitle(name) != name.cleanedText
    }

    /// Whether a share title is the heading's name with a tagline after a colon in its place: "Shisler's Private Label
    /// Dandelion Jelly: A Unique Local Flavor" beside the heading "Shisler's Private Label Dandelion Jelly (18 Oz.)".
    static func addsATagline(_ title: String, _ heading: String) -> Bool {
        guard title.utf8.count <= 300, let colon = title.range(of: ": ") else { return false }
        let head = title[..<colon.lowerBound]
        guard head.count >= 12, heading.count > head.count, heading.hasPrefix(head) else { return false }
        let rest = heading.dropFirst(head.count)
        // "Dave Holland: Prism" beside "Dave Holland Prism" is the artist and the record, no tagline.
        let tail = title[colon.upperBound...].trimmingCharacters(in: .whitespaces).lowercased()
        return (rest.hasPrefix(" ") || rest.hasPrefix(",")) && !tail.isEmpty && !rest.lowercased().includes(tail)
    }

    /// Whether `outer` is `inner` with a few words around it ("H&M Rollkragenpullover 29,99" around
    /// "Rollkragenpullover"): at most 40 characters and four words more, split at word boundaries.
    static func wraps(_ outer: String, _ inner: String) -> Bool {
        guard let range = outer.range(of: inner), outer.count - inner.count <= 40 else { return false }
        let before = outer[..<range.lowerBound], after = outer[range.upperBound...]
        guard before.isEmpty || before.last == " ", after.isEmpty || after.first == " " else { return false }
        return (before.split(separator: " ").count + after.split(separator: " ").count) <= 4
    }

    /// Whether `outer` is `inner` behind a short prefix (the brand) and before title segments set off by
    /// separators: "ARMEDANGELS JAAMES TURNTABLES - T-Shirt print - acid black/dunkelgrau - Zalando.de"
    /// around the heading "JAAMES TURNTABLES - T-Shirt print".
    static func decorates(_ outer: String, _ inner: String) -> Bool {
        guard outer.count <= 300, let range = outer.range(of: inner) else { return false }
        let before = outer[..<range.lowerBound], after = outer[range.upperBound...]
        guard before.isEmpty || before.last == " ", before.split(separator: " ").count <= 3 else { return false }
        if let last = before.split(separator: " ").last, ["-", "|", "–", "—", ":"].contains(String(last)) { return false }
        guard !after.isEmpty else { return !before.isEmpty }
        return [" - ", " | ", " – ", " — "].contains(where: { after.hasPrefix($0) }) && after.count <= 80
    }

    /// Whether `outer` is a path that ends in `inner`, the title's segments set off by separators: CS-Cart's share title
    /// "Home :: Photography :: DSLR Cameras :: Nikon D3400 Kit 18-55 VR" for the heading "Nikon D3400 Kit 18-55 VR".
    static func endsAPath(_ outer: String, _ inner: String) -> Bool {
        guard outer.count <= 400, outer.hasSuffix(inner) else { return false }
        let before = outer.dropLast(inner.count)
        return [" :: ", " > ", " » ", " / ", " | ", " - ", " – ", " — "].contains(where: { before.hasSuffix($0) })
    }

    /// Whether a share title is the heading cut short for length and decorated ("EL original he y hay
    /// calabaza / decoración de otoño / estera | Etsy" for a heading that goes on after "estera"): the part
    /// before the title's separator starts the heading, at a word boundary.
    static func cuts(_ meta: String, _ visible: String) -> Bool {
        guard let stem = PageExtractor.nameFromTitle(meta), stem != meta.cleanedText, stem.count >= 12,
              visible.count > meta.count, visible.count <= 400, visible.hasPrefix(stem), !visible.hasPrefix(meta) else { return false }
        let next = visible[visible.index(visible.startIndex, offsetBy: stem.count)]
        return next == " " || next == "," || next == "/"
    }

    /// Whether a share title is the heading in other capitals with more words after it, before a title separator
    /// ("Funny Eye Stickers Creative Eyes … Person Eye Temporary Tattoo … From Mrtang, $38.17| Dhgate.Com" for the heading
    /// "Funny Eye stickers creative Eyes … person eye", DHgate): the heading is the name the shopper sees.
    static func extends(_ meta: String, _ visible: String) -> Bool {
        guard visible.count >= 12, meta.count > visible.count, meta.utf8.count <= 400,
              PageExtractor.nameFromTitle(meta) != meta.cleanedText else { return false }
        let lowered = meta.lowercased(), heading = visible.lowercased()
        guard lowered.hasPrefix(heading), lowered.count > heading.count else { return false }
        let next = lowered[lowered.index(lowered.startIndex, offsetBy: heading.count)]
        return next == " " || next == ","
    }

    /// Whether the heading is the structured name behind the brand a source states, written as one text ("Samsung Galaxy
    /// A7 (2016) …" for Jumia's JSON-LD name "Galaxy A7 (2016) …"): the shopper reads the brand as part of the name. A
    /// heading that sets the brand apart in an element of its own (Neiman Marcus' designer link) keeps the name without it.
    static func leadsWithBrand(_ visible: String, lead nameLead: String?, _ name: String, brands: [String]) -> Bool {
        guard visible.count > name.count, visible.utf8.count <= 300, visible.hasSuffix(name) else { return false }
        let head = visible.dropLast(name.count)
        guard head.last == " " else { return false }
        let lead = head.dropLast().lowercased()
        guard !lead.isEmpty, brands.contains(where: { $0.lowercased() == lead }) else { return false }
        return nameLead?.lowercased() != lead
    }

    /// Whether a meta title is the shop's own slogan rather than the product's ("Overstock.com: Online
    /// Shopping - Bedding, Furniture, …" on every page): it names the shop's host and shares no word
    /// with the heading the shopper sees.
    static func namesOnlyTheShop(_ meta: String, besides visible: String, host: String?) -> Bool {
        let shop = ShopName.labels(of: host).filter { $0.count >= 4 }
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter { $0.count >= 3 }.map(String.init))
        }
        let metaWords = words(meta)
        guard shop.contains(where: { label in metaWords.contains { $0.hasPrefix(label) } }) else { return false }
        return metaWords.isDisjoint(with: words(visible))
    }

    /// Whether the page's JSON-LD declares a list of products (a category or collection page).
    private static func listsProducts(_ scan: HTMLScan) -> Bool {
        scan.scripts.contains(where: \.declaresProductList)
    }

    /// Whether lower-trust sources could still add something. Strict also asks for price, brand,
    /// description and colors, which only structured sources carry; the visible page only fills
    /// the basics. Offered sizes alone do not justify parsing a large script blob.
    /// `namesKind` tells whether the keyword rules know what a name is (a garment's category or goods).
    private func hasGaps(_ found: [ProductFacts], strict: Bool, namesKind: (String) -> Bool) -> Bool {
        func has(_ check: (ProductFacts) -> Bool) -> Bool { found.contains(where: check) }
        guard let name = found.lazy.compactMap(\.name).first, has({ !$0.images.isEmpty }) else { return true }
        // A name whose head says "toaster" is goods whatever the breadcrumb says, so the tree has nothing to add.
        let knowsKind = has({ $0.category != nil }) || namesKind(name)
        if !knowsKind { return true }
        guard strict else { return false }
        return !has({ $0.price != nil }) || !has({ $0.brand != nil }) || !has({ $0.description != nil })
            || !has({ !$0.colors.isEmpty })
    }

    /// Takes each field from the first (most trusted) source that has it. A price no source gives
    /// a currency for gets the one its printed sign means on the shop's domain, else the one the
    /// domain or `language` (og:locale) implies.
    func merge(_ found: [ProductFacts], pageURL: URL, language: String? = nil) -> ProductDraft? {
        func pick<Value>(_ value: (ProductFacts) -> Value?) -> (Value, ExtractionSource)? {
            for facts in found { if let value = value(facts) { return (value, facts.source) } }
            return nil
        }
        guard var (name, nameSource) = pick(\.name) else { return nil }
        // "… | Etsy", "… bei SNIPES bestellen": a share title's tail that only names the shop.
        let original = name
        if nameSource == .meta { name = ShopName.strippingTail(name, host: pageURL.host) }
        // og:title often adds the shop ("Name - New on Blu-ray | FYE"), the brand or the price ("H&M Rollkragenpullover
        // 29,99"); the heading a shopper sees does not.
        let page = found.first(where: { $0.source == .page })
        if let visible = page?.name,
           name.count > visible.count && name.hasPrefix(visible)
            && [" - ", " | ", " – ", " — ", " : "].contains(where: { name.dropFirst(visible.count).hasPrefix($0) })
            || nameSource == .meta && visible.count >= 3
            && (name.count > visible.count && (Self.wraps(name, visible) || Self.decorates(name, visible) || Self.endsAPath(name, visible))
                || Self.namesOnlyTheShop(name, besides: visible, host: pageURL.host) || Self.cuts(original, visible)
                || Self.extends(original, visible) || Self.addsATagline(name, visible))
            || Self.leadsWithBrand(visible, lead: page?.nameLead, name, brands: found.compactMap(\.brand)) {
            name = visible
            nameSource = .page
        }
        var draft = ProductDraft(name: name, pageURL: pageURL)
        draft.sources[.name] = nameSource
        let site = sites.site(for: pageURL)
        let preferPage = site?.preferPage ?? []
        func set<Value>(_ keyPath: WritableKeyPath<ProductDraft, Value?>, _ field: DraftField, _ value: (ProductFacts) -> Value?) {
            // The shop's rule may say its page is right where its structured data is not.
            if let siteField = SiteField(rawValue: field.rawValue), preferPage.contains(siteField),
               let visible = found.first(where: { $0.source == .page }).flatMap(value) {
                draft[keyPath: keyPath] = visible
                draft.sources[field] = .page
                return
            }
            guard let (found, source) = pick(value) else { return }
            draft[keyPath: keyPath] = found
            draft.sources[field] = source
        }
        set(\.brand, .brand, \.brand)
        set(\.description, .description, \.description)
        set(\.sku, .sku, \.sku)
        set(\.availability, .availability, \.availability)
        set(\.material, .material, \.material)
        // Price and currency travel together so a price never gets another source's currency
        // while that source has its own.
        let priceChoice = PriceChoice.choose(found)
        if let choice = priceChoice {
            draft.price = choice.price
            draft.sources[.price] = choice.source
            if let currency = choice.currency {
                draft.currency = currency.code
                draft.sources[.currency] = currency.source
            }
        }
        if draft.price != nil, draft.currency == nil {
            let siteDomains = site?.currencyByDomain ?? [:]
            if let sign = priceChoice?.sign, let guessed = CurrencyGuess.currency(priceText: sign, host: pageURL.host, language: language, siteDomains: siteDomains) {
                draft.currency = guessed
                draft.sources[.currency] = draft.sources[.price]
            } else if let guessed = CurrencyGuess.currency(forHost: pageURL.host, path: pageURL.path, language: language, siteDomains: siteDomains) {
                draft.currency = guessed
                draft.sources[.currency] = .page
            }
        }
        if let (sizes, source) = pick({ $0.sizes.isEmpty ? nil : $0.sizes }) {
            draft.sizes = sizes
            draft.sources[.sizes] = source
        }
        // Structured sources pool their pictures; the visible page only helps when they have none.
        let structured = found.filter { $0.source != .page }.map { (source: $0.source, candidates: $0.images) }
        var images = ImagePicker.pick(structured, pageURL: pageURL)
        if images.isEmpty {
            images = ImagePicker.pick(found.filter { $0.source == .page }.map { ($0.source, $0.images) }, pageURL: pageURL)
        }
        draft.images = images.map(\.url)
        if let first = images.first { draft.sources[.images] = first.source }

        let colorFacts = found.first { !$0.colors.isEmpty }
        let input = KeywordInput(
            name: name,
            // Every source's category joins in: the breadcrumb, the shop's product type, the Google category.
            category: Self.joinedCategories(found),
            material: draft.material,
            description: draft.description,
            colorNames: colorFacts?.colors ?? [])
        let classification = rules.classify(input)
        let colorSource = classification.colorsFromColorNames ? colorFacts?.source ?? .keywords : .keywords
        draft.apply(classification, source: .keywords, materialSource: .keywords, colorSource: colorSource)
        // A structured Book or Movie, or a book number as the identifier, settles it: the page sells
        // a book, whatever garment its title names.
        let isBookNumber = draft.sku.map { BookNumber.isBookNumber($0, tenDigits: pageURL.host?.lowercased().contains("amazon.") == true) } ?? false
        if let kind = found.lazy.compactMap(\.goodsKind).first ?? (isBookNumber ? "book" : nil) {
            draft.goods = kind
            draft.category = nil
            draft.subcategory = nil
            draft.sources[.category] = nil
            draft.sources[.subcategory] = nil
        }
        return draft
    }
}
