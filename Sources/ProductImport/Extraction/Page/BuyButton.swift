import HTML

/// The buy box's controls: whether the page can put the product in a cart, and what its
/// buttons say about stock when no element is labelled with it ("Sold out", "Notify me",
/// an active "Add to cart").
enum BuyButton {
    /// Whether the page has an add-to-cart control anywhere.
    static func exists(in document: HTMLDocument) -> Bool {
        if !buttons(in: document, limit: 1).isEmpty { return true }
        // Shops in Taiwan and Korea often make the buy button a link ("立即購買", "바로구매").
        for link in document.elements(named: "a") where link.subtreeEnd - link.index < 6 {
            var text = document.text(of: link)
            var label = attributeLabel(link)
            if text.isEmpty {
                label += " " + pictureFileName(of: link, in: document)
                if let words = pictureWords(of: link, in: document) { text = words }
            }
            guard buyMarkerMatcher.contains(label) || text.count <= 20 && linkBuyMatcher.contains(text.lowercased()) else { continue }
            if !inOtherProducts(link, document) { return true }
        }
        return document.elements(named: "form").contains { ($0["action"] ?? "").lowercased().includes("cart") }
    }

    /// The page's add-to-cart buttons and inputs, in page order, at most `limit`.
    static func buttons(in document: HTMLDocument, limit: Int) -> [HTMLElement] {
        var found: [HTMLElement] = []
        for control in document.elements(named: "button") + document.elements(named: "input") where found.count < limit {
            if buyMatcher.contains(attributeLabel(control)) {
                found.append(control)
            } else if control.tag == "button", control.subtreeEnd - control.index < Self.largestControl {
                let text = document.text(of: control).lowercased()
                if text.count < 60, buyMatcher.contains(text) { found.append(control) }
            }
        }
        return found.sorted { $0.index < $1.index }
    }

    /// Whether a buy control sells tickets ("Buy tickets", "Tickets kaufen", "예매하기", "購票"):
    /// a ticket shop's event page, goods rather than clothing.
    static func sellsTickets(in document: HTMLDocument) -> Bool {
        for control in document.elements where control.subtreeEnd - control.index < 8 {
            guard control.tag == "button" || control.tag == "a" && buttonStyleMatcher.matches(control) else { continue }
            let text = document.text(of: control)
            if text.count <= 40, ticketMatcher.contains(text.lowercased()) { return true }
        }
        return false
    }

    /// Whether a control or label speaks of stock in the shop's stores, which says nothing about buying
    /// online: one marked so (a `store-availability` button), or one whose words mention the stores and say
    /// it cannot be had ("Non disponible en magasin"). "In stock, pick up in store today" still says in stock.
    static func speaksOfStores(attributes: String, text: String, saying state: Availability?) -> Bool {
        if storeMarkerMatcher.contains(attributes) { return true }
        return !(state?.isBuyable ?? true) && storeWordMatcher.contains(text)
    }

    private static let storeMarkerMatcher = AttributeWords([
        "store-availability", "storeavailability", "store_availability", "find-in-store", "findinstore", "find_in_store", "in-store",
        "instore", "store-stock", "storestock", "store-locator", "storelocator", "click-and-collect", "clickandcollect", "click-collect",
        "pickup", "pick-up", "bopis", "reserve-in-store", "filiale",
    ])

    private static let storeWordMatcher = AttributeWords([
        "in store", "in-store", "in stores", "at a store", "find a store", "pick up", "pickup", "im geschäft", "in der filiale", "in filiale",
        "in unseren filialen", "im store", "abholen", "en magasin", "en boutique", "retrait", "en tienda", "recoger", "in negozio",
        "ritiro", "na loja", "levantar", "in de winkel", "afhalen", "w sklepie", "odbiór", "店舗", "門市", "门店", "매장",
    ])

    private static let ticketMatcher = AttributeWords([
        "ticket", "billet", "entradas", "biglietti", "bilety", "ingressos", "kaartjes", "예매", "티켓", "購票", "购票", "買票", "チケット",
    ])

    /// The stock state the buttons after the name heading show: sold out when a control says
    /// so (or offers to notify on restock) and no active add-to-cart control is there; in stock
    /// when an active add-to-cart control is there and none says sold out. Controls marked hidden
    /// (`hidden`, a hiding class or style) are not read; pages that render both and hide one only
    /// from their scripts get nil, and so do disabled add-to-cart buttons alone: fashion shops
    /// disable them until a size is picked.
    /// `sizes` is the page's size picker: a disabled add-to-bag right after it waits for a size.
    static func availability(in document: HTMLDocument, after anchor: HTMLElement?, sizes: VariantPickers.Picker) -> Availability? {
        let start = anchor?.subtreeEnd ?? 0
        let end = min(document.elements.count, start + (anchor == nil ? 3_000 : 800))
        var canBuy = false
        var soldOut: Availability?
        var index = start
        while index < end {
            let control = document.elements[index]
            index += 1
            // A sold-out "button" is often a span or div styled as one (`<span class="btn sold_out">SOLD OUT</span>`):
            // it only ever counts for its stock words, never as a buy control.
            let pseudo = (control.tag == "span" || control.tag == "div") && buttonStyleMatcher.matches(control)
            let inputType = control.tag == "input" ? control["type"]?.lowercased() ?? "" : ""
            // A picture classed as the button (pharao24.de's `<img class="inWK button btn-cart" alt="in den Warenkorb">`,
            // which submits the cart form when clicked) is one: its alt text or title is its words.
            let clickablePicture = control.tag == "img" && buttonStyleMatcher.matches(control)
            guard control.tag == "button" || control.tag == "a" || pseudo || clickablePicture || ["submit", "button", "image"].contains(inputType) else { continue }
            guard control.subtreeEnd - control.index < (pseudo ? 4 : Self.largestControl) else { continue }
            // A text of 400 bytes or more has 80 characters or more: the runs' length says so without joining them.
            guard control.tag == "input" || document.textFits(control, utf8Bytes: 400) else { continue }
            // A picture as the button (`<input type="image" src="…/AddCartButton.gif" alt="">`, BigCommerce's older themes):
            // its alt text is its words, and its picture's file name a label.
            var attributes = attributeLabel(control) + (inputType == "image" ? " " + Self.fileName(control["src"]) : "")
            var text = (control.tag == "input" ? control["value"] ?? control["alt"] ?? control["title"] ?? ""
                : clickablePicture ? control["alt"] ?? control["title"] ?? "" : document.text(of: control)).lowercased()
            if text.isEmpty, !pseudo {
                // So is the file name of a link's only picture (`<a href="javascript:checkOrder();"><img src="…/AddToCart.png"></a>`).
                if control.tag == "a" || control.tag == "button" { attributes += " " + Self.pictureFileName(of: control, in: document) }
                if let words = pictureWords(of: control, in: document) { text = words }
            }
            guard text.count < 80, let signal = signal(of: control, attributes: attributes, text: text, in: document, sizes: sizes) else { continue }
            if pseudo, case .buy = signal { continue }
            // The ancestor walks cost most, so they only run for controls that say something. A control
            // hidden until a script shows it (the sold-out twin of a live add-to-cart) says nothing.
            guard !inOtherProducts(control, document), !PageExtractor.isHidden(control, document),
                  !Self.speaksOfStores(attributes: attributes, text: text, saying: signal.state) else { continue }
            switch signal {
            case .stock(let state):
                // A sold-out size or colour says nothing about the product; an add-to-cart button
                // is one whatever its container is called (Zalando's sits in "h-flex-equal-size").
                if !isVariantOption(control, document) { soldOut = soldOut ?? state }
            case .buy: canBuy = true
            }
        }
        switch (canBuy, soldOut) {
        case (true, nil): return .inStock
        case (false, let state?): return state
        default: return nil
        }
    }

    /// Elements a button may hold and still be one control: Zalando's add-to-cart holds 13 (icon,
    /// label, and the "added" and "error" states it switches to); the text length bounds the rest.
    private static let largestControl = 24

    /// What one control says: a stock state that does not sell, or an active buy button.
    private enum Signal {
        case stock(Availability)
        case buy

        /// The stock state it stands for.
        var state: Availability {
            switch self {
            case .stock(let state): state
            case .buy: .inStock
            }
        }
    }

    private static func signal(of control: HTMLElement, attributes: String, text: String, in document: HTMLDocument, sizes: VariantPickers.Picker) -> Signal? {
        if soldOutClassMatcher.contains(attributes) || notifyMatcher.contains(text) { return .stock(.outOfStock) }
        let isLink = control.tag == "a"
        // A link's words only count when it is styled as a button: links elsewhere mention stock in passing.
        let looksLikeButton = !isLink || control["role"] == "button" || buttonStyleMatcher.contains(attributes)
        if looksLikeButton, let stated = AvailabilityWords.availability(in: text), !stated.isBuyable { return .stock(stated) }
        let isBuy = isLink ? buyMarkerMatcher.contains(attributes) || text.count <= 20 && linkBuyMatcher.contains(text)
            : buyMatcher.contains(text) || buyMatcher.contains(attributes) || buyMarkerMatcher.contains(attributes)
        // "Add to shopping list" on a button IKEA names `addToCartBtn`: a list or wish list keeps the article, it sells nothing.
        guard isBuy, !listMatcher.contains(text) else { return nil }
        let disabled = control.has("disabled") || control["aria-disabled"]?.lowercased() == "true" || attributes.contains("disabled")
        return !disabled || waitsForASize(control) || followsASizePicker(control, document, sizes) ? .buy : nil
    }

    /// A disabled add-to-cart whose own words say it waits for a size ("please Select a Size first", Uniqlo; a tooltip's
    /// `data-hover="Please Select a Size"`, Ralph Lauren): it can be had once one is picked.
    private static func waitsForASize(_ control: HTMLElement) -> Bool {
        for attribute in ["title", "value", "aria-label", "data-hover", "data-tooltip"] {
            guard let words = control[attribute], words.utf8.count <= 80 else { continue }
            if VariantPickers.isPrompt(words), AvailabilityWords.availability(in: words)?.isBuyable ?? true { return true }
        }
        return false
    }

    /// A disabled add-to-bag right after a size picker, among the two elements before it: one that still shows its prompt
    /// (`<button class="placeholder">Choose size</button>`, Weekday) or holds the picker's sizes (COS). The shops of
    /// H&M's group enable it once a size is picked; a picker whose every size is sold out has spoken before.
    private static func followsASizePicker(_ control: HTMLElement, _ document: HTMLDocument, _ sizes: VariantPickers.Picker) -> Bool {
        guard let parent = control.parent else { return false }
        let before = document.children(of: document.elements[parent]).filter { $0.index < control.index }.suffix(2)
        for sibling in before {
            if sizes.choices.count >= 2, sizes.choices.allSatisfy({ $0.index > sibling.index && $0.index < sibling.subtreeEnd }) { return true }
            guard sibling.subtreeEnd - sibling.index < 40 else { continue }
            for element in [sibling] + document.descendants(of: sibling) where element.tag != "option" && element.subtreeEnd - element.index <= 2 {
                guard document.textFits(element, utf8Bytes: 40) else { continue }
                if VariantPickers.isSizePrompt(document.text(of: element)) { return true }
            }
        }
        return false
    }

    private static let soldOutClassMatcher = AttributeWords(soldOutClasses)
    private static let notifyMatcher = AttributeWords(notifyWords)
    private static let buttonStyleMatcher = AttributeWords(["btn", "button"], in: ["class", "role", "id"])
    private static let buyMarkerMatcher = AttributeWords(buyMarkers)
    private static let linkBuyMatcher = AttributeWords(linkBuyWords)
    private static let buyMatcher = AttributeWords(buyWords)
    private static let listMatcher = AttributeWords([
        "shopping list", "wish list", "wishlist", "favourite", "favorite", "wunschliste", "merkliste", "merkzettel", "liste d'envies",
        "liste de souhaits", "lista de deseos", "lista dei desideri", "verlanglijst", "lista życzeń", "lista de desejos", "gift registry",
    ])

    /// The words of a link or button that shows only a picture (`<a href="javascript:…submit()"><img name="Add to Shopping
    /// Cart" alt="Buy!"></a>`, older shops' image buttons), lowercased: the picture's alt text, title or name, the first
    /// that names buying, else its alt text.
    private static func pictureWords(of control: HTMLElement, in document: HTMLDocument) -> String? {
        guard control.tag != "input", control.subtreeEnd - control.index <= 3,
              let picture = document.descendants(of: control).first(where: { $0.tag == "img" }) else { return nil }
        let labels = [picture["alt"], picture["title"], picture["name"]].compactMap { $0?.trimmed.lowercased() }.filter { !$0.isEmpty && $0.count <= 40 }
        return labels.first(where: linkBuyMatcher.contains) ?? labels.first
    }

    /// The file name of the only picture in a small link or button, lowercased; empty when there is none.
    private static func pictureFileName(of control: HTMLElement, in document: HTMLDocument) -> String {
        guard control.subtreeEnd - control.index <= 3,
              let picture = document.descendants(of: control).first(where: { $0.tag == "img" }) else { return "" }
        return fileName(picture["src"])
    }

    /// The last part of a picture's address, lowercased, without its query.
    private static func fileName(_ source: String?) -> String {
        guard let source, source.utf8.count <= 2_000 else { return "" }
        let path = source.split(separator: "?", maxSplits: 1).first ?? ""
        return (path.split(separator: "/").last.map(String.init) ?? "").lowercased()
    }

    private static func attributeLabel(_ control: HTMLElement) -> String {
        ((control["id"] ?? "") + " " + (control["name"] ?? "") + " " + (control["class"] ?? "") + " " + (control["value"] ?? "")
            + " " + (control["data-testid"] ?? "")).lowercased()
    }

    /// Whether the control belongs to a recommended product, a tile, the header or the footer.
    private static func inOtherProducts(_ control: HTMLElement, _ document: HTMLDocument) -> Bool {
        PageChrome.contains(control, document) || document.ancestor(of: control) { otherProductLabels.matches($0) } != nil
    }

    /// Whether the control picks a size or colour: a sold-out size says nothing about the product.
    private static func isVariantOption(_ control: HTMLElement, _ document: HTMLDocument) -> Bool {
        if let role = control["role"]?.lowercased(), role == "radio" || role == "option" { return true }
        if variantLabels.matches(control) { return true }
        guard let parent = control.parent else { return false }
        let container = document.elements[parent]
        if variantLabels.matches(container) { return true }
        return container.parent.map { variantLabels.matches(document.elements[$0]) } ?? false
    }

    private static let variantLabels = AttributeWords([
        "size", "swatch", "variant", "variation", "option", "picker", "selector", "groesse", "größe", "taille", "talla", "taglia", "color", "colour",
    ], in: ["id", "class", "name", "data-testid"])

    private static let otherProductLabels = AttributeWords([
        "recommend", "related", "upsell", "cross-sell", "crosssell", "similar", "carousel", "also-bought", "recently", "sponsored",
        "product-card", "productcard", "product-tile", "producttile", "cart-drawer", "minicart", "mini-cart", "newsletter", "cookie",
    ], in: ["id", "class"])

    /// Class words shops give a sold-out button.
    private static let soldOutClasses = ["sold-out", "soldout", "sold_out", "out-of-stock", "outofstock", "out_of_stock", "notify-me", "notifyme", "back-in-stock"]

    /// "Tell me when it is back" buttons, shown instead of the add-to-cart button.
    private static let notifyWords = [
        "notify me", "email me when", "notify when available", "benachrichtigen", "m'avertir", "me prévenir", "avísame", "avisarme",
        "avvisami", "avise-me", "houd me op de hoogte", "powiadom mnie", "재입고 알림", "재입고알림", "入荷お知らせ", "入荷通知", "貨到通知", "到货通知",
    ]

    /// Buy words a link may carry: not the bare "cart" words of the header's cart link ("Warenkorb", "장바구니").
    private static let linkBuyWords = buyWords.filter { !["warenkorb", "장바구니", "comprar", "acheter", "acquista"].contains($0) } + ["장바구니 담기", "장바구니담기"]

    /// Class and id words of buy buttons that carry no words of a language.
    private static let buyMarkers = [
        "buynow", "btn_buy", "btn-buy", "btnbuy", "button-buy", "buy-button", "buybutton", "buy_button", "add_to_cart", "add-cart", "addcart",
        "add_cart", "addtocart", "add-to-cart", "add-to-bag", "add-to-basket", "addtobasket", "add_to_basket",
    ]

    /// Words on an add-to-cart or buy-now control.
    static let buyWords = [
        "add to cart", "add-to-cart", "addtocart", "add to bag", "add-to-bag", "addtobag", "add to basket", "add-to-basket", "buy now", "buy-now",
        "add to shopping cart", "add to shopping bag", "add to shopping basket",
        "in den warenkorb", "warenkorb", "in den einkaufswagen", "jetzt kaufen", "ajouter au panier", "acheter", "añadir a la cesta", "añadir al carrito", "comprar",
        "aggiungi al carrello", "aggiungi alla borsa", "acquista", "adicionar ao carrinho", "in winkelwagen", "do koszyka", "kup teraz",
        "в корзину", "купить", "до кошика", "купити",
        // Etsy's "Añadir al carro", Latin American "Agregar al carrito", fashion shops' bags ("Ajouter au sac", "Adicionar à sacola").
        "añadir al carro", "agregar al carrito", "agregar al carro", "añadir a la bolsa", "ajouter au sac", "adicionar à sacola",
        "adicionar ao saco", "aan winkelwagen", "in winkelmand", "in de winkelwagen", "in die einkaufstasche", "lägg i varukorg",
        "buy tickets", "tickets kaufen", "add to trolley", "장바구니", "구매하기", "바로구매", "加入購物車", "加入购物车", "立即購買", "立即购买",
        "放入購物車", "直接購買", "カートに入れる", "購入する", "ใส่ตะกร้า", "book now", "get tickets", "예매하기", "購票", "购票", "チケット購入",
    ]
}
