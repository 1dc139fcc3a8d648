import Foundation
import HTML

/// Finds a product's identifier: in the link (Amazon ASIN, eBay item number, and the
/// patterns site rules give) or behind a label on the page ("SKU", "Art.-Nr.", "Item #", "Réf.").
enum PageIdentifier {
    /// The identifier the URL carries, if any: by the shop's own `skuInURL` rule first.
    static func fromURL(_ url: URL, site: SiteRules.Site? = nil) -> String? {
        if let sku = site?.sku(in: url) { return sku }
        let path = url.path
        let parts = path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated() {
            let next = index + 1 < parts.count ? parts[index + 1] : nil
            switch part.lowercased() {
            case "dp", "product", "d":
                // Amazon: /dp/ASIN, /gp/product/ASIN, /gp/aw/d/ASIN.
                let previous = index > 0 ? parts[index - 1].lowercased() : ""
                let amazonPath = part.lowercased() == "dp" || part.lowercased() == "product" && previous == "gp" || part.lowercased() == "d" && previous == "aw"
                if let next, isASIN(next), amazonPath {
                    return next.uppercased()
                }
            case "itm":
                // eBay: /itm/123456789012 or /itm/title-words/123456789012.
                if let number = parts[(index + 1)...].first(where: { $0.count >= 9 && $0.allSatisfy(\.isNumber) }) { return number }
            default:
                continue
            }
        }
        // Geizhals and Skinflint: /maker-model-words-a1599561.html.
        if let last = parts.last?.lowercased(), last.hasSuffix(".html"), let dash = last.range(of: "-a", options: .backwards) {
            let digits = last[dash.upperBound...].dropLast(5)
            if (5...9).contains(digits.count), digits.allSatisfy(\.isNumber) { return String(digits) }
        }
        return nil
    }

    /// The product's number in the address, for shops that show it nowhere else: the last resort. A number
    /// of 6–14 digits right after a product segment (`/product/1190485849-marmont-hill-floral-crown-skull-wood`,
    /// `/p/8958197`), or an identifier in the query (`product.do?cid=1087823&pid=790485012`, 11st's `prdNo=…`).
    static func fromAddress(_ url: URL) -> String? {
        let parts = url.path.split(separator: "/")
        guard let last = parts.last else { return fromQuery(url) }
        let page = last.hasSuffix(".html") ? last.dropLast(5) : last
        for (index, part) in parts.enumerated().dropLast() where productSegments.contains(part.lowercased()) {
            let next = parts[index + 1]
            let digits = next.prefix { $0.isASCII && $0.isNumber }
            if (6...14).contains(digits.count), digits.count == next.count || next[digits.endIndex] == "-" { return String(digits) }
            // DHgate's `/product/funny-eye-stickers/120629211.html`: the number closes the address.
            if index + 1 < parts.count - 1, (6...14).contains(page.count), page.allSatisfy({ $0.isASCII && $0.isNumber }) { return String(page) }
        }
        // CVS's `…/ihome-compact-wall-charger-prodid-937363`: the number after `prodid-`.
        if let marker = last.range(of: "prodid-", options: .backwards) {
            let digits = last[marker.upperBound...]
            if (4...14).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) { return String(digits) }
        }
        if last.hasSuffix(".html") {
            // QVC's and Costco's `…-Knit-Top.product.A294466.html`: the number after `.product.`.
            if let marker = page.range(of: ".product.") {
                let code = page[marker.upperBound...]
                if (4...20).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), code.contains(where: \.isNumber) {
                    return String(code)
                }
            }
            // adidas' `/us/wanderlust-festival-poncho/CE5145.html`: an article code in capitals closes the address.
            if (5...14).contains(page.count), page.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
               page.contains(where: \.isLetter), page.filter(\.isNumber).count >= 2 { return String(page) }
        }
        return fromQuery(url)
    }

    /// Path segments that come before a product's own number.
    private static let productSegments: Set<String> = [
        "product", "products", "p", "item", "items", "prod", "artikel", "produkt", "produit", "producto", "prodotto", "produto", "goods",
    ]

    /// The product's identifier in the address's query (`pid=`, `prdNo=`, `goodscode=`; never a bare `id=`).
    private static func fromQuery(_ url: URL) -> String? {
        guard let query = url.query, query.utf8.count <= 2_048 else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, queryNames.contains(parts[0].lowercased()) else { continue }
            let value = String(parts[1])
            guard (4...24).contains(value.utf8.count), value.utf8.contains(where: ASCIIByte.isDigit),
                  value.utf8.allSatisfy({ ASCIIByte.isDigit($0) || ASCIIByte.isLetter($0) || $0 == 0x2D || $0 == 0x5F }) else { continue }
            return value
        }
        return nil
    }

    /// Query names that hold a product's own identifier (not `id`, which pages use for anything).
    private static let queryNames: Set<String> = [
        "pid", "productid", "product_id", "prodid", "prod_id", "itemid", "item_id", "sku", "skuid", "sku_id", "articleid",
        "article_id", "artnr", "goodsno", "goods_no", "goodscode", "goods_code", "product_no", "productno", "prdno", "itemcode",
        "item_code", "itemno", "item_no",
    ]

    /// The identifier written after a known label in the page's text runs.
    static func fromLabels(in document: HTMLDocument) -> String? {
        let runs = document.texts
        // A maker's number (Model #, MPN, EAN) is the answer only when the page labels no number of the shop's own:
        // Costco and Home Depot print "Model #" before "Item" or "Store SKU #".
        var makers: String?
        func found(_ value: String, label: String) -> String? {
            guard makerLabels.contains(label) else { return value }
            makers = makers ?? value
            return nil
        }
        var index = 0
        while index < runs.count {
            let run = runs[index]
            index += 1
            // Cheap checks first: this runs over every text run of large pages. A run whose first byte after ASCII spaces is
            // ASCII and starts no label is done without looking at its characters.
            guard run.utf8.count <= 120, mayStartLabel(run), let start = run.firstIndex(where: { !$0.isWhitespace }),
                  let initial = run[start].lowercased().first, let candidates = labelsByInitial[initial] else { continue }
            // The label is looked for before anything is trimmed or copied: few runs are labels.
            let head = run[start...].prefix(longestLabel).lowercased()
            let labelled = candidates.first(where: { head.utf8.starts(with: $0.utf8) })
            guard labelled != nil || head.hasPrefix("item") && isBareItemLabel(run) else { continue }
            let label = labelled ?? "item:"
            // A bare "Code" is a label only as the whole text of a label or table cell (CS-Cart's `<label>CODE:</label>`):
            // "Code promo" is not, nor "Code: <b>WELCOME10</b> at checkout", nor a banner's `<strong>Code:</strong> SUMMER20`.
            if wholeRunLabels.contains(label), !isWholeLabel(run, label) || !isLabelElementText(index - 1, in: document) { continue }
            // "Item&nbsp;" alone before its number (Costco): the whole run is the label, and the number follows.
            let trimmed = labelled == nil ? "Item:" : run.trimmed
            let separators: (Character) -> Bool = { $0 == " " || $0 == ":" || $0 == "：" || $0 == "#" || $0 == "." || $0 == "\u{00A0}" }
            var rest = trimmed.dropFirst(label.count).drop(while: separators)
            // A label's note in brackets ("SKU (config)", Jumia's specification table) is part of the label.
            if rest.first == "(", let close = rest.prefix(24).firstIndex(of: ")") { rest = rest[rest.index(after: close)...].drop(while: separators) }
            if rest.isEmpty {
                // The value sits in the next run that is more than a colon ("<dt>SKU</dt><dd>123</dd>",
                // "<td><strong>Part No.</strong>:</td><td>H11BCVSU-BP</td>").
                var look = index
                while look < runs.count, look < index + 4, runs[look].trimmed.allSatisfy(Self.isLabelEnd) { look += 1 }
                guard look < runs.count else { continue }
                rest = Substring(runs[look].trimmed).drop { $0 == ":" || $0 == "：" || $0 == " " || $0 == "\u{200E}" || $0 == "\u{200F}" }
                // A value split into parts (`<span>5</span><span>70</span><span>307</span><span>-</span><span>720</span>`)
                // is its runs joined, as long as they run on without a space and each holds a digit or is one mark: the
                // next row's label ("Wattage") is no part.
                if identifier(String(rest)) == nil {
                    var joined = String(rest)
                    var next = look + 1
                    while next < runs.count, next < look + 8, joined.utf8.count <= 40, let part = Optional(runs[next]), !part.isEmpty,
                          part.utf8.count <= 12, !part.contains(where: \.isWhitespace), Self.mayBePart(part) {
                        joined += part
                        next += 1
                    }
                    if let value = identifier(joined), let shop = found(value, label: label) { return shop }
                }
            }
            if let value = identifier(String(rest)) ?? (codeLabels.contains(label) ? letterCode(String(rest)) : nil) {
                if let shop = found(value, label: label) { return shop }
                continue
            }
            // "SKU: Treasure Garden UM9109-3462": a shop that writes the maker before the model number, the whole line its SKU.
            if label == "sku", let value = namedModel(rest), let shop = found(value, label: label) { return shop }
            // "MUSINSA STANDARD / MSMTZ001": the brand, then the shop's number after a slash.
            if let slash = rest.range(of: " / ", options: .backwards), let value = identifier(String(rest[slash.upperBound...])),
               let shop = found(value, label: label) { return shop }
        }
        return makers
    }

    /// "Treasure Garden UM9109-3462": one to three capitalised words, then a number that is the line's last word.
    private static func namedModel(_ text: Substring) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" })
        guard text.utf8.count <= 48, (2...4).contains(words.count), let last = words.last, identifier(String(last)) == String(last),
              words.dropLast().allSatisfy({ $0.count >= 2 && $0.first!.isUppercase && $0.allSatisfy { $0.isLetter || $0 == "&" || $0 == "'" } }) else { return nil }
        return words.joined(separator: " ")
    }

    /// What may stand between a label and its value: a colon, ASCII or full-width.
    private static func isLabelEnd(_ character: Character) -> Bool {
        character == ":" || character == "："
    }

    /// A piece of a split number: it holds a digit, or it is one joining mark.
    private static func mayBePart(_ run: String) -> Bool {
        run.contains(where: \.isNumber) || run == "-" || run == "." || run == "/"
    }

    /// Labels that count only when they are the whole run, with a colon or not.
    private static let wholeRunLabels: Set<String> = ["code"]

    /// Whether `run` is `label` (lowercased) alone, with the spaces and a colon around it.
    private static func isWholeLabel(_ run: String, _ label: String) -> Bool {
        guard run.utf8.count <= 24 else { return false }
        let word = run.trimming(HTMLDocument.isWhitespace).lowercased()
        return word == label || word.hasSuffix(":") && String(word.dropLast()).trimming(HTMLDocument.isWhitespace) == label
    }

    /// Whether text run `run` is all the text of a label, a table cell or an element classed as a label. Elements come in
    /// document order, so the ones whose text starts at `run` are found by halving.
    private static func isLabelElementText(_ run: Int, in document: HTMLDocument) -> Bool {
        let elements = document.elements
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].textRuns.lowerBound < run { low = middle + 1 } else { high = middle }
        }
        while low < elements.count, elements[low].textRuns.lowerBound == run {
            let element = elements[low]
            if element.textRuns.upperBound == run + 1,
               ["label", "dt", "th", "td"].contains(element.tag) || element["class"].map({ $0.lowercased().includes("label") }) == true {
                return true
            }
            low += 1
        }
        return false
    }

    /// A run that is the word "Item" alone, with the spaces around it: a label whose number follows in its own element.
    private static func isBareItemLabel(_ run: String) -> Bool {
        run.utf8.count <= 24 && run.trimming(HTMLDocument.isWhitespace).lowercased() == "item"
    }

    /// Labels of the maker's numbers and the trade's codes, lowercased: they give way to the shop's own number.
    private static let makerLabels: Set<String> = [
        "manufacturer reference", "item model number", "herstellernummer", "hersteller-nr.", "modellnummer", "modell", "model number", "model",
        "modèle", "mpn", "ean13", "ean-13", "ean", "gtin", "upc", "janコード", "型番", "型號", "型号", "모델번호", "모델명",
    ]

    /// The article number an add-to-cart form posts in a field named for it (Joss & Main's
    /// `<form id="form-add-to-cart"><input type="hidden" name="sku" value="J001109161">`).
    static func fromCartForm(in document: HTMLDocument) -> String? {
        for form in document.elements(named: "form") where form.subtreeEnd - form.index < 2_000 {
            let label = ((form["action"] ?? "") + " " + (form["id"] ?? "") + " " + (form["name"] ?? "")).lowercased()
            guard label.includes("cart") || label.includes("basket") || label.includes("additem") else { continue }
            // Magento's add-to-cart form names the product: `<form data-product-sku="MH01" action="…/checkout/cart/add/…">`.
            if let value = form["data-product-sku"] ?? form["data-sku"], let found = identifier(value) { return found }
            for input in document.descendants(of: form) where input.tag == "input" {
                guard let name = input["name"]?.lowercased(), cartFormFields.contains(name), let value = input["value"] else { continue }
                if let found = identifier(value) { return found }
            }
            // Shopify themes' variant list: the chosen `<option selected data-sku="HB002-BU">`.
            for option in document.descendants(of: form) where option.tag == "option" && option.has("selected") {
                if let value = option["data-sku"], let found = identifier(value) { return found }
            }
        }
        return nil
    }

    /// The number in an element the markup names as the product's code and nothing else shows (worldsoccershop.com's
    /// `<div id="itemcode">#84682</div>` beside the heading): an id or class word of its own, not inside another
    /// product's tile, the menus or the footer.
    static func fromMarkedElement(in document: HTMLDocument, outside headed: HeadedBlocks) -> String? {
        for element in document.elements where element.subtreeEnd - element.index <= 2 && markedTags.contains(element.tag) {
            // The byte search first: most elements hold none of the words, and the exact test lowercases and splits.
            guard markedWordSearch.matches(element), isMarked(element["id"]) || (element["class"].map { $0.utf8.count <= 200 && $0.split(separator: " ").contains { isMarked(String($0)) } } ?? false),
                  document.textFits(element, utf8Bytes: 40) else { continue }
            let text = document.text(of: element)
            guard let value = identifier(text.hasPrefix("#") ? String(text.dropFirst()) : text), value.utf8.count * 2 >= text.utf8.count,
                  !BuyBoxPrice.inOtherProducts(element, document, headed), !BrandLabels.inPageChrome(element, document) else { continue }
            return value
        }
        return nil
    }

    private static let markedTags: Set<String> = ["span", "div", "p", "td", "dd", "strong", "b", "em", "small", "li"]

    /// Whether an id or a class word names the product's own code: "itemcode", "product-sku", "product_code_2564".
    private static func isMarked(_ word: String?) -> Bool {
        guard var word = word?.lowercased(), word.utf8.count <= 40 else { return false }
        // A record number after the word (CS-Cart's `product_code_2564`).
        while let last = word.last, last.isASCII && last.isNumber { word.removeLast() }
        if word.hasSuffix("_") || word.hasSuffix("-") { word.removeLast() }
        return markedWords.contains(word)
    }

    private static let markedWordSearch = AttributeWords(Array(markedWords), in: ["id", "class"])

    private static let markedWords: Set<String> = [
        "sku", "itemcode", "item-code", "item_code", "productcode", "product-code", "product_code", "product-sku", "product_sku",
        "productsku", "sku-value", "sku_value", "skuvalue", "itemnumber", "item-number", "item_number", "artnr", "article-number",
        "articlenumber", "article_number", "product-reference", "product_reference",
    ]

    private static let cartFormFields: Set<String> = ["sku", "product_sku", "productsku", "sku_id", "skuid", "item_sku", "itemsku"]

    /// The first token of `text` when it looks like an article number.
    static func identifier(_ text: String) -> String? {
        let token = text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "|" }).first.map(String.init) ?? ""
        let cleaned = token.trimmingCharacters(in: CharacterSet(charactersIn: ".:#()\u{200E}\u{200F}"))
        guard (3...40).contains(cleaned.count), cleaned.contains(where: \.isNumber),
              cleaned.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) }) else { return nil }
        return cleaned
    }

    /// "Part Number: EMERMUS", "Item Id: GLOWROLL": a code in capitals without a digit, taken only after a label
    /// that names the shop's own code (a model name or a bare "ID" can be a word).
    private static func letterCode(_ text: String) -> String? {
        let token = text.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        guard token.utf8.count == text.trimmed.utf8.count, (5...20).contains(token.utf8.count),
              token.utf8.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
              !placeholderCodes.contains(token) else { return nil }
        return token
    }

    private static let placeholderCodes: Set<String> = ["EMPTY", "BLANK", "UNKNOWN", "UNAVAILABLE", "UNDEFINED", "NULL", "NONE", "VARIOUS", "SELECT", "DEFAULT"]

    /// The labels (lowercased) after which a code in capitals alone is the shop's number.
    private static let codeLabels: Set<String> = [
        "sku", "item #", "item no.", "item no", "item number", "item code", "item id", "part number", "part no.", "product code", "product id",
        "style number", "style no.", "style #", "style code", "artikelnummer", "art.-nr.",
    ]

    private static func isASIN(_ text: String) -> Bool {
        text.count == 10 && text.allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) }
    }

    /// Whether the run's first byte after ASCII spaces could start a label: an ASCII letter some label starts with
    /// (in either case), or any byte outside ASCII, which is left to the character checks.
    private static func mayStartLabel(_ run: String) -> Bool {
        for byte in run.utf8 where !ASCIIByte.isSpace(byte) && byte != 0x0B {
            return byte >= 0x80 || asciiInitials[Int(byte &- 0x41 < 26 ? byte | 0x20 : byte)]
        }
        return false
    }

    /// The ASCII bytes (lowercase) labels start with.
    private static let asciiInitials: [Bool] = (0..<128).map { byte in
        labelsByInitial.keys.contains { $0.asciiValue == UInt8(byte) }
    }

    /// The lowercase labels by their first character, in the order of `labels`.
    private static let labelsByInitial: [Character: [String]] = Dictionary(grouping: labels.map { $0.lowercased() }, by: { $0.first! })
    private static let longestLabel = labels.map(\.count).max() ?? 0

    /// Labels, a longer one before any it starts with, so "Item number" wins over "Item" and "EAN13" over "EAN".
    private static let labels: [String] = [
        "Manufacturer reference", "Item model number", "Artikelnummer", "Artikel-Nr.", "Art.-Nr.", "Art. Nr.", "Artikelnr.", "Item number",
        "Item No.", "Item #", "Item no", "Item code", "Item Id", "Item:", "Style number", "Style No.", "Style #", "Style code", "Product code", "Product ID",
        "Product number", "Product No.", "Product No", "Prod. No.", "Article number", "Article No.", "Article no", "Art. no.", "Art.No.",
        "Part number", "Part No.", "Stock Code", "Stock No.", "Stock #", "ID", "Herstellernummer", "Hersteller-Nr.", "Bestellnummer", "Best.-Nr.", "Productnummer", "Número de artículo",
        "Modellnummer", "Modell", "Model number", "Model", "Modèle", "Référence", "Réf.", "Ref.", "Referencia", "Referência",
        "Code article", "Code produit", "Code", "Código", "Codice articolo", "Codice prodotto", "Codice", "Cod. articolo", "Cod. prodotto", "Cod. art.", "Cod.", "Artikelcode", "Numer katalogowy", "Kod produktu",
        "SKU", "MPN", "ASIN", "ISBN-13", "ISBN-10", "ISBN", "EAN13", "EAN-13", "EAN", "GTIN", "UPC",
        "Numéro d'article", "N° d'article", "Numero articolo", "Código do produto", "Código de producto", "Nr produktu", "Indeks",
        "Art.nr.", "Artikelnr", "Productcode", "Style", "Web ID", "Walmart #", "Store SKU", "Online Inquiries",
        // Czech and Slovak, Hungarian, Danish and Norwegian, Finnish, Romanian, Turkish, Russian and Ukrainian, Greek.
        "Kód produktu", "Kód zboží", "Katalogové číslo", "Katalógové číslo", "Objednací číslo", "Číslo produktu",
        "Cikkszám", "Termékkód", "Varenummer", "Varenr.", "Tuotenumero", "Tuotekoodi", "Cod produs", "Ürün kodu", "Stok kodu",
        "Артикул", "Код товара", "Код товару", "Κωδικός προϊόντος", "Κωδικός",
        // Japanese, Chinese and Korean shops: item number, model number, product code.
        "商品番号", "商品コード", "JANコード", "品番", "型番", "商品編號", "商品编号", "商品代碼", "商品代码", "商品貨號", "商品货号",
        "貨號", "货号", "品號", "品号", "型號", "型号", "상품번호", "상품코드", "제품번호", "모델번호", "모델명", "품번",
    ]
}
