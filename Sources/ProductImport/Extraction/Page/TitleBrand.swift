import Foundation
import HTML

/// A brand read off the page title when nothing on the page is labelled as one: shops title a
/// product page "Brand Name – Shop" ("Jack & Jones PREMIUM JJIMARCO - Chino - Zalando.de"), and
/// show the brand by itself just above the name (a link or a small heading). The words before the
/// name in the title count only when an element near the name heading says exactly them, so a
/// title that starts with "Buy" or the shop's own name gives nothing.
enum TitleBrand {
    /// The brand, or nil.
    static func brand(title: String?, name: String, heading: HTMLElement?, in document: HTMLDocument, host: String?) -> String? {
        guard let title, let heading, name.count >= 2 else { return nil }
        let line = HTMLDocument.collapsingWhitespace(title)
        let wanted = HTMLDocument.collapsingWhitespace(name)
        guard let found = line.range(of: wanted), found.lowerBound > line.startIndex else { return nil }
        let before = line[..<found.lowerBound].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "-–—|:·,")))
        guard let brand = BrandText.clean(before), brand.count >= 2, !ShopName.names(Substring(brand), host: host), !notBrands.contains(brand.lowercased()) else { return nil }
        // The confirming element sits just before the heading (or just after it, in a byline).
        let lower = max(0, heading.index - 80), upper = min(document.elements.count, heading.subtreeEnd + 20)
        for index in lower..<upper where index < heading.index || index >= heading.subtreeEnd {
            let element = document.elements[index]
            if element["title"].map(HTMLDocument.collapsingWhitespace) == brand || element["alt"].map(HTMLDocument.collapsingWhitespace) == brand {
                return brand
            }
            guard element.subtreeEnd - element.index <= 6, document.textFits(element, utf8Bytes: brand.utf8.count + 8) else { continue }
            if document.text(of: element) == brand { return brand }
        }
        return nil
    }

    /// Words titles start with that are not brands.
    private static let notBrands: Set<String> = [
        "buy", "shop", "sale", "new", "neu", "online", "kaufen", "acheter", "comprar", "acquista", "home", "start", "startseite",
        "offer", "angebot", "deal", "outlet", "men", "women", "herren", "damen", "homme", "femme", "hombre", "mujer", "uomo", "donna",
    ]
}
