/// Reads a buy box's stock wording in English, German, French, Spanish, Italian, Portuguese,
/// Dutch and Polish ("In stock", "Auf Lager", "Currently unavailable", "Agotado"…).
enum AvailabilityWords {
    /// The availability the text states, or nil when it says nothing about stock.
    static func availability(in text: String) -> Availability? {
        let lowered = text.lowercased()
        // Negative phrases first: "unavailable" holds "available", "nicht verfügbar" holds "verfügbar".
        for (phrases, value) in ordered where phrases.contains(where: lowered.contains) { return value }
        return nil
    }

    private static let ordered: [([String], Availability)] = [
        (preOrder, .preOrder),
        (outOfStock, .outOfStock),
        (limited, .limited),
        (inStock, .inStock),
    ]

    private static let outOfStock = [
        "out of stock", "currently unavailable", "sold out", "not available", "unavailable", "no longer available",
        "nicht verfügbar", "nicht lieferbar", "ausverkauft", "nicht auf lager", "vergriffen",
        "rupture de stock", "épuisé", "epuise", "indisponible", "plus disponible",
        "agotado", "no disponible", "sin stock", "sin existencias",
        "esaurito", "non disponibile", "non più disponibile",
        "esgotado", "indisponível", "fora de estoque", "sem estoque",
        "uitverkocht", "niet op voorraad", "niet beschikbaar", "niet leverbaar",
        "niedostępny", "wyprzedany", "brak w magazynie", "produkt niedostępny",
    ]

    private static let preOrder = [
        "pre-order", "preorder", "vorbestellen", "vorbestellung", "précommande", "precommande", "pre-ordine", "preordine",
        "preventa", "pré-venda", "pre-venda", "voorbestellen", "przedsprzedaż",
    ]

    private static let limited = [
        "only 1 left", "only 2 left", "only 3 left", "only 4 left", "only 5 left", "few left", "low stock",
        "nur noch 1", "nur noch 2", "nur noch 3", "wenige verfügbar", "plus que 1", "plus que 2", "plus que 3",
        "quedan pocas", "solo quedan", "ultimi pezzi", "solo 1 disponibile", "últimas unidades", "nog maar", "ostatnie sztuki",
    ]

    private static let inStock = [
        "in stock", "available now", "ships today", "add to cart", "add to bag", "add to basket",
        "auf lager", "sofort lieferbar", "lieferbar", "verfügbar", "in den warenkorb",
        "en stock", "disponible", "ajouter au panier", "livraison",
        "en existencia", "añadir a la cesta", "añadir al carrito",
        "disponibile", "in magazzino", "aggiungi al carrello",
        "em estoque", "em stock", "disponível", "adicionar ao carrinho",
        "op voorraad", "leverbaar", "beschikbaar", "in winkelwagen",
        "dostępny", "w magazynie", "do koszyka",
    ]
}
