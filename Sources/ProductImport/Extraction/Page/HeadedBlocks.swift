import HTML

/// Blocks of other products that only their heading names: `<h3>Related Products</h3><div class="row">…tiles…</div>`
/// (OpenCart), PrestaShop's "You might also like", where no id or class says so. Their prices and pictures
/// are other products'. Found once per page.
struct HeadedBlocks {
    /// Element index ranges, each from a heading to the end of the block it opens.
    private(set) var ranges: [Range<Int>] = []

    /// The blocks of `document`; one that would hold `anchor` (the product's name) is not a block of others.
    init(in document: HTMLDocument, anchor: HTMLElement?) {
        for tag in ["h2", "h3", "h4", "h5", "h6"] {
            for heading in document.elements(named: tag) where Self.namesOtherProducts(heading, document) { add(heading) }
        }
        // Older shops head the block with a cell or a line classed as a title (`<td class="titles">Related Items</td>`).
        for tag in ["td", "div", "p", "span", "strong"] {
            for heading in document.elements(named: tag) where Self.titleLabels.matches(heading) && Self.namesOtherProducts(heading, document) {
                add(heading)
            }
        }

        func add(_ heading: HTMLElement) {
            let range = Self.block(openedBy: heading, in: document)
            if let anchor, range.contains(anchor.index) { return }
            ranges.append(range)
        }
    }

    private static let titleLabels = AttributeWords(["title", "heading", "headline"], in: ["class"])

    /// Whether `element` sits in one of the blocks.
    func contains(_ element: HTMLElement) -> Bool {
        ranges.contains { $0.contains(element.index) }
    }

    /// From the heading to the end of its parent, or of a nearer ancestor's parent when the heading sits
    /// alone in a small wrapper (`<div class="title"><h2>You may also like</h2></div><ul>…</ul>`).
    private static func block(openedBy heading: HTMLElement, in document: HTMLDocument) -> Range<Int> {
        var container = heading.parent
        var depth = 0
        while let index = container, document.elements[index].subtreeEnd - heading.subtreeEnd < 3, depth < 3,
              let up = document.elements[index].parent {
            container = up
            depth += 1
        }
        let end = container.map { document.elements[$0].subtreeEnd } ?? heading.subtreeEnd
        return heading.index..<max(end, heading.subtreeEnd)
    }

    private static func namesOtherProducts(_ heading: HTMLElement, _ document: HTMLDocument) -> Bool {
        guard document.textFits(heading, utf8Bytes: 80) else { return false }
        let text = HTMLDocument.collapsingWhitespace(document.text(of: heading)).lowercased()
        return !text.isEmpty && phrases.contains(where: text.includes)
    }

    /// How shops head a block of other products, in the languages the importer reads.
    private static let phrases = [
        "related products", "related items", "you may also like", "you might also like", "you may like", "you might like",
        "customers also bought", "customers also viewed", "customers who bought", "customers who viewed", "frequently bought together",
        "recently viewed", "similar products", "similar items", "complete the look", "shop the look", "more from this",
        "ähnliche produkte", "ähnliche artikel", "das könnte dir auch gefallen", "das könnte ihnen auch gefallen", "kunden kauften auch",
        "zuletzt angesehen", "passende artikel", "produits similaires", "vous aimerez aussi", "vous aimerez peut-être",
        "vous pourriez aussi aimer", "articles similaires", "produits associés", "récemment consultés", "productos relacionados",
        "productos similares", "también te puede gustar", "te puede interesar", "prodotti correlati", "prodotti simili",
        "potrebbe piacerti", "ti potrebbe interessare", "produtos relacionados", "produtos semelhantes", "você também pode gostar",
        "gerelateerde producten", "vergelijkbare producten", "misschien ook leuk", "podobne produkty", "polecane produkty",
        "może ci się spodobać", "klienci kupili również", "liknande produkter", "du kanske också gillar",
        "相關商品", "相关商品", "推薦商品", "推荐商品", "猜你喜歡", "猜你喜欢", "看了又看", "関連商品", "おすすめ商品",
        "この商品を見た人", "最近チェックした", "관련 상품", "관련상품", "추천 상품", "추천상품", "함께 본 상품", "최근 본 상품",
    ]
}
