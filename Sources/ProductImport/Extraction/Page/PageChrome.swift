import HTML

/// The page's own chrome: the site header, navigation, footer and side bars, whose links, buttons and
/// headings belong to the shop, not to the product. A `header` or an `aside` is the site's only when nothing
/// marks it as the product's: HTML also heads an article or a product block with one (Joss & Main's
/// `ProductDetailInfoBlock-header` holds the name, its `StickyContainer-header` the add-to-cart button), and
/// Barnes & Noble sets its buy box beside the pictures in `<aside id="prodInfoContainer">`.
enum PageChrome {
    /// Whether `element` sits inside the site's header, a `nav`, a `footer` or the site's `aside`.
    static func contains(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        document.ancestor(of: element) { chromeTags.contains($0.tag) && ($0.tag != "header" && $0.tag != "aside" || isSites($0, document)) } != nil
    }

    private static let chromeTags: Set<String> = ["header", "nav", "footer", "aside"]

    /// Whether a `header` or `aside` element is the site's: not labelled as the product's, and not inside an
    /// article or a block labelled as the product's details or its add-to-cart form.
    static func isSites(_ block: HTMLElement, _ document: HTMLDocument) -> Bool {
        if productLabels.matches(block) { return false }
        return document.ancestor(of: block) { $0.tag == "article" || productLabels.matches($0) } == nil
    }

    private static let productLabels = AttributeWords([
        "pdp", "product-detail", "productdetail", "product_detail", "product-info", "productinfo", "product_info", "prodinfo", "prod-info",
        "buybox", "buy-box",
        "add-to-cart", "addtocart", "add_to_cart",
    ], in: ["id", "class"])
}
