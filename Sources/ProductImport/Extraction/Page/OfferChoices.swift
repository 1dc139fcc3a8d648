import HTML

/// A buy box that lists its offers as radio choices (new or used, shipped or reserved in a
/// shop, as booksellers do): each choice is either selectable with a price on its label, or
/// disabled and marked "Not available". The submit button stays disabled until one is picked,
/// so the buttons alone say nothing about stock.
enum OfferChoices {
    /// In stock when a selectable offer shows a price; out of stock when every offer is
    /// disabled and at least one says it is unavailable; nil when the page lists no offers.
    static func availability(in document: HTMLDocument) -> Availability? {
        var buyable = false
        var unavailable = false
        var seen = 0
        for input in document.elements(named: "input") where input["type"]?.lowercased() == "radio" {
            guard offerLabels.matches(input), let label = label(of: input, in: document) else { continue }
            seen += 1
            guard seen <= 40 else { break }
            let text = document.text(of: label)
            guard text.utf8.count <= 200 else { continue }
            let disabled = input.has("disabled") || input["aria-disabled"]?.lowercased() == "true"
            if let stated = AvailabilityWords.availability(in: text), !stated.isBuyable {
                unavailable = true
            } else if !disabled, hasPrice(text) {
                buyable = true
            }
        }
        if buyable { return .inStock }
        return unavailable ? .outOfStock : nil
    }

    private static let offerLabels = AttributeWords(["offer", "angebot", "offre", "oferta", "offerta"], in: ["name", "class", "id"])

    /// The choice's label: `<label for=ID>`, else the label right after the input or around it.
    private static func label(of input: HTMLElement, in document: HTMLDocument) -> HTMLElement? {
        if let id = input["id"], !id.isEmpty,
           let linked = document.elements(named: "label").first(where: { $0["for"] == id }) {
            return linked
        }
        if input.subtreeEnd < document.elements.count {
            let next = document.elements[input.subtreeEnd]
            if next.tag == "label", next.parent == input.parent { return next }
        }
        return document.ancestor(of: input) { $0.tag == "label" }
    }

    /// Whether the label shows an amount with a currency ("22,50 €", "$12").
    private static func hasPrice(_ text: String) -> Bool {
        guard text.contains(where: \.isNumber), PriceParser.visibleAmount(text) != nil else { return false }
        return PriceParser.currency(text) != nil
    }
}
