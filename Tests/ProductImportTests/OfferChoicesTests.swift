import Foundation
import ProductImport
import Testing

/// A buy box that offers new, used or shipped copies as radio choices, with the submit button
/// disabled until one is picked.
@Suite struct OfferChoicesTests {
    private func draft(_ offers: String) throws -> ProductDraft {
        let html = """
            <!doctype html><html lang="fr"><head><title>La légende de Darkseid</title></head><body>
            <h1>La légende de Darkseid</h1><p>EAN : 9782365775717</p><span class="price">22,50 €</span>
            <form class="product-offers" action="/add-to-cart/" method="post">\(offers)
            <button class="btn" type="submit" disabled>Valider</button></form></body></html>
            """
        return try TestSupport.draft(html, url: "https://librairie.example.fr/article/7466710")
    }

    private func offer(_ id: String, _ text: String, disabled: Bool) -> String {
        let state = disabled ? " disabled" : ""
        return #"<li><input class="radio-offer" type="radio" name="offertype" id="\#(id)"\#(state)><label for="\#(id)"><div>\#(text)</div></label></li>"#
    }

    @Test func aSelectableOfferWithAPriceIsInStock() throws {
        let found = try draft(offer("a", "Neuf <strong>Non disponible</strong>", disabled: true) + offer("b", "Neuf <strong>22,50 €</strong>", disabled: false))
        #expect(found.availability == .inStock)
    }

    @Test func everyOfferUnavailableIsOutOfStock() throws {
        let found = try draft(offer("a", "Neuf <strong>Non disponible</strong>", disabled: true) + offer("b", "Occasion <strong>Non disponible</strong>", disabled: true))
        #expect(found.availability == .outOfStock)
    }

    @Test func aDisabledOfferWithAPriceSaysNothing() throws {
        let found = try draft(offer("a", "Neuf <strong>22,50 €</strong>", disabled: true))
        #expect(found.availability == nil)
    }

    @Test func aRadioThatIsNotAnOfferSaysNothing() throws {
        let found = try draft(#"<input type="radio" name="gift-wrap" id="g"><label for="g">Emballage cadeau 2,00 €</label>"#)
        #expect(found.availability == nil)
    }
}
