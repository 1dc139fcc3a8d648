import Foundation
import HTML
import Selectors

/// Reads what a shopper sees when structured data is missing or thin: the shop's own
/// selectors from `sites.json` first, then generic reading of the name heading, the buy-box
/// price, brand wording, identifiers, stock words, the main picture and the variant pickers.
struct PageExtractor {
    /// The page's address: its host picks site rules and currency, its path may hold the identifier.
    let pageURL: URL
    /// The matching site's rules, if any.
    let site: SiteRules.Site?

    /// Facts from the visible page. `isProduct` holds when the page shows one product: a
    /// site-rule name, or a heading with a buy-box price and a sign of a buy box.
    func extract(from document: HTMLDocument, title: String?) -> ProductFacts {
        var facts = ProductFacts(source: .page)
        let language = document.elements.first?["lang"]
        // A site's picker selector also finds the picker's prompt ("Sélectionner la taille").
        let siteColors = all(.colors, in: document).filter { !VariantPickers.isPrompt($0) }
        // The size picker serves both the stock and the sizes; the pickers are looked for once.
        var foundPickers: (sizes: VariantPickers.Picker, colors: VariantPickers.Picker)?
        func pickers() -> (sizes: VariantPickers.Picker, colors: VariantPickers.Picker) {
            if let foundPickers { return foundPickers }
            let found = VariantPickers.pickers(in: document, colors: siteColors.isEmpty)
            foundPickers = found
            return found
        }
        func sizePicker() -> VariantPickers.Picker { pickers().sizes }
        var siteName = false
        // "Champion Legacy Cap bei SNIPES bestellen": the title's tail that names the shop goes first.
        let title = title.map { ShopName.strippingTail($0, host: pageURL.host) }
        let titleName = title.flatMap(Self.nameFromTitle)
        let heading = mainHeading(in: document, titleName: titleName, title: title) ?? titleName.flatMap { nameElement(in: document, titleName: $0) }
            ?? LabelledName.element(in: document)
        let headed = HeadedBlocks(in: document, anchor: heading)
        if let (text, rule) = firstMatch(.name, in: document) {
            // A bare "h1" at the end of a site's list is a fallback that any page satisfies; only a
            // selector naming the shop's own markup shows the page is laid out as the rule expects,
            // and for the fallback the generic heading (the one the title names) is the better pick.
            siteName = rule.isSpecific
            facts.name = rule.isSpecific ? text.cleanedText : heading.flatMap { Self.headingName($0, in: document) } ?? text.cleanedText
            siteName = siteName && facts.name != nil
        }
        if facts.name == nil, let heading { facts.name = Self.headingName(heading, in: document) }
        if let heading { facts.nameLead = Self.lead(of: heading, in: document) }
        if facts.name == nil, let title { facts.name = Self.nameFromTitle(title) }

        // A site's price selector can also match the struck-out "was" price above the one to pay
        // (amazon.fr's "Prix récent le plus bas" sits in the same `#corePrice_desktop` table).
        if let text = firstMatch(.price, in: document, skipping: { BuyBoxPrice.isStruck($0, in: document) })?.value,
           let amount = PriceParser.visibleAmount(text) {
            facts.price = amount
            facts.priceFromSiteRule = facts.price != nil
            facts.currencyShown = CurrencyGuess.namesCurrency(text)
            facts.currency = CurrencyGuess.currency(priceText: text, host: pageURL.host, language: language, siteDomains: site?.currencyByDomain ?? [:])
        } else if !siteName || site?.selectors(.price).isEmpty ?? true, let found = BuyBoxPrice.find(in: document, near: heading, outside: headed) {
            // On a page laid out as its site rule expects (the name selector matched), price selectors
            // that find nothing mean the buy box shows no price ("see all buying options"); the
            // generic search would only find other products' prices there.
            facts.price = found.amount
            facts.regularPrices = found.regular
            facts.currency = CurrencyGuess.currency(priceText: found.text, host: pageURL.host, language: language, siteDomains: site?.currencyByDomain ?? [:])
        }
        if facts.price != nil, facts.currency == nil {
            facts.currency = CurrencyGuess.currency(forHost: pageURL.host, path: pageURL.path, language: language, siteDomains: site?.currencyByDomain ?? [:])
        }

        facts.brand = first(.brand, in: document).flatMap { BrandText.brand(in: $0) ?? BrandText.clean($0) } ?? brand(in: document, outside: headed)
            ?? BrandLabels.brand(in: document)
            ?? heading.flatMap { BrandLabels.byline(after: $0, in: document) }
            ?? facts.name.flatMap { TitleBrand.brand(title: title, name: $0, heading: heading, in: document, host: pageURL.host) }
            ?? facts.name.flatMap { MakerLink.brand(name: $0, in: document, host: pageURL.host) }
            ?? facts.name.flatMap { NameBrand.brand(name: $0, in: document) }
        facts.sku = first(.sku, in: document).flatMap(PageIdentifier.identifier) ?? PageIdentifier.fromURL(pageURL, site: site) ?? PageIdentifier.fromLabels(in: document)
            ?? PageIdentifier.fromCartForm(in: document) ?? PageIdentifier.fromMarkedElement(in: document, outside: headed)
            ?? PageIdentifier.fromAddress(pageURL)
        // A comparison site's selector matches every shop's offer row: one that can be bought makes the product buyable.
        let stated = all(.availability, in: document).compactMap(AvailabilityWords.availability(in:))
        facts.availability = stated.first(where: \.isBuyable) ?? stated.first ?? availability(in: document)
        if facts.availability == nil, !siteName || site?.selectors(.availability).isEmpty ?? true {
            // As with the price: where the shop's own stock selectors find nothing on its own
            // layout, the buy box says nothing, and its buttons belong to other offers.
            // Every size marked sold out outweighs a live add-to-cart button: it has nothing left to add.
            let sizes = VariantPickers.sizeStock(of: sizePicker(), in: document)
            facts.availability = sizes == .outOfStock ? sizes : BuyButton.availability(in: document, after: heading, sizes: sizePicker())
                ?? OfferChoices.availability(in: document)
                ?? heading.flatMap { Self.stockLine(after: $0, in: document, outside: headed) }
                ?? sizes
        }
        facts.description = first(.description, in: document)?.cleanedText

        let breadcrumbs = all(.breadcrumb, in: document)
        facts.category = breadcrumbs.isEmpty ? breadcrumb(in: document) : breadcrumbs.joined(separator: " > ")
        // Amazon names the shop department last in the title ("…: Amazon.de: Kindle-Shop", "…: Amazon.de: Bücher").
        if let department = title.flatMap(Self.amazonDepartment) {
            facts.category = facts.category.map { $0 + " > " + department } ?? department
        }
        // An event page without structured data sells a ticket; the keyword rules know "tickets" as goods.
        if facts.category == nil, BuyButton.sellsTickets(in: document) { facts.category = "Event tickets" }
        let siteImages = all(.images, in: document).flatMap(imageURLs)
        facts.images = siteImages.isEmpty ? mainImages(in: document, outside: headed) : siteImages.map { ImageCandidate(url: $0) }
        let siteSizes = all(.sizes, in: document).filter { !VariantPickers.isPrompt($0) }
        for size in siteSizes.isEmpty ? sizePicker().values : siteSizes { ProductFacts.appendUnique(size, to: &facts.sizes) }
        for color in siteColors.isEmpty ? pickers().colors.values : siteColors { ProductFacts.appendUnique(color, to: &facts.colors) }

        let buySigns = facts.sku != nil || facts.availability != nil || BuyButton.exists(in: document)
        facts.isProduct = facts.name != nil && (siteName || (facts.price != nil && buySigns))
        // Prices drawn by scripts leave a bare page with its name (an h1, or a heading the title names), its
        // buttons and its article number; a sold-out product shows its sold-out state instead of a buy button.
        let soldOut = facts.availability.map { !$0.isBuyable } ?? false
        facts.showsBuyBoxWithoutPrice = !facts.isProduct && heading != nil && facts.name != nil
            && (facts.sku != nil && PageIdentifier.fromURL(pageURL, site: site) == nil || facts.availability != nil) && (soldOut || BuyButton.exists(in: document))
        return facts
    }

    /// Every `data-…` attribute the generic readers (price labels, pictures, pickers, tiles,
    /// microdata) look at. Others never reach the tree; a reader that starts using one must list it here.
    static let dataAttributesRead: Set<String> = [
        "data-testid", "data-test", "data-test-id", "data-qa", "data-price-type", "data-a-strike", "data-src", "data-srcset",
        "data-lazy-src", "data-lazy-srcset", "data-original", "data-zoom-image", "data-large-image", "data-old-hires",
        "data-a-dynamic-image", "data-option-name", "data-value", "data-availability", "data-available", "data-stock", "data-product-sku", "data-sku",
        "data-hover", "data-tooltip",
    ]

    /// The department an Amazon title ends with: "Die Argonauten eBook: Nelson: Amazon.de: Kindle-Shop" →
    /// "Kindle-Shop", "Amazon.com: The Whole Truth eBook: Baldacci: Kindle Store" → "Kindle Store".
    static func amazonDepartment(_ title: String) -> String? {
        let parts = title.components(separatedBy: ": ").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3, let amazon = parts.firstIndex(where: { $0.lowercased().hasPrefix("amazon.") }),
              let last = parts.last, parts.count - 1 != amazon, (2...40).contains(last.count) else { return nil }
        return last
    }

    /// "Linen Shirt | Acme Store" → "Linen Shirt": the part before the shop's name.
    static func nameFromTitle(_ title: String) -> String? {
        var text = title
        if let colon = text.range(of: "Amazon.", options: .caseInsensitive), colon.lowerBound == text.startIndex,
           let separator = text.range(of: ": ") {
            text = String(text[separator.upperBound...])  // "Amazon.com: Name : Category"
        }
        // A bar spaced on one side only is a separator too ("… From Mrtang, $38.17| Dhgate.Com").
        for separator in [" | ", "| ", " |", " – ", " — ", " - ", " :: ", ":: ", " : "] where text.includes(separator) {
            return text.components(separatedBy: separator).first?.cleanedText
        }
        return text.cleanedText
    }

    // MARK: Site rules

    /// The first non-empty value the site's selectors for `field` give.
    private func first(_ field: SiteField, in document: HTMLDocument) -> String? {
        firstMatch(field, in: document)?.value
    }

    /// The first non-empty value the site's selectors for `field` give, with the rule that gave it.
    private func firstMatch(_ field: SiteField, in document: HTMLDocument, skipping skipped: (HTMLElement) -> Bool = { _ in false })
        -> (value: String, rule: FieldSelector)? {
        for rule in site?.selectors(field) ?? [] {
            for element in rule.selector.select(in: document) where !skipped(element) {
                // A name element's screen-reader and hidden parts are not the name (eBay's "Details about").
                var value = rule.attribute.map { element[$0] }
                    ?? (field == .name ? HeadingText.name(of: element, in: document) : document.text(of: element))
                // A price element's `content` is the amount its split text draws ("37" "." "30", Walmart).
                if field == .price, rule.attribute == nil, element["itemprop"] == "price", let content = element["content"], !content.trimmed.isEmpty {
                    value = content
                }
                // A brand link that shows only a logo (Amazon's `<a id="brand" href="/AmazonBasics/b/…"><img alt="">`).
                if field == .brand, value?.trimmed.isEmpty ?? true, element.tag == "a" {
                    value = BrandLabels.logoName(in: element, document) ?? element["href"].flatMap(BrandLabels.brandInStoreLink)
                }
                if let value, !value.trimmed.isEmpty { return (value.trimmed, rule) }
            }
        }
        return nil
    }

    /// Every value of the first selector for `field` that gives any.
    private func all(_ field: SiteField, in document: HTMLDocument) -> [String] {
        for rule in site?.selectors(field) ?? [] {
            let values = rule.selector.select(in: document).compactMap { element -> String? in
                let value = rule.attribute.map { element[$0] } ?? document.text(of: element)
                return value.flatMap(\.cleanedText)
            }
            if !values.isEmpty { return Array(values.prefix(ProductFacts.Limits.listCount)) }
        }
        return []
    }

    /// An image attribute's URLs: a plain URL, or Amazon's `{"url": [w, h], …}` map (largest first).
    private func imageURLs(_ value: String) -> [String] {
        guard value.hasPrefix("{") else { return value.hasPrefix("data:") ? [] : [value] }
        var entries: [(url: String, width: Int)] = []
        for part in value.split(separator: "]") {
            let pieces = part.split(separator: "\"").map(String.init)
            guard let url = pieces.first(where: { $0.hasPrefix("http") }) else { continue }
            let width = Int(pieces.last?.filter(\.isNumber).prefix(5) ?? "") ?? 0
            entries.append((url, width))
        }
        return entries.sorted { $0.width > $1.width }.map(\.url)
    }

    // MARK: Generic reading

    /// The product name's heading: the first `h1` outside the header, navigation and footer, or the
    /// first such `h1` that starts with the title's name when another comes before it (a cookie
    /// banner's or a "please turn on JavaScript" heading).
    private func mainHeading(in document: HTMLDocument, titleName: String?, title: String?) -> HTMLElement? {
        let candidates = document.elements(named: "h1").filter { heading in
            let text = document.text(of: heading)
            guard (2...300).contains(text.count) else { return false }
            return !PageChrome.contains(heading, document)
        }
        // A shop's logo as a heading (`<h1 class="logo">`) names the shop, not the product.
        let named = candidates.filter { !Self.logoLabels.matches($0) }
        // A title that is a path ending in the product ("Photography :: DSLR Cameras :: Nikon D3400 Kit", CS-Cart): its
        // first segment is no name, and the heading is the segment the title holds whole, longer than that first one.
        if let title, let titleName {
            let lowered = HTMLDocument.collapsingWhitespace(title).lowercased()
            if let segment = named.first(where: { heading in
                guard let name = Self.headingName(heading, in: document)?.lowercased(), name.count > titleName.count else { return false }
                return lowered.includes(name)
            }) {
                return segment
            }
        }
        if candidates.count > 1, let titleName, titleName.count >= 3,
           let prefixed = candidates.first(where: { Self.headingName($0, in: document)?.lowercased().hasPrefix(titleName.lowercased()) == true }) {
            return prefixed
        }
        guard let first = named.first else { return nil }
        func sharesWord(_ heading: HTMLElement, _ titleName: String) -> Bool {
            HeadingText.sharesWord(Self.headingName(heading, in: document) ?? "", with: titleName)
        }
        guard let titleName, titleName.count >= 3, !sharesWord(first, titleName) else { return first }
        // Several headings, and the first shares no word with the title's name (a mobile menu's `<h1><span>Menu</span>
        // <a>ccc</a></h1>` above "Pflanzset Wildbirne Baum" under the title "Pflanzset Obst-Baum Wildbirne …"): the first
        // heading that shares one.
        if let sharing = named.dropFirst().first(where: { sharesWord($0, titleName) }) { return sharing }
        // One `h1` that shares no word with the title's name ("Newsletter") while a name element repeats that name.
        return nameElement(in: document, titleName: titleName) ?? first
    }

    private static let logoLabels = AttributeWords(["logo", "site-title", "site-name", "sitename", "brand-logo"], in: ["id", "class"])

    /// The text of the element that holds the heading's first words, when that is an element inside the heading
    /// (`<h1><a href="/skechers">SKECHERS</a> <span>Prima - Leather Laces</span></h1>` gives "SKECHERS").
    static func lead(of heading: HTMLElement, in document: HTMLDocument) -> String? {
        guard let first = document.texts[heading.textRuns].firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        // Elements come in document order, so the last one whose runs hold the first words is the innermost.
        guard let holder = document.descendants(of: heading).last(where: { $0.textRuns.contains(first) && $0.tag != "script" }),
              document.textFits(holder, utf8Bytes: 100) else { return nil }
        let text = HTMLDocument.collapsingWhitespace(document.text(of: holder))
        return text.isEmpty ? nil : text
    }

    /// A heading's text without a price printed inside it (`<h1>Rollkragenpullover <span class="price">29,99</span></h1>`).
    static func headingName(_ heading: HTMLElement, in document: HTMLDocument) -> String? {
        guard let name = HeadingText.name(of: heading, in: document) else { return nil }
        // Nike's `<h1>Nike Auralux Solid Club</h1><h2 class="exp-product-subtitle">Training Bag</h2>`: the kind of
        // product sits in a subtitle right under the name.
        guard heading.subtreeEnd < document.elements.count else { return name }
        let next = document.elements[heading.subtreeEnd]
        guard next.parent == heading.parent, ["h2", "h3", "p", "div", "span"].contains(next.tag),
              next["class"]?.lowercased().includes("subtitle") == true, document.textFits(next, utf8Bytes: 60),
              let subtitle = HeadingText.name(of: next, in: document), !subtitle.contains(where: \.isNumber) else { return name }
        return name + " " + subtitle
    }

    /// Without an `h1` (shops in Korea and Taiwan often use `h2` or a styled `div`, osCommerce a `<td class="pageHeading">`):
    /// the first `h2`/`h3`, or element labelled as a title, name or heading, whose text the page title starts with
    /// or that starts with the title's name. It names the product and anchors the price search.
    private func nameElement(in document: HTMLDocument, titleName: String) -> HTMLElement? {
        guard titleName.count >= 2 else { return nil }
        for element in document.elements where element.subtreeEnd - element.index < 8 {
            guard element.tag == "h2" || element.tag == "h3" || Self.nameLabels.matches(element) else { continue }
            let text = document.text(of: element).cleanedText ?? ""
            guard (2...300).contains(text.count), text.hasPrefix(titleName) || titleName.hasPrefix(text) && text.count * 2 >= titleName.count else { continue }
            if !PageChrome.contains(element, document) { return element }
        }
        return nil
    }

    private static let nameLabels = AttributeWords(["title", "name", "tit", "heading"], in: ["id", "class"])
    /// The elements a brand is printed in (H&M's shops put it in a `<label class="brand-name">`).
    private static let brandTags: Set<String> = ["a", "span", "div", "p", "label", "strong", "b", "h2", "h3", "h4"]

    /// A brand from byline wording, a brand link or an element labelled as the brand.
    private func brand(in document: HTMLDocument, outside headed: HeadedBlocks) -> String? {
        if let brand = Self.itempropBrand(in: document, outside: headed) { return brand }
        for element in document.elements where Self.brandTags.contains(element.tag) {
            let isBrandLink = element.tag == "a" && (element["rel"] == "brand" || Self.linksToABrand(element["href"]))
            guard isBrandLink || Self.brandLabels.matches(element) else { continue }
            let label = ((element["id"] ?? "") + " " + (element["class"] ?? "") + " " + (element["data-testid"] ?? "")).lowercased()
            guard isBrandLink || Self.brandWords.contains(where: label.includes) else { continue }
            guard element.subtreeEnd - element.index < 30, !headed.contains(element) else { continue }
            // A designer or brand filter's dropdown (`<div id="divDesignersCollectionsSub"><select>…`) names no brand of this product.
            if document.descendants(of: element).contains(where: { $0.tag == "select" }) { continue }
            // A link to a brand's page in a menu or the footer names some other brand.
            if isBrandLink, !Self.brandLabels.matches(element), BrandLabels.inPageChrome(element, document) { continue }
            var text = document.text(of: element)
            // A logo: the brand link's picture, or a linked picture a brand-labelled block calls a logo
            // ("<div class=product-brand><a href=…><img alt='Acme logo'>").
            if text.isEmpty, isBrandLink || label.includes("logo") || Self.holdsLinkedLogo(element, document) {
                text = BrandLabels.logoName(in: element, document) ?? ""
                // The shop's own logo in its header (`<div id="brand-logo">…<img alt="Let's Tango">`, Bootstrap's "brand")
                // names the shop; a shop of its own label is still its brand by `ShopBrand`.
                if ShopName.names(Substring(text), host: pageURL.host) { continue }
            }
            guard !text.isEmpty, text.count <= 120 else { continue }
            if let brand = BrandText.brand(in: text) { return brand }
            if isBrandLink || Self.brandWords.dropFirst(2).contains(where: label.includes) || label.includes("brand"), let brand = BrandText.clean(text),
               !Self.brandWords.contains(where: brand.lowercased().contains), !BrandLabels.isNavigationWord(brand) { return brand }
        }
        return nil
    }

    /// Whether the element holds a link whose picture's alt text says it is a logo.
    private static func holdsLinkedLogo(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        document.descendants(of: element).contains { link in
            link.tag == "a" && document.descendants(of: link).contains { $0.tag == "img" && ($0["alt"]?.lowercased().includes("logo") ?? false) }
        }
    }

    /// `itemprop="brand"` outside any `itemscope` (themes that mark the brand but not the product): its `content`,
    /// its own `itemprop="name"`, or its text. Not inside another product's tile or the page's chrome.
    private static func itempropBrand(in document: HTMLDocument, outside headed: HeadedBlocks) -> String? {
        for element in document.elements where element["itemprop"]?.lowercased() == "brand" && element.subtreeEnd - element.index < 10 {
            guard document.ancestor(of: element, where: { $0.has("itemscope") }) == nil,
                  !BuyBoxPrice.inOtherProducts(element, document, headed), !BrandLabels.inPageChrome(element, document) else { continue }
            let named = document.descendants(of: element).first { $0["itemprop"]?.lowercased() == "name" }
            let text = element["content"] ?? named.map { $0["content"] ?? document.text(of: $0) } ?? document.text(of: element)
            if text.count <= 60, let brand = BrandText.clean(text), !BrandLabels.isNavigationWord(brand) { return brand }
        }
        return nil
    }

    /// Stock wording from an element labelled as availability or stock.
    private func availability(in document: HTMLDocument) -> Availability? {
        var flagged: Availability?
        for element in document.elements where element.subtreeEnd - element.index < 60 && Self.stockLabels.matches(element) {
            let label = ((element["id"] ?? "") + " " + (element["class"] ?? "") + " " + (element["data-testid"] ?? "")).lowercased()
            // A block classed as the sold-out notice (DHgate's `soldout-hint`), but not a button so classed: the
            // buttons speak through `BuyButton`, which weighs them against the live ones.
            let soldOutNotice = (label.includes("soldout") || label.includes("sold-out")) && !["button", "a", "input"].contains(element.tag)
                && !Self.inChoiceOrMessage(element, document) && !BuyBoxPrice.inRecommendations(element, document)
            guard label.includes("availability") || label.includes("stock") && !label.includes("stockist") || soldOutNotice else { continue }
            // A message the shop's scripts show only in that state (Ralph Lauren's `mt-outOfStockBanner`, a modal, a tooltip).
            if Self.stateMessageWords.contains(where: label.includes) { continue }
            // A stock-labelled block around the size picker (Mango's `stock_true`) reads the picker's "8 – Not available":
            // the picker speaks for itself.
            if document.descendants(of: element).contains(where: { $0.tag == "select" }) { continue }
            // A variant's own line in its picker label (Solidus's "Size: XL, Color: Sand  Out of Stock") speaks of that variant.
            if Self.inChoiceControl(element, document) { continue }
            let text = document.text(of: element)
            guard !text.isEmpty, text.count <= 300, let found = AvailabilityWords.availability(in: text), !Self.isHidden(element, document),
                  !BuyButton.speaksOfStores(attributes: label, text: text.lowercased(), saying: found) else {
                if flagged == nil, label.includes("availability") { flagged = Self.availableFlag(element, document) }
                continue
            }
            return found
        }
        return statusNotice(in: document) ?? flagged
    }

    /// The stock a Salesforce storefront's availability block states in `data-available` while its text waits for
    /// a size ("Select Styles for Availability"). Its words, and a notice that the product is gone, come first.
    private static func availableFlag(_ element: HTMLElement, _ document: HTMLDocument) -> Availability? {
        guard let flag = element["data-available"]?.lowercased(), flag == "true" || flag == "false",
              !isHidden(element, document), !BuyBoxPrice.inRecommendations(element, document) else { return nil }
        return flag == "true" ? .inStock : .outOfStock
    }

    /// Whether the element or one of its six nearest ancestors is marked hidden until a script shows it
    /// (`hidden`, `aria-hidden`, a hiding class, or a `style` that hides it, which the scan turns into `hidden`).
    static func isHidden(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        var current: HTMLElement? = element
        var depth = 0
        while let candidate = current, depth <= 6 {
            if candidate.has("hidden") || candidate["aria-hidden"]?.lowercased() == "true" { return true }
            if let classes = candidate["class"]?.lowercased().split(separator: " "),
               classes.contains(where: { Self.hidingClasses.contains(String($0)) }) { return true }
            current = candidate.parent.map { document.elements[$0] }
            depth += 1
        }
        return false
    }

    /// A notice box at the top of the product (`role="status"` or `"alert"`) saying the article is
    /// gone ("Leider ist der gewünschte Artikel nicht mehr verfügbar."). Only states that cannot be
    /// bought count: such boxes also confirm "Added to your bag".
    private func statusNotice(in document: HTMLDocument) -> Availability? {
        for element in document.elements where element.subtreeEnd - element.index < 40 {
            guard let role = element["role"]?.lowercased(), role == "status" || role == "alert" else { continue }
            let text = document.text(of: element)
            guard !text.isEmpty, text.utf8.count <= 400, !Self.isHidden(element, document), !BrandLabels.inPageChrome(element, document) else { continue }
            // The notice must speak of the article: Amazon keeps a hidden "Bild nicht verfügbar" alert (the image).
            guard Self.articleWords.contains(text.lowercased()) else { continue }
            if let found = AvailabilityWords.availability(in: text), !found.isBuyable, found != .backOrder { return found }
        }
        return nil
    }

    /// Words a notice uses for the thing sold.
    private static let articleWords = AttributeWords([
        "artikel", "article", "item", "product", "produkt", "produit", "artículo", "articulo", "articolo", "prodotto", "artigo",
        "produto", "produkt", "towar", "商品", "상품", "제품",
    ])

    private static let galleryLabels = AttributeWords(["product", "gallery", "pdp", "media", "zoom", "main-image", "hero"], in: ["id", "class"])
    /// Label words of the element holding the brand: Shopify themes call it the vendor, fashion shops the designer.
    private static let brandWords = ["brand", "byline", "vendor", "designer", "manufacturer"]
    private static let brandLabels = AttributeWords(brandWords, in: ["id", "class", "data-testid"])
    /// Paths of a shop's brand pages, in the languages the importer reads.
    private static let brandLinks = AttributeWords([
        "/brand", "/designers/", "/designer/", "/marken/", "/marke/", "/marques/", "/marque/", "/marcas/", "/marca/", "/marchi/",
        "/merken/", "/merk/", "/marki/", "/marka/",
    ])
    private static let stockLabels = AttributeWords(["availability", "stock", "soldout", "sold-out"], in: ["id", "class", "data-testid"])

    private func breadcrumb(in document: HTMLDocument) -> String? {
        // A `<div id="breadcrumbs">` of bare links (Zappos) comes after the lists.
        let lists = document.elements(named: "nav") + document.elements(named: "ol") + document.elements(named: "ul")
        let divs = document.elements(named: "div").lazy.filter { $0.subtreeEnd - $0.index < 200 && Self.breadcrumbLabels.matches($0) }
        for candidate in lists + Array(divs) {
            let label = (candidate["aria-label"] ?? "") + " " + (candidate["class"] ?? "") + " " + (candidate["id"] ?? "") + " " + (candidate["itemtype"] ?? "")
            let lowered = label.lowercased()
            guard Self.breadcrumbWords.contains(where: lowered.includes) else { continue }
            // A product in several categories shows one trail per category (`<div id="bread_crumbs"><div class="path2">…`):
            // the first is the product's own.
            let trails = document.children(of: candidate).filter { trail in
                trail.tag == "div" && document.descendants(of: trail).contains { $0.tag == "a" }
            }
            let candidate = trails.count >= 2 ? trails[0] : candidate
            let links = document.descendants(of: candidate).filter { $0.tag == "a" || $0.tag == "li" && document.children(of: $0).isEmpty }
            let names = links.compactMap { document.text(of: $0).cleanedText }.filter { $0.count <= 60 }
            return names.isEmpty ? document.text(of: candidate).cleanedText : names.joined(separator: " > ")
        }
        return nil
    }

    /// Images inside a product or gallery container first, then any large picture;
    /// logos, icons, sprites, tracking pixels, inline placeholders and other products' pictures are
    /// skipped. Amazon-style `data-old-hires` zoom images come first, and a thumbnail linked to its
    /// full-size file gives that file.
    private func mainImages(in document: HTMLDocument, outside headed: HeadedBlocks) -> [ImageCandidate] {
        var scored: [(score: Int, candidate: ImageCandidate)] = []
        for image in document.elements(named: "img") {
            if let hires = image["data-old-hires"], hires.hasPrefix("http") {
                scored.append((1_000, ImageCandidate(url: hires)))
                continue
            }
            if let dynamic = image["data-a-dynamic-image"], let url = imageURLs(dynamic).first {
                scored.append((900, ImageCandidate(url: url)))
                continue
            }
            guard var candidate = ImageSource.best(of: image), !headed.contains(image),
                  document.ancestor(of: image, where: Self.otherProductsLabels.matches) == nil else { continue }
            if let full = Self.linkedImageFile(around: image, document) { candidate = ImageCandidate(url: full) }
            let lowered = candidate.url.lowercased()
            if ["logo", "icon", "sprite", "pixel", "spacer", "placeholder", "avatar", "badge", "flag", "payment"].contains(where: lowered.includes) { continue }
            if lowered.hasSuffix(".svg") || lowered.hasSuffix(".gif") || Self.isStandIn(file: lowered) { continue }
            if let width = candidate.width, width < 150 { continue }
            var score = min(candidate.width ?? 400, 3000) / 100
            let inProduct = document.ancestor(of: image, where: Self.galleryLabels.matches) != nil
            if inProduct { score += 50 }
            if PageChrome.contains(image, document) { score -= 100 }
            scored.append((score, candidate))
        }
        let ordered = scored.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
        return ordered.prefix(4).filter { $0.element.score > 0 }.map(\.element.candidate)
    }

    /// Blocks of other products by their id or class ("related", "recommend", "upsell"…), for pictures: a gallery
    /// is often a carousel, so the price search's wider list is not used here.
    private static let otherProductsLabels = AttributeWords(BuyBoxPrice.otherProductsBlockWords, in: ["id", "class"])

    /// A file that stands in for a picture or draws the page's controls: CVS's `no-image-available-v4.png` in a
    /// 300 px box and its `arrow-up.png`, a `loading_lg` spinner. Only the file's own name is asked (a product
    /// called "Arrow" keeps its pictures under `/arrow-shirt/`).
    static func isStandIn(file url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1).first ?? Substring(url)
        guard let name = path.split(separator: "/").last else { return false }
        if standInWords.contains(where: name.includes) { return true }
        let stem = name.prefix { $0 != "." }
        guard stem.hasPrefix("arrow") else { return false }
        return arrowParts.contains(String(stem.dropFirst(5).filter { $0 != "-" && $0 != "_" }))
    }

    /// What follows "arrow" in a control's file name: `arrow.png`, `arrow-up.png`, `arrow_right_lg.png`.
    private static let arrowParts: Set<String> = ["", "up", "down", "left", "right", "next", "prev", "previous", "back", "rightlg", "leftlg", "sm", "lg"]

    private static let standInWords = [
        "no-image", "no_image", "noimage", "not-available", "not_available", "notavailable", "image-coming-soon", "coming-soon",
        "loading", "loader", "spinner", "transparent.", "blank.",
    ]

    /// The full-size file a thumbnail links to: `<a class="thumbnail" href="…-500x500.jpg"><img src="…-228x228.jpg">`.
    private static func linkedImageFile(around image: HTMLElement, _ document: HTMLDocument) -> String? {
        guard let parent = image.parent, document.elements[parent].tag == "a",
              let href = document.elements[parent]["href"]?.trimmed, !href.isEmpty, href.utf8.count <= 2048 else { return nil }
        let path = href.split(separator: "?", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        return [".jpg", ".jpeg", ".png", ".webp", ".avif"].contains(where: path.hasSuffix) ? href : nil
    }

    /// Whether a link's path leads to a brand's page. Not its query (a size chart's `?…/brand/Columbia Golf/…`); the
    /// whole address is searched first, on the bytes, since this is asked of every link of the page.
    private static func linksToABrand(_ href: String?) -> Bool {
        guard let href, brandLinks.contains(href) else { return false }
        guard let query = href.firstIndex(of: "?") else { return true }
        return brandLinks.contains(String(href[..<query]))
    }

    /// The words of an id or class that names the breadcrumb trail (worldsoccershop.com writes `bread_crumbs`).
    static let breadcrumbWords = ["breadcrumb", "bread_crumb", "bread-crumb"]
    /// A `div` labelled as the breadcrumb, checked on the bytes: pages have thousands of `div`s.
    private static let breadcrumbLabels = AttributeWords(breadcrumbWords, in: ["id", "class", "aria-label"])

    /// Whether a sold-out notice sits in one size's or colour's choice or in a tooltip, modal or popup (Gilt's per-size
    /// "Sold Out" tooltip, Weekday's "Sold out" in every colour swatch's button): it then speaks of that choice, or of a
    /// state the page may never show.
    private static func inChoiceOrMessage(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        document.ancestor(of: element, within: 6) { ancestor in
            if ["li", "option", "button", "label"].contains(ancestor.tag) { return true }
            guard let label = ancestor["class"]?.lowercased() else { return false }
            return label.includes("swatch") || stateMessageWords.contains(where: label.includes)
        } != nil
    }

    /// The stock a short line of its own states in words in the buy box after the name heading, with no label
    /// naming it (Bose's "IN STOCK" in a `productATP` block, "Sofort lieferbar"): at most four words, not in a
    /// choice, a state message, another product's block or the page's chrome, and shown.
    private static func stockLine(after heading: HTMLElement, in document: HTMLDocument, outside headed: HeadedBlocks) -> Availability? {
        for element in document.elements(after: heading, count: 400) {
            guard stockLineTags.contains(element.tag), element.subtreeEnd - element.index <= 2, !element.textRuns.isEmpty,
                  document.textFits(element, utf8Bytes: 40) else { continue }
            var text = document.text(of: element)
            var counted: Availability?
            // `<strong>Availability: </strong>In stock<br/>`: a label, and the state in the text right after it; after
            // "Stock:" a count ("Current Stock: 67", BigCommerce) says it too.
            if Self.isStockLabel(text), element.textRuns.upperBound < document.texts.count {
                text = HTMLDocument.collapsingWhitespace(document.texts[element.textRuns.upperBound])
                if (1...6).contains(text.utf8.count), text.utf8.allSatisfy(ASCIIByte.isDigit), let count = Int(text) {
                    counted = count > 0 ? .inStock : .outOfStock
                }
            }
            guard text.utf8.count <= 40, text.split(separator: " ").count <= 4,
                  let found = counted ?? AvailabilityWords.availability(in: text) else { continue }
            guard !headed.contains(element), !BuyBoxPrice.inRecommendations(element, document), !inChoiceOrMessage(element, document),
                  !isHidden(element, document), !BrandLabels.inPageChrome(element, document) else { continue }
            return found
        }
        return nil
    }

    private static let stockLineTags: Set<String> = ["div", "span", "p", "strong", "b", "em", "dd", "td", "label", "dt", "th"]

    /// Whether a short text is a stock line's label alone ("Availability:", "Verfügbarkeit :", "재고").
    private static func isStockLabel(_ text: String) -> Bool {
        let label = text.lowercased().trimming { $0 == " " || $0 == ":" || $0 == "：" || $0 == "\u{00A0}" }
        return stockLabelWords.contains(label)
    }

    private static let stockLabelWords: Set<String> = [
        "availability", "stock", "current stock", "stock status", "in stock?", "verfügbarkeit", "lieferstatus", "lagerbestand", "lagerstatus", "disponibilité",
        "disponibilidad", "disponibilità", "disponibilidade", "beschikbaarheid", "voorraad", "dostępność", "stan magazynowy", "在庫", "在庫状況",
        "庫存", "库存", "재고", "재고현황", "наличие",
    ]

    /// Whether a `label` or `option` among the element's four nearest ancestors holds it: a choice of a picker. (A button
    /// so holding it is the buy button, which `BuyButton` reads.)
    private static func inChoiceControl(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        document.ancestor(of: element, within: 4) { $0.tag == "label" || $0.tag == "option" } != nil
    }

    /// Classes that hide an element until a script shows it; `displaynone` is Cafe24's, `hide` Bootstrap 2's.
    private static let hidingClasses: Set<String> = [
        "hidden", "a-hidden", "d-none", "is-hidden", "aok-hidden", "displaynone", "hide", "u-hidden", "u-display-none", "display-none", "invisible",
    ]

    /// Words in a stock-labelled element's id or class that make it a message for one state, drawn by scripts.
    private static let stateMessageWords = ["banner", "modal", "popup", "overlay", "tooltip", "error", "template", "waitlist"]
}
