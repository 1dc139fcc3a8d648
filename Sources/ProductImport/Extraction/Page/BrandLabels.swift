import Foundation
import HTML

/// Brands a page states in words rather than in an element labelled as the brand: a
/// "Marke: BOSS" line, a specification row (`<th>Brand</th><td>Levi's</td>`,
/// `<dt>Marke</dt><dd>BOSS</dd>`), and the alt text of a brand's logo.
enum BrandLabels {
    /// The brand a label line or specification row names, outside the header, menus and footer.
    /// A row labelled as the maker ("Manufacturer", "Hersteller") counts when no row names the brand.
    static func brand(in document: HTMLDocument) -> String? {
        var maker: String?
        for element in document.elements where labelTags.contains(element.tag) {
            guard element.subtreeEnd - element.index < 8, !element.textRuns.isEmpty else { continue }
            let first = document.texts[element.textRuns.lowerBound]
            guard first.utf8.count <= 80 else { continue }
            if first.utf8.count <= 40, isLabel(first, labels) {
                guard !inPageChrome(element, document) else { continue }
                if let brand = value(after: element, in: document) { return brand }
            } else if maker == nil, first.utf8.count <= 40, isLabel(first, makerLabels) {
                guard !inPageChrome(element, document) else { continue }
                maker = value(after: element, in: document)
            } else if element.textRuns.count == 1, first.hasColon {
                // A specification line in one run: "<li>Brand: Loomworks</li>".
                let line = first.trimmed
                guard let brand = BrandText.labelled(line), !isNavigationWord(brand), !inPageChrome(element, document) else { continue }
                return brand
            }
        }
        return maker
    }

    /// The name a brand link shows as its logo: the image's alt text without "logo".
    static func logoName(in link: HTMLElement, _ document: HTMLDocument) -> String? {
        guard let image = document.descendants(of: link).first(where: { $0.tag == "img" }), let alt = image["alt"]?.trimmed,
              !alt.isEmpty else { return nil }
        let words = alt.split(separator: " ").filter { !["logo", "logotipo", "logotype"].contains($0.lowercased()) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The brand a shop's brand-store link names: Amazon's `field-lbr_brands_browse-bin=AmazonBasics` or
    /// `/AmazonBasics/b/…`, and `/stores/Acme/page/…`.
    static func brandInStoreLink(_ href: String) -> String? {
        guard href.utf8.count <= 2_048, let components = URLComponents(string: href) else { return nil }
        for item in components.queryItems ?? [] where ["field-lbr_brands_browse-bin", "field-brandtextbin", "brand"].contains(item.name.lowercased()) {
            if let value = item.value.flatMap({ BrandText.clean($0) }) { return value }
        }
        let parts = components.path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated() {
            if part == "b", index == 1 { return parts[0].removingPercentEncoding.flatMap(BrandText.clean) }
            if part == "stores", index + 1 < parts.count { return parts[index + 1].removingPercentEncoding.flatMap(BrandText.clean) }
        }
        return nil
    }

    /// Whether the element sits in the page's header, footer, a side bar or a menu (a
    /// breadcrumb trail is not a menu: it names this product's brand). A block that holds half the page or more is
    /// the layout, whatever its name says (molypoly.ru wraps everything in `<div id="fonformenu">`).
    static func inPageChrome(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        let layout = document.elements.count / 2
        func isChrome(_ block: HTMLElement) -> Bool {
            if block.tag == "header" || block.tag == "aside" { return PageChrome.isSites(block, document) }
            if block.tag == "footer" { return true }
            if block.tag == "nav" { return !breadcrumbLabels.matches(block) }
            return menuLabels.matches(block) && !breadcrumbLabels.matches(block) && block.subtreeEnd - block.index < layout
        }
        // The element itself counts too: a menu's `<div class="side-menu">Производитель: <a>Missha</a></div>` is its own label.
        return isChrome(element) || document.ancestor(of: element, where: isChrome) != nil
    }

    /// Words a brand filter or menu entry shows instead of a brand.
    static func isNavigationWord(_ text: String) -> Bool {
        navigationWords.contains(text.lowercased())
    }

    /// The brand after a label: on the label's own line ("Marke: BOSS", `<strong>Marke:</strong> BOSS`)
    /// or in the next cell of its row (`<th>`/`<td>`, `<dt>`/`<dd>`, two spans).
    private static func value(after label: HTMLElement, in document: HTMLDocument) -> String? {
        let own = document.text(of: label)
        if own.utf8.count <= 80, let brand = BrandText.brand(in: own), !isNavigationWord(brand) { return brand }
        if let parentIndex = label.parent {
            let parent = document.elements[parentIndex]
            if ["p", "li", "div", "span"].contains(parent.tag), parent.subtreeEnd - parent.index < 8 {
                let line = document.text(of: parent)
                if line.utf8.count <= 80, let brand = BrandText.brand(in: line), !isNavigationWord(brand) { return brand }
            }
        }
        guard label.subtreeEnd < document.elements.count else { return nil }
        let next = document.elements[label.subtreeEnd]
        guard next.parent == label.parent, valueTags.contains(next.tag), next.subtreeEnd - next.index < 8 else { return nil }
        let text = document.text(of: next)
        guard text.utf8.count <= 80, !isLabel(text), let brand = BrandText.clean(text), !isNavigationWord(brand) else { return nil }
        return brand
    }

    /// The brand a byline under the name heading links to: "by <a>Levi's</a>", "von <a>Vaude</a>".
    /// Only a short line that starts with the word and holds one link, within a few elements of the
    /// heading: "Sold by", "Shipped by" and review widgets further down do not count.
    static func byline(after heading: HTMLElement, in document: HTMLDocument) -> String? {
        for element in document.elements(after: heading, count: 8) {
            guard element.subtreeEnd - element.index <= 3, !element.textRuns.isEmpty, document.textFits(element, utf8Bytes: 70) else { continue }
            let line = document.text(of: element).lowercased()
            guard bylineWords.contains(where: line.hasPrefix) else { continue }
            let links = document.descendants(of: element).filter { $0.tag == "a" }
            guard links.count == 1, let brand = BrandText.clean(document.text(of: links[0])), !isNavigationWord(brand) else { continue }
            return brand
        }
        return nil
    }

    private static let bylineWords = ["by ", "von ", "par ", "door ", "przez "]

    /// Whether `text` is a brand label alone ("Marke", "Brand:", "ブランド：").
    private static func isLabel(_ text: String, _ labels: Set<String> = labels) -> Bool {
        var word = text.trimmed
        while let last = word.last, last == ":" || last == "：" || last == " " { word.removeLast() }
        return labels.contains(word.lowercased())
    }

    private static let labelTags: Set<String> = ["th", "td", "dt", "span", "strong", "b", "p", "li", "div", "label"]
    private static let valueTags: Set<String> = ["td", "dd", "span", "div", "a", "strong", "b", "p"]
    private static let labels: Set<String> = [
        "brand", "brand name", "marke", "marque", "marca", "marchio", "merk", "marka", "märke", "varumärke", "ブランド", "品牌", "브랜드",
        "бренд", "торговая марка",
    ]
    private static let makerLabels: Set<String> = [
        "manufacturer", "hersteller", "fabricant", "fabricante", "produttore", "fabrikant", "producent", "tillverkare", "メーカー", "제조사",
        "производитель", "виробник",
    ]
    private static let navigationWords: Set<String> = [
        "brands", "all brands", "our brands", "marken", "alle marken", "marques", "toutes les marques", "marcas", "todas las marcas",
        "marchi", "merken", "alle merken", "marki", "designers", "designer", "size chart", "size guide", "sizing chart", "view all", "shop all",
        "see all", "learn more",
    ]
    private static let breadcrumbLabels = AttributeWords(PageExtractor.breadcrumbWords, in: ["class", "id", "aria-label", "itemtype"])
    private static let menuLabels = AttributeWords(["menu", "megamenu", "navigation", "navbar", "site-nav", "flyout"], in: ["class", "id", "role"])
}
