import HTML

/// The product's name in an element its markup calls the product's name (`<p class=tovarfullname>`,
/// `<div class="product-name">`), for a page with no heading the title names. Only a page with one such element
/// counts: a listing labels every tile's name the same way.
enum LabelledName {
    static func element(in document: HTMLDocument) -> HTMLElement? {
        var found: HTMLElement?
        for element in document.elements where element.subtreeEnd - element.index < 8 && tags.contains(element.tag) {
            guard labels.matches(element) else { continue }
            guard !PageChrome.contains(element, document), !BuyBoxPrice.inRecommendations(element, document) else { continue }
            let text = document.text(of: element)
            guard (3...300).contains(text.count) else { continue }
            if found != nil { return nil }
            found = element
        }
        return found
    }

    private static let tags: Set<String> = ["p", "div", "span", "h2", "h3", "h4", "strong", "b", "td"]

    /// Class and id words of the product's own name: "product-name", "productTitle", "tovarfullname".
    private static let labels = AttributeWords(words, in: ["id", "class"])

    private static let words = [
        "product-name", "product_name", "productname", "product-title", "product_title", "producttitle", "item-name", "item_name",
        "itemname", "item-title", "item_title", "itemtitle", "goods-name", "goods_name", "goodsname", "fullname", "tovarname", "tovar-name",
        "tovar_name",
    ]
}
