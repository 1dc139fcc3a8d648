import HTML

/// Finds the price a buyer pays now, next to the product name: elements labelled as a price,
/// minus crossed-out "was" prices, unit prices, shipping fees, installments and the prices of
/// recommended products further down the page.
enum BuyBoxPrice {
    /// A visible price and the text it was read from.
    struct Found {
        /// The amount.
        let amount: Double
        /// The text it came from, for the currency.
        let text: String
        /// The crossed-out or "was" amounts in its price block: the regular price a sale is reduced from.
        var regular: [Double] = []
    }

    /// The best price candidate, scored by closeness to `anchor` (the product name's element), outside the
    /// blocks of other products that `headed` names by their heading.
    static func find(in document: HTMLDocument, near anchor: HTMLElement?, outside headed: HeadedBlocks) -> Found? {
        var best: (score: Int, index: Int, found: Found)?
        for element in document.elements where !skippedTags.contains(element.tag) {
            guard let label = priceLabel(element) else { continue }
            if excluded(label) || inCrossedOut(element, document) || holdsLabelledPrice(element, document) { continue }
            // Another product's price (a recommendation tile, the mini cart) is never this one's, not even as a last resort.
            if inOtherProducts(element, document, headed) { continue }
            let text: String
            if let content = element["content"], element["itemprop"] == "price" {
                text = content
            } else {
                guard document.textFits(element, utf8Bytes: 60) else { continue }
                text = withSplitCents(afterNowWord(textOutsideStruck(element, document)), after: element, document)
            }
            guard text.utf8.count <= 60, let amount = PriceParser.visibleAmount(text), amount > 0, !namesOldPrice(text),
                  !introducedAsOld(element, document), !inInstallmentLine(element, document) else { continue }
            var currencyText = text
            if PriceParser.currency(text) == nil, element["itemprop"] != "price" {
                // "<span class=sale_price>29,000</span><span>원</span>": the symbol sits beside the amount.
                if let beside = currencyBeside(element, document) {
                    currencyText = beside
                } else if !PriceParser.isLocalNotation(text) && !(preferred.contains(where: label.includes) && hasCents(text.trimmed)) {
                    // A bare amount counts only in cents under a class that calls it the price to pay (Roller's
                    // `<span class="currentPrice">69.<sup>99</sup></span>`, no sign anywhere): the shop's domain gives the currency.
                    continue
                }
            }
            var score = 0
            if let anchor {
                let distance = element.index - anchor.index
                score = distance >= 0 ? 2_000 - min(distance, 2_000) : 1_000 - min(-distance, 1_000)
            } else {
                score = 2_000 - min(element.index / 10, 2_000)
            }
            // A class that says sale or current, or the amount's own words ("Now $52.00" beside Gap's struck "$64.95").
            if preferred.contains(where: label.includes) || namesCurrentPrice(text) { score += 300 }
            // "regular" and "normal" name the price to pay when there is no sale (Magento 1's `regular-price`, Dawn's
            // `price-item--regular`) and the old one when there is: any other price beats them.
            if regularLabels.contains(where: label.includes) { score -= 500 }
            if element["itemprop"] == "price" { score += 200 }
            if best == nil || score > best!.score { best = (score, element.index, Found(amount: amount, text: currencyText)) }
        }
        if let anchor, let headline = fromPrice(in: document, after: anchor, before: best?.index, outside: headed) { return headline }
        guard var found = best?.found, let index = best?.index else { return anchor.flatMap { unlabelled(in: document, after: $0, outside: headed) } }
        found.regular = regularAmounts(around: document.elements[index], in: document).filter { $0 > found.amount }
        return found
    }

    /// `<div>Was: <span class="price">$120.00</span></div>` (BigCommerce): the words that call the amount old sit in
    /// the parent, before the element's own text, with no other amount between.
    private static func introducedAsOld(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        guard let parent = element.parent else { return false }
        let block = document.elements[parent]
        var before = ""
        for run in block.textRuns.lowerBound..<element.textRuns.lowerBound {
            before += document.texts[run]
            if before.utf8.count > 40 { return false }
        }
        guard !before.isEmpty, !hasDigit(before) else { return false }
        let lowered = before.lowercased()
        return oldPriceWords.contains(where: lowered.includes)
    }

    /// "Starting at <span class="affirm-ala-price">$11</span>/month with Affirm": an amount its line says is paid
    /// per month.
    private static func inInstallmentLine(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        guard let parent = element.parent, document.textFits(document.elements[parent], utf8Bytes: 120) else { return false }
        let line = document.text(of: document.elements[parent]).lowercased()
        return installmentWords.contains(where: line.includes)
    }

    private static let installmentWords = [
        "/month", "per month", "a month", "/mo.", "/mo ", "pro monat", "/monat", "im monat", "par mois", "/mois", "al mes", "/mes",
        "al mese", "/mese", "per maand", "/maand", "/miesiąc", "miesięcznie", "月々", "每月", "分期", "할부",
    ]

    /// "39." in one element and "99" in the next (Mango draws the whole part and the cents apart): the amount
    /// with its cents. Any other text is returned as it is.
    private static func withSplitCents(_ text: String, after element: HTMLElement, _ document: HTMLDocument) -> String {
        guard let last = text.utf8.last, element.subtreeEnd < document.elements.count else { return text }
        var next = document.elements[element.subtreeEnd]
        guard next.parent == element.parent, document.textFits(next, utf8Bytes: 8) else { return text }
        if last == 0x2E || last == 0x2C {
            let cents = document.text(of: next).trimmed
            guard (1...2).contains(cents.utf8.count), cents.utf8.allSatisfy(ASCIIByte.isDigit) else { return text }
            return text + cents
        }
        // Walmart's "37" "." "30" and Home Depot's `price__dollars` "31" beside `price__cents` "57": a whole amount whose
        // cents come after it, behind a mark of their own or classed as cents.
        guard ASCIIByte.isDigit(last), !hasCents(text) else { return text }
        var mark = centsMark(after: text)
        let shown = document.text(of: next)
        if shown == "." || shown == "," {
            mark = shown
            guard next.subtreeEnd < document.elements.count else { return text }
            next = document.elements[next.subtreeEnd]
            guard next.parent == element.parent, document.textFits(next, utf8Bytes: 4) else { return text }
            let cents = document.text(of: next)
            guard cents.utf8.count == 2, cents.utf8.allSatisfy(ASCIIByte.isDigit) else { return text }
            return text + mark + cents
        }
        return isCents(next, document) ? text + mark + shown : text
    }

    /// Whether an amount's text already ends in cents: two digits after its last point or comma ("39.99", "1.299,00").
    private static func hasCents(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let mark = bytes.lastIndex(where: { $0 == 0x2E || $0 == 0x2C }) else { return false }
        let after = bytes[(mark + 1)...].prefix(while: ASCIIByte.isDigit)
        return after.count == 2 && bytes.count == mark + 3
    }

    /// The crossed-out or "was" amounts in the price block around `element` (the element itself, or one
    /// of its three nearest ancestors of at most 60 elements): `<s>49,95 €</s> <span class="price--sale">39,95 €</span>`.
    static func regularAmounts(around element: HTMLElement, in document: HTMLDocument) -> [Double] {
        var current: Int? = element.index
        var depth = 0
        while let index = current, depth <= 3 {
            let block = document.elements[index]
            guard block.subtreeEnd - block.index <= 60 else { return [] }
            var amounts: [Double] = []
            var inner = block.index + 1
            while inner < block.subtreeEnd {
                let candidate = document.elements[inner]
                guard candidate.index != element.index, isRegularMark(candidate) else {
                    inner += 1
                    continue
                }
                if document.textFits(candidate, utf8Bytes: 48), let amount = PriceParser.visibleAmount(document.text(of: candidate)), amount > 0 {
                    amounts.append(amount)
                }
                inner = candidate.subtreeEnd
            }
            if !amounts.isEmpty { return amounts }
            current = block.parent
            depth += 1
        }
        return []
    }

    /// A crossed-out element or one labelled as the old, list or regular price.
    private static func isRegularMark(_ element: HTMLElement) -> Bool {
        if drawnCrossedOut(element) { return true }
        guard let label = priceLabel(element) else { return false }
        return regularWords.contains(where: label.includes)
    }

    private static let regularWords = [
        "was", "old", "original", "compare", "regular", "list", "rrp", "msrp", "uvp", "before", "previous", "basis", "strike", "crossed",
    ]

    /// The parent's short text when it adds a currency to the element's bare amount.
    private static func currencyBeside(_ element: HTMLElement, _ document: HTMLDocument) -> String? {
        guard let parent = element.parent else { return nil }
        let text = document.text(of: document.elements[parent])
        guard text.utf8.count <= 48, PriceParser.currency(text) != nil, !namesOldPrice(text) || priceLabel(element) != nil else { return nil }
        return text
    }

    /// "Antes 29,99 € Ahora 19,99 €", "Was $30 Now $20": a line that opens with the old price and names the
    /// one to pay after a "now" word reads from that word on; any other text is returned as it is.
    static func afterNowWord(_ text: String) -> String {
        guard text.utf8.count <= 80, namesOldPrice(text) else { return text }
        for word in nowWords {
            guard let found = text.range(of: word, options: [.caseInsensitive, .backwards]) else { continue }
            let rest = String(text[found.lowerBound...])
            if PriceParser.currency(rest) != nil, PriceParser.visibleAmount(rest) != nil { return rest }
        }
        return text
    }

    private static let nowWords = ["ahora", "now", "jetzt", "maintenant", "agora", "adesso", "teraz", "nu ", "ora "]

    /// Whether the words before the amount call it an old, list, reference or net price ("UVP 59,99 €",
    /// "原價 $1,280", "Niedrigster Preis der letzten 30 Tage: …", OpenCart's "Ex Tax: $49.17").
    static func namesOldPrice(_ text: String) -> Bool {
        let lowered = text.lowercased()
        let head = wordsBeforeNumber(lowered)
        guard !head.isEmpty else { return false }
        return oldPriceWords.contains(where: head.includes) || netPriceWords.contains(where: head.includes)
            || omnibusWords.contains(where: lowered.includes)
    }

    /// Words that introduce the price before tax, which shops print under the one to pay.
    private static let netPriceWords = [
        "ex tax", "ex. tax", "excl. tax", "excl tax", "excluding tax", "ex vat", "ex. vat", "excl. vat", "excl vat", "excluding vat",
        "before tax", "exkl. mwst", "ohne mwst", "netto", "hors taxe", "prix ht", "sin iva", "iva excluida", "iva no incluido",
        "senza iva", "iva esclusa", "excl. btw", "exclusief btw", "sem iva", "bez vat", "bez podatku", "exkl. moms", "税抜", "稅前", "未稅",
    ]

    /// The text before its first number. Most price texts are ASCII up to the amount, and their bytes
    /// answer that without asking each character for its Unicode numeric type.
    private static func wordsBeforeNumber(_ text: String) -> Substring {
        let bytes = text.utf8
        if let stop = bytes.firstIndex(where: { ASCIIByte.isDigit($0) || $0 >= 0x80 }) {
            if ASCIIByte.isDigit(bytes[stop]) { return text[..<stop] }
        } else {
            return text[...]
        }
        return text.prefix { !$0.isNumber }
    }

    /// Words that introduce a price the buyer does not pay now, in the languages the importer reads.
    private static let oldPriceWords = [
        "was ", "was:", "rrp", "mrp", "m.r.p", "list price", "typical price", "compare at", "regular price", "reg. price", "original price",
        "old price", "former price", "previous price", "statt", "alter preis", "uvp", "unverb", "vorher", "bisher", "ursprünglich", "listenpreis",
        "prix conseillé", "prix de référence", "prix initial", "au lieu de", "ancien prix",
        "precio anterior", "precio de referencia", "antes", "pvpr", "prezzo di listino", "prezzo consigliato", "invece di", "prezzo pieno",
        "preço anterior", "de:", "van ", "adviesprijs", "precio original", "ursprünglicher preis", "prezzo originale", "preço original",
        "oorspronkelijke prijs", "pierwotna cena", "cena regularna", "poprzednia cena", "stara cena", "cena katalogowa",
        "原價", "原价", "定價", "定价", "市價", "市价", "建議售價", "建议售价", "定価", "参考価格", "通常価格", "希望小売価格", "정가", "소비자가", "참고가",
    ]

    /// Whether the words before the amount call it the price to pay now ("Now $52.00", "Sale 19,99 €", "特價 $980").
    private static func namesCurrentPrice(_ text: String) -> Bool {
        guard text.utf8.count <= 60 else { return false }
        let head = wordsBeforeNumber(text.lowercased())
        return !head.isEmpty && currentPriceWords.contains(where: head.includes)
    }

    /// Words that introduce the price to pay now.
    private static let currentPriceWords = [
        "now", "sale", "jetzt", "nur ", "maintenant", "ahora", "ora ", "agora", "nu ", "teraz", "promo",
        "促銷價", "促销价", "特價", "特价", "售價", "售价", "優惠價", "优惠价", "折扣價", "折后价", "網路價", "网购价",
        "販売価格", "特価", "税込", "판매가", "할인가", "혜택가", "최저가", "쿠폰적용가",
    ]

    /// Words that open a line stating the product's price ("Price: $24.99", "Preis 49,95 €", "価格 ￥3,980").
    private static let priceLineWords = [
        "price", "our price", "your price", "preis", "unser preis", "prix", "notre prix", "precio", "prezzo", "preço", "prijs", "cena",
        "価格", "本体価格", "価格(税込)", "價格", "价格", "가격",
    ]

    /// The EU's "lowest price in the last 30 days" line sits next to every reduced price.
    private static let omnibusWords = [
        "30 days", "30 tage", "30 tagen", "30 jours", "30 días", "30 dias", "30 giorni", "30 dagen", "30 dni", "lowest price", "niedrigster preis",
        "prix le plus bas", "precio más bajo", "prezzo più basso", "laagste prijs", "najniższa cena",
    ]

    /// A "From £5.29 – £9.56" line right under the name heading, before any labelled price: pages
    /// that list each variant with its own price (and button) state the range there, and the
    /// first variant's price is not what "the price" of the product is.
    private static func fromPrice(in document: HTMLDocument, after anchor: HTMLElement, before limit: Int?, outside headed: HeadedBlocks) -> Found? {
        for element in document.elements(after: anchor, count: 40) {
            if let limit, element.index >= limit { break }
            guard element.subtreeEnd - element.index <= 12, !skippedTags.contains(element.tag),
                  document.textFits(element, utf8Bytes: 80) else { continue }
            let text = textOutsideStruck(element, document)
            guard text.utf8.count <= 80, hasDigit(text) else { continue }
            let lowered = text.lowercased()
            guard fromWords.contains(where: lowered.hasPrefix), PriceParser.currency(text) != nil,
                  let amount = PriceParser.visibleAmount(text), amount > 0,
                  !inCrossedOut(element, document), !inOtherProducts(element, document, headed),
                  !unlabelledContextWords.contains(where: lowered.includes) else { continue }
            return Found(amount: amount, text: text)
        }
        return nil
    }

    /// How shops say "from" before the lowest price of a range, in the languages the importer reads.
    private static let fromWords = [
        "from ", "starting at", "ab ", "à partir de", "a partir de", "dès ", "desde ", "da ", "a partire da", "vanaf ", "od ",
    ]

    /// Small shops often print the price in a bare `<strong>` or `<span>`: the first element
    /// after the name heading whose whole text is one amount with a currency, outside
    /// crossed-out, shipping and recommendation blocks, within a few hundred elements.
    private static func unlabelled(in document: HTMLDocument, after anchor: HTMLElement, outside headed: HeadedBlocks) -> Found? {
        for element in document.elements(after: anchor, count: 400) {
            guard element.subtreeEnd - element.index <= 3, !skippedTags.contains(element.tag),
                  document.textFits(element, utf8Bytes: 64) else { continue }
            let outside = textOutsideStruck(element, document)
            guard hasDigit(outside) else { continue }
            let text = afterNowWord(outside)
            guard text.utf8.count <= 64 else { continue }
            let ownHead = wordsBeforeNumber(text.lowercased())
            // A longer line counts only when its own words say it is the price: "Price: $24.99 (incl. tax)", "価格 ￥3,980（税込）".
            let namesItself = currentPriceWords.contains(where: ownHead.includes) || priceLineWords.contains(where: ownHead.includes)
            guard text.utf8.count <= 24 || namesItself, PriceParser.currency(text) != nil, let amount = PriceParser.visibleAmount(text), amount > 0,
                  !namesOldPrice(text), !inCrossedOut(element, document), !inOtherProducts(element, document, headed) else { continue }
            // "促銷價 980元" names itself the price to pay; a was-price beside it in the parent does not matter.
            if namesItself, !unlabelledContextWords.contains(where: ownHead.includes) { return Found(amount: amount, text: text) }
            if let parent = element.parent {
                let context = document.text(of: document.elements[parent]).lowercased()
                if context.count > 160 || unlabelledContextWords.contains(where: context.includes) { continue }
            }
            return Found(amount: amount, text: text)
        }
        return nil
    }

    /// Whether `text` holds a digit, ASCII or full-width ("３，９８０円"): a cheap test before the
    /// currency and amount parsers.
    private static func hasDigit(_ text: String) -> Bool {
        text.utf8.contains(where: ASCIIByte.isDigit) || PriceParser.hasFullWidthDigit(text)
    }

    /// Words beside a bare amount that make it something other than the price to pay.
    private static let unlabelledContextWords = [
        "shipping", "delivery", "versand", "lieferung", "livraison", "envío", "envio", "spedizione", "verzending", "dostawa",
        "was ", "statt", "uvp", "rrp", "m.r.p", "instead", "au lieu", "antes", "per month", "/month", "/mois", "monat", "saving", "save ",
        "送料", "運費", "运费", "배송비", "定価", "参考価格", "原價", "原价", "정가", "月々", "分割", "할부", "分期",
        // What the buyer saves, not pays: "Preisvorteil 10 €", "Vous économisez 5 €", "節省 $100".
        "sparen", "ersparnis", "vorteil", "économis", "ahorra", "rispar", "bespaar", "oszczędz", "節省", "节省", "할인금액", "お得",
    ]

    /// The element's lowercase id, class and test labels when one of them names a price.
    private static func priceLabel(_ element: HTMLElement) -> String? {
        guard priceAttributes.matches(element) else { return nil }
        var label = ""
        for attribute in element.attributes where labelAttributes.contains(attribute.name) {
            label += attribute.value.lowercased() + " "
        }
        guard priceWords.contains(where: label.includes) else { return nil }
        return label
    }

    /// Whether a labelled price sits inside `element`: the container's text runs the old and the
    /// new price together, so the innermost labelled element speaks instead. A labelled part without a
    /// digit is no price (WooCommerce's `woocommerce-Price-currencySymbol` inside every amount), and a part
    /// drawn crossed out is the old price, which the container's own text leaves out (jpc.de's
    /// `<div class="price"><div class="old-price">EUR 8,99</div><strong><span>EUR 6,99</span></strong>`).
    private static func holdsLabelledPrice(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        let end = min(element.subtreeEnd, element.index + 200)
        guard element.index + 1 < end else { return false }
        return document.elements[(element.index + 1)..<end].contains {
            priceLabel($0) != nil && !skippedTags.contains($0.tag) && !drawnCrossedOut($0) && $0.textRuns.contains { hasDigit(document.texts[$0]) }
        }
    }

    private static func excluded(_ label: String) -> Bool {
        negative.contains(where: label.includes)
    }

    /// A `<del>`, `<s>` or `<strike>` or inside one (or an element styled crossed out), or under a label that
    /// marks an old or unit price.
    private static func inCrossedOut(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        if element.has("data-a-strike") || crossedTagOrStyle(element) { return true }
        var current = element.parent
        var depth = 0
        while let index = current, depth < 4 {
            let ancestor = document.elements[index]
            if crossedTagOrStyle(ancestor) || ancestor.has("data-a-strike") { return true }
            if let label = priceLabel(ancestor), excluded(label) { return true }
            current = ancestor.parent
            depth += 1
        }
        return false
    }

    /// The element's text without its crossed-out parts: `<div class="price"><del>$79.00</del><span>$59.00</span></div>`
    /// (Salesforce Commerce Cloud's price block) reads "$59.00", not the two amounts run together.
    private static func textOutsideStruck(_ element: HTMLElement, _ document: HTMLDocument) -> String {
        let end = min(element.subtreeEnd, element.index + 40)
        var struck: [Range<Int>] = []
        var raised: Int?
        var index = element.index + 1
        while index < end {
            let inner = document.elements[index]
            if drawnCrossedOut(inner) {
                struck.append(inner.textRuns)
                index = inner.subtreeEnd
            } else {
                if raised == nil, inner.textRuns.count == 1, isCents(inner, document) { raised = inner.textRuns.lowerBound }
                index += 1
            }
        }
        guard !struck.isEmpty || raised != nil else { return document.text(of: element) }
        var kept = ""
        for run in element.textRuns where !struck.contains(where: { $0.contains(run) }) {
            // "$31<sup>57</sup>": the cents drawn raised, after the whole amount with no mark between.
            if run == raised, let last = kept.trimmed.utf8.last, ASCIIByte.isDigit(last) { kept += centsMark(after: kept) }
            kept += document.texts[run]
        }
        return HTMLDocument.collapsingWhitespace(kept)
    }

    /// Two digits drawn apart as the cents: in a `<sup>`, or classed so (`price__cents`, Walmart's `Price-mantissa`).
    private static func isCents(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        guard element.tag == "sup" || centsClasses.matches(element), document.textFits(element, utf8Bytes: 4) else { return false }
        let cents = document.text(of: element)
        return cents.utf8.count == 2 && cents.utf8.allSatisfy(ASCIIByte.isDigit)
    }

    private static let centsClasses = AttributeWords(["cents", "mantissa", "fraction", "decimals", "minor-unit"], in: ["class"])

    /// The decimal mark between a whole amount and its cents drawn apart: a comma after "1.299", else a point.
    private static func centsMark(after whole: String) -> String {
        whole.contains(".") && !whole.contains(",") ? "," : "."
    }

    /// A `<del>`, `<s>` or `<strike>`, Amazon's `data-a-strike` (unless "false"), or a class of a crossed-out price.
    private static func drawnCrossedOut(_ element: HTMLElement) -> Bool {
        struckTag(element) || struckClasses.matches(element)
    }

    /// A `<del>`, `<s>` or `<strike>`, an inline `text-decoration: line-through`, or Amazon's `data-a-strike`
    /// unless it says "false".
    private static func struckTag(_ element: HTMLElement) -> Bool {
        crossedTagOrStyle(element) || element["data-a-strike"].map({ $0.lowercased() != "false" }) ?? false
    }

    /// A `<del>`, `<s>` or `<strike>`, or an element whose inline style crosses it out
    /// (`<span style="text-decoration: line-through;">$79.00</span>`, OpenCart), which the scan marks.
    private static func crossedTagOrStyle(_ element: HTMLElement) -> Bool {
        ["del", "s", "strike"].contains(element.tag) || element.has(HTMLElement.lineThroughAttribute)
    }

    /// Classes of a crossed-out or old price inside a price block, in the languages the importer reads.
    private static let struckClasses = AttributeWords(
        ["strike", "line-through", "crossed", "old-price", "price-old", "price--old", "oldprice", "was-price", "price-was", "compare-at",
         "deprecated"]
            + localOldPriceWords,
        in: ["class"])

    /// Crossed-out and old prices named in the shop's language: prix barré, prezzo barrato, Streichpreis, precio tachado,
    /// cena stara, preço de, van-prijs.
    private static let localOldPriceWords = [
        "barre", "barrato", "streich", "tachado", "doorgestreept", "riscado", "antes", "anterior", "stara", "preco-de", "van-prijs", "vorher",
    ]

    /// Whether the element is struck through: a `<del>`, `<s>` or `<strike>`, or Amazon's
    /// `data-a-strike`, on it or on one of its four nearest ancestors.
    static func isStruck(_ element: HTMLElement, in document: HTMLDocument) -> Bool {
        var current: HTMLElement? = element
        var depth = 0
        while let candidate = current, depth <= 4 {
            if struckTag(candidate) { return true }
            current = candidate.parent.map { document.elements[$0] }
            depth += 1
        }
        return false
    }

    /// Whether `element` is another product's: in a block whose heading names other products, or one labelled so.
    static func inOtherProducts(_ element: HTMLElement, _ document: HTMLDocument, _ headed: HeadedBlocks) -> Bool {
        headed.contains(element) || inRecommendations(element, document)
    }

    static func inRecommendations(_ element: HTMLElement, _ document: HTMLDocument) -> Bool {
        document.ancestor(of: element) { ancestor in
            ancestor.tag == "footer" || ancestor.tag == "nav" || recommendationLabels.matches(ancestor)
        } != nil
    }

    private static let skippedTags: Set<String> = ["script", "style", "html", "body", "head", "option", "input", "button", "form", "select", "img", "a"]
    private static let labelAttributes: Set<String> = ["id", "class", "itemprop", "data-testid", "data-test", "data-qa", "data-test-id", "data-price-type"]
    private static let priceAttributes = AttributeWords(priceWords, in: labelAttributes)
    private static let priceWords = ["price", "preis", "prix", "precio", "prezzo", "preco", "prijs", "cena", "amount", "a-offscreen", "cost", "가격", "價格", "售價", "价格"]
    private static let negative = [
        "was-", "-was", "was_", "wasprice", "old-price", "oldprice", "price-old", "price--old", "priceold", "original", "compare",
        "list-price", "listprice", "strike", "before", "rrp", "msrp", "uvp", "unit", "shipping", "delivery", "install",
        "monthly", "affirm", "saving", "discount", "percent", "crossed", "through", "previous", "basisprice", "a-text-price", "price-was",
        "price__was", "reduced-from", "price-before", "range-from", "price-per", "per-unit", "klarna", "afterpay", "points",
        "alter-preis", "ancien", "non-sale", "nonsale", "excluding", "excl-tax", "ex-tax", "price-tax", "without-tax", "tax-excl", "exkl",
        "origin", "market", "consumer", "orgprice", "org-price", "omnibus", "lowest",
        // What loyalty points are worth (PrestaShop's `loyalty_price`: "a voucher of £0.20"), cash back, a reward.
        "loyalty", "reward", "cashback", "cash-back", "voucher",
    ] + localOldPriceWords
    private static let regularLabels = ["regular", "normal-price", "normalprice"]
    private static let preferred = ["sale", "current", "now", "final", "special", "offer", "topay", "to-pay", "actual", "selling", "price-new", "reduced", "buybox",
                                    "promo", "aktion", "ahora", "oferta", "offerta", "preco-por", "voor-prijs", "nowa", "nouveau"]
    private static let recommendationLabels = AttributeWords(recommendationWords, in: ["id", "class"])
    private static let recommendationWords = otherProductsBlockWords + [
        "carousel", "product-card", "productcard", "product-tile", "producttile", "sims-", "cart-drawer", "minicart", "mini-cart",
    ]

    /// Words in the id or class of a block of other products ("You may also like", "Recently viewed").
    static let otherProductsBlockWords = [
        "recommend", "related", "upsell", "cross-sell", "crosssell", "similar", "also-bought", "recently", "sponsored",
        "paired-article", "complete-the-look", "shop-the-look",
    ]
}
