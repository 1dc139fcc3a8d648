import Foundation

/// A field `/edit N FIELD VALUE` changes, named in any of the five reply languages ("/edit 3 farbe rot",
/// "/edit 3 taille M") and shown in the reader's (`edit.field.*` in the catalogs).
enum EditField: String, CaseIterable, Sendable {
    case name, category, subcategory, formality, warmth, fit, leg, color, pattern, brand, size, material, price

    /// The field a typed word names, in any language; nil for anything else.
    init?(word: String) {
        let folded = EditField.fold(word)
        guard let field = EditField.byWord[folded] else { return nil }
        self = field
    }

    /// Whether the field may be emptied ("/edit 3 brand none").
    var isOptional: Bool { [.subcategory, .brand, .size, .material, .price].contains(self) }

    /// The catalog key of the field's name.
    var nameKey: String { "edit.field.\(rawValue)" }

    /// Every word for a field: the English name, older aliases and each language's names (folded).
    private static let byWord: [String: EditField] = {
        var words: [String: EditField] = [:]
        let names: [EditField: [String]] = [
            .name: ["name", "nom", "nombre", "nome", "titel", "title"],
            .category: ["category", "kategorie", "categorie", "categoria"],
            .subcategory: ["subcategory", "type", "kind", "unterkategorie", "typ", "art", "sous-categorie", "subcategoria", "tipo", "sottocategoria"],
            .formality: ["formality", "formalitat", "formalitaet", "formalite", "formalidad", "formalita"],
            .warmth: ["warmth", "warme", "waerme", "chaleur", "calidez", "calore"],
            .fit: ["fit", "passform", "schnitt", "coupe", "corte", "ajuste", "vestibilita"],
            .leg: ["leg", "leg_shape", "bein", "beinform", "jambe", "pernera", "gamba"],
            .color: ["color", "colour", "farbe", "couleur", "colore", "cor"],
            .pattern: ["pattern", "muster", "motif", "estampado", "patron", "fantasia", "motivo"],
            .brand: ["brand", "marke", "marque", "marca"],
            .size: ["size", "grosse", "groesse", "taille", "talla", "taglia"],
            .material: ["material", "stoff", "matiere", "tejido", "materiale", "tessuto", "fabric"],
            .price: ["price", "preis", "prix", "precio", "prezzo", "cost", "kosten"],
        ]
        for (field, list) in names { for word in list { words[fold(word)] = field } }
        return words
    }()

    /// Lowercase without accents or ß, as typed words are compared.
    static func fold(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: "ß", with: "ss").folding(options: .diacriticInsensitive, locale: nil)
    }

    /// Words that empty an optional field, in the five languages.
    static func clears(_ value: String) -> Bool {
        ["none", "no", "-", "—", "clear", "delete", "remove", "nothing", "keine", "kein", "keiner", "nichts", "loschen", "leer",
         "aucun", "aucune", "rien", "effacer", "supprimer", "ninguno", "ninguna", "nada", "borrar", "quitar", "nessuno", "nessuna",
         "niente", "cancella", "rimuovi"].contains(fold(value.trimmingCharacters(in: .whitespaces)))
    }
}
