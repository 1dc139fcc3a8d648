/// Reads a buy box's stock wording in English, German, French, Spanish, Italian, Portuguese,
/// Dutch, Polish, Russian, Ukrainian, Japanese, Chinese and Korean ("In stock", "Auf Lager", "Currently unavailable",
/// "Agotado", "在庫あり", "售完", "품절"…).
enum AvailabilityWords {
    /// The availability the text states, or nil when it says nothing about stock.
    static func availability(in text: String) -> Availability? {
        let lowered = text.lowercased()
        // Negative phrases first: "unavailable" holds "available", "nicht verfügbar" holds "verfügbar".
        for (phrases, value) in ordered {
            // "Nur noch 5 auf Lager" holds "auf lager": a count left is read before the in-stock words.
            if value == .limited, countsLeft(lowered) { return .limited }
            if phrases.contains(lowered) { return value }
        }
        return countsAvailable(lowered) ? .inStock : nil
    }

    /// eBay's quantity line: "3 available", "More than 10 available", "1 available / 5 sold".
    static func countsAvailable(_ lowered: String) -> Bool {
        // Cheap checks first, as in `countsLeft`: this runs on every text that names no stock word.
        guard lowered.utf8.count <= 80, lowered.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        var rest = Substring(lowered.trimmed)
        if rest.hasPrefix("more than ") { rest = rest.dropFirst(10) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, digits.contains(where: { $0 != "0" }) else { return false }
        return rest.dropFirst(digits.count).hasPrefix(" available")
    }

    /// "Only 5 left", "Nur noch 18 auf Lager", "Il ne reste plus que 3", "残り2点", "僅剩 4 件": a number
    /// of pieces left after words that say so.
    static func countsLeft(_ lowered: String) -> Bool {
        // Cheap checks first: this runs on the text of every button and link near the name.
        guard lowered.utf8.count <= 200, lowered.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), leftLeadMatcher.contains(lowered) else {
            return false
        }
        for lead in leftLeads {
            var rest = Substring(lowered)
            while let found = rest.range(of: lead) {
                let after = rest[found.upperBound...].drop { $0 == " " || $0 == "\u{00A0}" }
                let digits = after.prefix { $0.isASCII && $0.isNumber }
                if (1...2).contains(digits.count), digits != "0", digits != "00" { return true }
                rest = rest[found.upperBound...]
            }
        }
        return false
    }

    private static let leftLeadMatcher = AttributeWords(leftLeads)

    private static let leftLeads = [
        "only", "nur noch", "plus que", "solo quedan", "solo queda", "quedan solo", "solo", "slechts", "nog maar", "apenas", "restam",
        "zostały tylko", "zostało tylko", "została tylko", "残り", "僅剩", "仅剩", "剩下", "남은 수량", "잔여",
    ]

    /// The phrase groups in the order they are tried, as byte matchers: Foundation's substring
    /// search cost more than the rest of reading a buy box.
    private static let ordered: [(AttributeWords, Availability)] = [
        (AttributeWords(preOrder), .preOrder),
        (AttributeWords(almostSoldOut), .limited),
        (AttributeWords(backOrder), .backOrder),
        (AttributeWords(outOfStock), .outOfStock),
        (AttributeWords(limited), .limited),
        (AttributeWords(inStock), .inStock),
    ]

    private static let outOfStock = [
        "out of stock", "currently unavailable", "sold out", "not available", "unavailable", "no longer available",
        "nicht verfügbar", "nicht lieferbar", "ausverkauft", "nicht auf lager", "vergriffen", "nicht lagernd", "nicht versandfertig",
        "rupture de stock", "épuisé", "epuise", "indisponible", "plus disponible", "non disponible",
        "agotado", "no disponible", "sin stock", "sin existencias",
        "esaurito", "non disponibile", "non più disponibile",
        "esgotado", "indisponível", "fora de estoque", "sem estoque",
        "uitverkocht", "niet op voorraad", "niet beschikbaar", "niet leverbaar",
        "niedostępny", "wyprzedany", "brak w magazynie", "produkt niedostępny",
        // Russian and Ukrainian: "Нет в наличии" holds "в наличии", so it comes first.
        "нет в наличии", "нет на складе", "отсутствует", "распродано", "немає в наявності", "відсутній",
        "在庫切れ", "品切れ", "売り切れ", "取り扱いできません", "入荷未定", "在庫なし", "在庫がありません", "販売終了", "完売",
        "售完", "售罄", "缺貨", "缺货", "補貨中", "补货中", "無庫存", "无库存", "已下架", "已下市", "銷售一空", "销售一空", "暫停販售", "暂停销售",
        "품절", "재고 없음", "재고없음", "판매종료", "판매 종료", "매진", "판매중지", "판매 중지", "구매불가", "구매 불가",
        "nicht vorrätig", "en rupture", "no hay existencias", "non disponibile al momento", "terminato", "em falta",
        "wyprzedane", "temporarily unavailable", "sold-out", "out-of-stock",
        // "Não disponível" holds "disponível", "niedostępne" holds "dostępne", "momenteel niet verkrijgbaar" (Amazon.nl).
        "não disponível", "nao disponivel", "indisponivel", "niet verkrijgbaar", "niet meer leverbaar", "niedostępne", "niedostępna",
        "暫無庫存", "暂无库存", "庫存不足", "库存不足", "無法購買", "无法购买", "品切れ中", "재고부족", "재고 부족",
        // "Coming back", "discontinued" and "no longer" notes: nothing can be bought now.
        "nicht mehr verfügbar", "nicht mehr lieferbar", "nicht mehr erhältlich", "back in stock soon", "coming soon", "discontinued",
        "bald wieder", "bald verfügbar", "bientôt disponible", "bientôt de retour", "próximamente", "prossimamente", "em breve",
        "binnenkort", "wkrótce", "descatalogado", "fuori produzione", "brak towaru", "chwilowo brak", "brak produktu",
        // Swedish, Danish, Norwegian and Turkish.
        "slutsåld", "tillfälligt slut", "slut i lager", "ej i lager", "udsolgt", "utsolgt", "ikke på lager", "tükendi", "stokta yok",
        // Portugal's "Sem stock" holds "stock"; Czech and Finnish.
        "sem stock", "fora de stock", "vyprodáno", "není skladem", "není k dispozici", "loppuunmyyty", "ei varastossa", "tilapäisesti loppu",
        // "Brak na stanie" holds "na stanie"; "back soon"; Russian ("нет в наличии" holds "в наличии").
        "brak na stanie", "back soon", "нет в наличии", "распродано", "закончился",
    ]

    private static let preOrder = [
        "pre-order", "preorder", "vorbestellen", "vorbestellung", "vorbestellbar", "précommande", "precommande", "pre-ordine", "preordine",
        "preventa", "pré-venda", "pre-venda", "voorbestellen", "przedsprzedaż",
        // "Not out yet" notes in the buy box (Amazon's "Dieser Artikel erscheint am 28. März 2019.").
        "erscheint am", "erscheint voraussichtlich", "will be released on", "this item will be released", "not yet released",
        "à paraître", "paraîtra le", "sera disponible le", "saldrá a la venta", "se publicará el", "disponibile dal", "in uscita il",
        "uscirà il", "verschijnt op", "premiera",
        "予約受付中", "予約注文", "預購", "预购", "예약판매", "사전예약", "사전 예약",
    ]

    private static let limited = [
        "only 1 left", "only 2 left", "only 3 left", "only 4 left", "only 5 left", "few left", "low stock",
        "nur noch 1", "nur noch 2", "nur noch 3", "wenige verfügbar", "plus que 1", "plus que 2", "plus que 3",
        "quedan pocas", "solo quedan", "ultimi pezzi", "solo 1 disponibile", "últimas unidades", "nog maar", "ostatnie sztuki",
        "残りわずか", "在庫わずか", "残り1点", "残り2点", "残り3点", "僅剩", "仅剩",
        "low in stock", "在庫僅少", "库存紧张", "庫存緊張",
        // eBay's single piece left: "Last one", "Letzter Artikel", "Dernier article", "Último artículo".
        "last one", "last item", "limited quantity", "letzter artikel", "dernier article", "último artículo", "ultimo articolo",
        // Amazon's "only N left" outside English: "Solo queda(n) 3 en stock", "Solo 3 -- ordina subito", "Slechts 3 op voorraad",
        // "Zostały tylko 3 sztuki", "Apenas 3 em estoque".
        "solo queda", "ordina subito", "slechts 1", "slechts 2", "slechts 3", "slechts 4", "slechts 5", "zostały tylko", "zostało tylko",
        "została tylko", "apenas 1", "apenas 2", "apenas 3", "apenas 4", "apenas 5", "restam apenas",
    ]

    /// Orderable now, shipped when the shop gets it again.
    private static let backOrder = [
        "backorder", "back-order", "back order", "お取り寄せ", "取り寄せ", "nachbestellbar", "sur commande", "bajo pedido", "su ordinazione", "na zamówienie",
    ]

    /// "Almost sold out" phrases that hold an out-of-stock word ("품절임박" holds "품절").
    private static let almostSoldOut = ["品切れ間近", "售完倒數", "품절임박", "품절 임박", "fast ausverkauft", "presque épuisé", "casi agotado", "quasi esaurito"]

    private static let inStock = [
        "in stock", "available now", "ships today", "add to cart", "add to bag", "add to basket",
        // Amazon's instant-purchase button ("Buy now with 1-Click", "Jetzt kaufen mit 1-Click", "Acheter en 1-Clic"):
        // a Kindle book's only stock signal.
        "1-click", "1-clic",
        "auf lager", "lagernd", "sofort lieferbar", "lieferbar", "verfügbar", "vorrätig", "in den warenkorb", "in den einkaufswagen",
        "lägg i varukorgen", "sepete ekle",
        "en stock", "disponible", "ajouter au panier", "livraison",
        "en existencia", "añadir a la cesta", "añadir al carrito",
        "disponibile", "in magazzino", "aggiungi al carrello",
        "em estoque", "em stock", "disponível", "adicionar ao carrinho",
        "op voorraad", "leverbaar", "beschikbaar", "in winkelwagen",
        "dostępny", "dostępne", "dostępna", "w magazynie", "do koszyka", "disponibilità immediata", "in voorraad",
        "в наличии", "есть на складе", "в корзину", "є в наявності", "в наявності", "до кошика",
        "在庫あり", "カートに入れる", "現貨", "现货", "有庫存", "有库存", "加入購物車", "加入购物车", "立即購買", "立即购买",
        "재고 있음", "재고있음", "구매하기", "장바구니", "바로구매", "판매중", "구매 가능", "구매가능",
        "有現貨", "有货", "可購買", "可购买", "在庫有り", "即納", "ready to ship", "available to ship",
        // Amazon's dispatch notes for items it orders in: still buyable now.
        "usually ships within", "usually dispatched within", "available to order", "gewöhnlich versandfertig",
        "habituellement expédié", "normalmente se envía", "di solito spedito", "disponibili",
        "i lager", "på lager", "stokta var", "stokta", "skladem", "varastossa", "na stanie", "в наличии",
        // Dispatch promises in a stock line: "Sofort versandfertig", "Expédié sous 24h", bol.com's "Morgen in huis".
        "versandfertig", "expédié sous", "expédié en 24", "morgen in huis", "wysyłka w 24", "wysyłamy w 24", "envío en 24",
        "ships in 24", "ships within 24", "spedito entro", "spedizione in 24",
    ]
}
