import Foundation
import HTML

/// Reads offered sizes and colours from the variant pickers a shopper uses: `<select>` lists
/// and button or swatch rows labelled as size or colour pickers.
enum VariantPickers {
    /// Sizes in picker order.
    static func sizes(in document: HTMLDocument) -> [String] {
        values(in: document, words: sizeWords, labels: sizeLabels, maximumLength: 12)
    }

    /// Colour names in picker order.
    static func colors(in document: HTMLDocument) -> [String] {
        values(in: document, words: colorWords, labels: colorLabels, maximumLength: 40)
    }

    private static func values(in document: HTMLDocument, words: [String], labels: AttributeWords, maximumLength: Int) -> [String] {
        var result: [String] = []
        for select in document.elements(named: "select") where labelled(select, words, labels) {
            for option in document.descendants(of: select) where option.tag == "option" {
                if option["value"]?.isEmpty == true { continue }
                ProductFacts.appendUnique(usable(document.text(of: option), maximumLength), to: &result)
            }
            if !result.isEmpty { return result }
        }
        // Every element of the page passes here: the tag test comes first and allocates nothing.
        for container in document.elements where (container.tag == "div" || container.tag == "ul" || container.tag == "fieldset")
            && labelled(container, words, labels) {
            guard container.subtreeEnd - container.index < 400 else { continue }
            let choices = document.children(of: container).flatMap { child -> [HTMLElement] in
                ["li", "button", "label", "a"].contains(child.tag) ? [child] : document.children(of: child).filter { ["button", "label", "li"].contains($0.tag) }
            }
            guard choices.count >= 2 else { continue }
            for choice in choices {
                ProductFacts.appendUnique(usable(label(of: choice, in: document), maximumLength), to: &result)
            }
            if result.count >= 2 { return result }
            result = []
        }
        return result
    }

    /// A choice's name: its own or its first inner control's label attributes, else its text.
    private static func label(of choice: HTMLElement, in document: HTMLDocument) -> String {
        for element in [choice] + document.descendants(of: choice).prefix(5) {
            for attribute in ["aria-label", "title", "data-value", "alt"] {
                if let value = element[attribute], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
            }
        }
        return document.text(of: choice)
    }

    private static func labelled(_ element: HTMLElement, _ words: [String], _ labels: AttributeWords) -> Bool {
        guard labels.matches(element) else { return false }
        var label = ""
        for attribute in element.attributes where ["id", "class", "name", "aria-label", "data-testid", "data-test", "data-option-name"].contains(attribute.name) {
            label += attribute.value.lowercased() + " "
        }
        return words.contains(where: label.includes) && !label.includes("guide") && !label.includes("chart")
    }

    private static func usable(_ text: String, _ maximumLength: Int) -> String? {
        let trimmed = HTMLDocument.collapsingWhitespace(text)
        let lowered = trimmed.lowercased()
        guard !trimmed.isEmpty, trimmed.count <= maximumLength, !placeholders.contains(where: lowered.includes) else { return nil }
        return trimmed
    }

    private static let labelAttributes: Set<String> = ["id", "class", "name", "aria-label", "data-testid", "data-test", "data-option-name"]
    private static let sizeLabels = AttributeWords(sizeWords, in: labelAttributes)
    private static let colorLabels = AttributeWords(colorWords, in: labelAttributes)
    private static let sizeWords = ["size", "größe", "groesse", "grösse", "taille", "talla", "taglia", "tamanho", "maat", "rozmiar"]
    private static let colorWords = ["colour", "color", "farbe", "couleur", "colore", "kleur", "kolor", "swatch"]
    private static let placeholders = ["select", "choose", "wähle", "auswählen", "choisi", "seleccion", "elige", "scegli", "selezion", "escolh", "kies", "wybierz", "--", "size guide"]
}
