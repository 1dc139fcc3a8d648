/// Which price a draft gets. Each source states its own: JSON-LD may list several offers or a
/// range, meta tags may lag behind a sale, variants may cost more. When they disagree, the
/// price the visible buy box shows decides among them.
enum PriceChoice {
    /// The chosen price with its currency and the source credited for it.
    struct Choice {
        /// The selling price.
        let price: Double
        /// The source the price came from.
        let source: ExtractionSource
        /// Its ISO 4217 currency with the source that gave it: the price's own source when it
        /// says, else the most trusted source that does.
        let currency: (code: String, source: ExtractionSource)?
        /// The sign the price's own source printed beside it without a code ("$"), for the domain to settle.
        var sign: String?
    }

    /// Whether the sources other than the visible page state more than one price: the
    /// buy box is then worth reading to pick the right one.
    static func disagree(_ found: [ProductFacts]) -> Bool {
        var seen: [Double] = []
        for facts in found where facts.source != .page {
            for price in (facts.price.map { [$0] } ?? []) + facts.otherPrices
            where !seen.contains(where: { PriceParser.samePrice($0, price) }) {
                seen.append(price)
            }
        }
        return seen.count > 1
    }

    /// The most trusted source's price, unless the sources disagree and the visible buy box
    /// shows one of their prices: that one wins, credited to the most trusted source stating it.
    /// A buy box read by the shop's site rule wins even when no source states its price.
    static func choose(_ found: [ProductFacts]) -> Choice? {
        func choice(_ price: Double, from facts: ProductFacts) -> Choice {
            let currency = facts.currency.map { (code: $0, source: facts.source) }
                ?? found.first { $0.currency != nil }.map { (code: $0.currency!, source: $0.source) }
            return Choice(price: price, source: facts.source, currency: currency, sign: facts.currencySign)
        }
        if disagree(found), let page = found.first(where: { $0.source == .page }), let visible = page.price {
            for facts in found where facts.source != .page {
                let prices = (facts.price.map { [$0] } ?? []) + facts.otherPrices
                if let match = prices.first(where: { PriceParser.samePrice($0, visible) }) {
                    return choice(match, from: facts)
                }
            }
            // The shop's own buy-box selector is exact: when the structured prices contradict each
            // other and none is what the buy box asks (Etsy's JSON-LD before tax, its meta tag in
            // dollars), the buy box is what the buyer pays.
            if page.priceFromSiteRule { return choice(visible, from: page) }
        }
        guard let priced = found.first(where: { $0.price != nil }), let price = priced.price else { return nil }
        // The shop's buy box shows the buyer's currency ("53,11 €"); a structured price in another one is the
        // seller's listing price (Etsy's meta tag: 48,00 USD). What the buyer pays is the buy box's.
        if let page = found.first(where: { $0.source == .page }), page.priceFromSiteRule, page.currencyShown, let visible = page.price,
           let shown = page.currency, let stated = priced.currency, stated != shown {
            return choice(visible, from: page)
        }
        // A source that names the trusted price as the regular one, beside a lower price of its own,
        // knows of a sale the other has not caught up with (Rejuvenation's JSON-LD 150.00, its meta
        // tags 120.00 with a standard amount of 150.00).
        if let sale = found.first(where: { facts in
            facts.regularPrices.contains { PriceParser.samePrice($0, price) } && (facts.price.map { $0 < price } ?? false)
        }), let salePrice = sale.price {
            return choice(salePrice, from: sale)
        }
        return choice(price, from: priced)
    }
}
