import Foundation
import HTML

/// Reads offered sizes and colours from the variant pickers a shopper uses: `<select>` lists
/// and button or swatch rows labelled as size or colour pickers.
enum VariantPickers {
    /// A picker's values in order, and the choices they came from.
    struct Picker {
        var values: [String] = []
        var choices: [HTMLElement] = []
    }

    /// A picker's words (lowercase), and the same words found in label attributes or bytes in any ASCII case.
    struct Vocabulary: Sendable {
        let list: [String]
        let labels: AttributeWords
    }

    /// The size picker (its sizes in picker order) and, when `colors`, the colour picker (colour names), found in one
    /// pass over the page: the page reader asks for both, and the size picker also for stock. A shop whose site rule
    /// reads its colours is not searched for them (Amazon's classes say "a-color-price" all over).
    static func pickers(in document: HTMLDocument, colors: Bool) -> (sizes: Picker, colors: Picker) {
        guard colors else { return (pickers(in: document, [(sizes, 12)], either: sizes)[0], Picker()) }
        let found = pickers(in: document, [(sizes, 12), (self.colors, 40)], either: either)
        return (found[0], found[1])
    }

    /// The stock state the size picker shows when it marks sold-out sizes one by one ("soldOut" on
    /// H&M's `li`, "M – ausverkauft" in an option): some sizes left is in stock, every size marked
    /// is sold out. A picker that marks none says nothing (a listing's size filter marks none).
    static func sizeStock(of picker: Picker, in document: HTMLDocument) -> Availability? {
        let choices = picker.choices
        guard choices.count >= 2 else { return nil }
        let marks = choices.map { soldOutMark($0, in: document) }
        // Shopify's Dawn writes "Variant sold out or unavailable" for screen readers into every size's label and
        // shows it by CSS: a line every choice carries is the template, not a state.
        let spokenByAll = marks.allSatisfy(\.spoken)
        let marked = marks.filter { $0.shown || $0.spoken && !spokenByAll }.count
        if marked == 0 { return nil }
        return marked == choices.count ? .outOfStock : .inStock
    }

    /// For each search, the first picker labelled by its words that offers at least one usable value: its values,
    /// and the choices they came from. Each search finds what it would alone; they share the passes over the page,
    /// and an element is asked about each search's words only when it holds a word of any (`either`, every search's
    /// words): most hold none.
    private static func pickers(in document: HTMLDocument, _ searches: [(words: Vocabulary, maximumLength: Int)], either: Vocabulary) -> [Picker] {
        var found = [Picker?](repeating: nil, count: searches.count)
        func collect(_ search: Int, _ choice: HTMLElement, _ value: String?, into picker: inout Picker) {
            guard let value = usable(withoutStockNote(value ?? ""), searches[search].maximumLength), !picker.values.contains(value) else { return }
            picker.values.append(value)
            picker.choices.append(choice)
        }
        func pending() -> [Int] { found.indices.filter { found[$0] == nil } }
        for select in document.elements(named: "select") where !pending().isEmpty && isSelectPicker(select, either, document) {
            for search in pending() where isSelectPicker(select, searches[search].words, document) {
                var picker = Picker()
                for option in document.descendants(of: select) where option.tag == "option" {
                    if option["value"]?.isEmpty == true { continue }
                    collect(search, option, document.text(of: option), into: &picker)
                }
                if !picker.values.isEmpty { found[search] = picker }
            }
        }
        // Every element of the page passes here: the tag test comes first and allocates nothing.
        var open = pending()
        for container in document.elements where !open.isEmpty && (container.tag == "div" || container.tag == "ul" || container.tag == "fieldset")
            && container.subtreeEnd - container.index < 400 && isContainerPicker(container, either, document) {
            for search in open where isContainerPicker(container, searches[search].words, document) {
                var picker = Picker()
                for choice in choiceElements(of: container, in: document) { collect(search, choice, label(of: choice, searches[search].words, in: document), into: &picker) }
                if picker.values.count >= 2 { found[search] = picker }
            }
            open = pending()
        }
        // `<dt>Grösse:</dt><dd><ul>…</ul></dd>`: a list captioned by its definition term.
        for term in document.elements(named: "dt") where !pending().isEmpty && captions(term, either, document) {
            guard let parent = term.parent, let next = document.children(of: document.elements[parent]).first(where: { $0.index > term.index }),
                  next.tag == "dd", next.subtreeEnd - next.index < 400 else { continue }
            let list = document.descendants(of: next).first { $0.tag == "ul" || $0.tag == "select" || $0.tag == "fieldset" }
            for search in pending() where captions(term, searches[search].words, document) {
                var picker = Picker()
                for choice in list.map({ choiceElements(of: $0, in: document) }) ?? [] {
                    collect(search, choice, label(of: choice, searches[search].words, in: document), into: &picker)
                }
                if picker.values.count >= 2 { found[search] = picker }
            }
        }
        return found.map { $0 ?? Picker() }
    }

    /// Whether a `<select>` is a picker of `words`: by its own labels, a `<label for>`, a caption just before it or its row's header.
    private static func isSelectPicker(_ select: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        labelled(select, words) || captionedByLabel(select, words, document) || captionedBySibling(select, words, document)
            || captionedByRowHeader(select, words, document)
    }

    /// Whether a `div`, `ul` or `fieldset` is a picker of `words`: by its own labels, a legend, a caption just before it or its first child.
    private static func isContainerPicker(_ container: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        labelled(container, words) || captionedByLegend(container, words, document) || captionedBySibling(container, words, document)
            || captionedWithin(container, words, document)
    }

    /// A container's choices: its `li`, `button`, `label`, `a` or `option` children, or those one level down.
    private static func choiceElements(of container: HTMLElement, in document: HTMLDocument) -> [HTMLElement] {
        let choices = document.children(of: container).flatMap { child -> [HTMLElement] in
            choiceTags.contains(child.tag) ? [child] : document.children(of: child).filter { ["button", "label", "li"].contains($0.tag) }
        }
        return choices.count >= 2 ? choices : []
    }

    private static let choiceTags: Set<String> = ["li", "button", "label", "a", "option"]

    /// Whether a short term reads as the picker's caption: "Grösse:", "Size", "Taille :", "Size: M" (the
    /// chosen value after the colon), "Size *" (a required field's star, nopCommerce).
    private static func captions(_ term: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        guard document.textFits(term, utf8Bytes: 40), mayHoldWord(term, words, document) else { return false }
        let lowered = document.text(of: term).lowercased()
        // Each clause below needs a word inside the text: most short texts of a page hold none, and are done here.
        guard words.list.contains(where: lowered.includes) else { return false }
        // Direction marks (`&lrm;`, as Amazon writes around its labels) are no part of a caption.
        let text = lowered.trimming { $0 == " " || $0 == ":" || $0 == "：" || $0 == "\u{00A0}" || $0 == "*" || $0.properties.generalCategory == .format }
        let head = text.split(whereSeparator: { $0 == ":" || $0 == "：" }).first.map {
            String($0).trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator || $0.properties.generalCategory == .format }
        } ?? text
        // A dropdown drawn as a list under its prompt ("Select Size" above a `ul`, jQuery nice-select).
        return words.list.contains(text) || words.list.contains(head) || isPrompt(text) && words.list.contains(where: text.includes)
    }

    /// Whether one of `words` can be in the element's text, judged without the lowered copy `captions` makes: most
    /// short texts of a page hold none of them. The runs are searched as one, as `text(of:)` joins them ("Si<b>ze</b>"
    /// holds "size"), with ASCII capitals folded; a character that lowering would change otherwise ("Ö") leaves the
    /// question to the copy. Caseless characters (Amazon's `&lrm;`, "›", CJK) stay as they are, as lowering keeps them.
    private static func mayHoldWord(_ element: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        // `captions` asks only of texts that fit in 40 bytes with their runs' spaces; a longer one is left to the copy.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { text in
            var count = 0
            // Most captions are ASCII: their bytes go in as they are (the word search folds ASCII case itself).
            var ascii = true
            bytes: for run in document.texts[element.textRuns] {
                for byte in run.utf8 {
                    guard byte < 0x80 else {
                        ascii = false
                        break bytes
                    }
                    guard count < text.count else { return true }
                    text[count] = byte
                    count += 1
                }
            }
            if ascii { return words.labels.contains(UnsafeBufferPointer(text), 0..<count) }
            count = 0
            for run in document.texts[element.textRuns] {
                for scalar in run.unicodeScalars {
                    if scalar.isASCII {
                        guard count < text.count else { return true }
                        let byte = UInt8(scalar.value)
                        text[count] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                        count += 1
                    } else if scalar.properties.changesWhenLowercased {
                        return true
                    } else {
                        for byte in String(scalar).utf8 {
                            guard count < text.count else { return true }
                            text[count] = byte
                            count += 1
                        }
                    }
                }
            }
            return words.labels.contains(UnsafeBufferPointer(text), 0..<count)
        }
    }

    /// A `<select id="attribute143">` that a `<label for="attribute143">Taglia</label>` names (Magento, WooCommerce).
    private static func captionedByLabel(_ select: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        guard let id = select["id"], !id.isEmpty else { return false }
        return document.elements(named: "label").contains { $0["for"] == id && captions($0, words, document) }
    }

    /// A picker right after a short caption of its own (`<span class="control-label">Taille</span><select>`, PrestaShop):
    /// the element just before it under the same parent, found within a few steps back since a caption is small.
    private static func captionedBySibling(_ picker: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        guard let parent = picker.parent else { return false }
        var cursor = picker.index - 1
        while cursor > parent, cursor >= picker.index - 6 {
            let element = document.elements[cursor]
            if element.parent == parent {
                return captionTags.contains(element.tag) && captions(element, words, document)
            }
            cursor -= 1
        }
        return false
    }

    private static let captionTags: Set<String> = ["span", "label", "p", "div", "strong", "b", "h3", "h4", "h5", "legend", "dt"]

    /// A dropdown in a table or definition row whose header names it (`<tr><th>사이즈</th><td><select>`, as Cafe24
    /// and many Asian shops lay out their options): the cell a few levels up, and the header cell just before it.
    private static func captionedByRowHeader(_ select: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        var cell = select.parent
        for _ in 0..<3 {
            guard let index = cell else { return false }
            let element = document.elements[index]
            if element.tag == "td" || element.tag == "dd" {
                guard let row = element.parent else { return false }
                let header = document.children(of: document.elements[row]).last { $0.index < element.index }
                return header.map { ($0.tag == "th" || $0.tag == "dt") && captions($0, words, document) } ?? false
            }
            cell = element.parent
        }
        return false
    }

    /// `<div><span>Color: Navy</span><button>…</button><button>…</button></div>`: a row of choices under a caption of its
    /// own, its first child (Salesforce's storefronts).
    private static func captionedWithin(_ container: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        // The first child is the element right after the container, when the container has any.
        guard container.tag == "div", container.subtreeEnd - container.index < 400, container.index + 1 < container.subtreeEnd else { return false }
        let first = document.elements[container.index + 1]
        return captionTags.contains(first.tag) && captions(first, words, document)
    }

    /// A `<fieldset>` whose `<legend>` names it ("Size" above a row of radio buttons, as Shopify themes draw it).
    private static func captionedByLegend(_ container: HTMLElement, _ words: Vocabulary, _ document: HTMLDocument) -> Bool {
        guard container.tag == "fieldset" else { return false }
        return document.children(of: container).contains { $0.tag == "legend" && captions($0, words, document) }
    }

    /// "M – ausverkauft" → "M", "3.5 [In Stock]" → "3.5": an option's stock note after a dash or in brackets is not part of
    /// the size.
    private static func withoutStockNote(_ text: String) -> String {
        let lowered = text.lowercased()
        guard text.utf8.count <= 80, soldOutWords.contains(where: lowered.includes) || inStockWords.contains(where: lowered.includes) else { return text }
        for separator in [" – ", " - ", " — ", " (", " [", " / "] {
            if let cut = text.range(of: separator) { return String(text[..<cut.lowerBound]) }
        }
        return text
    }

    /// How a choice says it is sold out: in its attributes, its input's or its shown text, and in text for
    /// screen readers.
    private struct SoldOutMark {
        var shown = false
        var spoken = false
    }

    /// Whether a choice, its label attributes, the input a label names (`class="disabled"`, Dawn) or its text
    /// mark it sold out.
    private static func soldOutMark(_ choice: HTMLElement, in document: HTMLDocument) -> SoldOutMark {
        var mark = SoldOutMark()
        var marked = [choice] + document.descendants(of: choice).prefix(4)
        if let input = input(namedBy: choice, in: document) {
            mark.shown = input.has("disabled")
            marked.append(input)
        }
        for element in marked where !mark.shown {
            // A screen-reader line's own class ("label-unavailable") speaks like its text does.
            let spoken = HeadingText.isScreenReaderOnly(element)
            for attribute in element.attributes where ["class", "aria-label", "title", "data-availability", "data-stock"].contains(attribute.name) {
                let value = attribute.value.lowercased()
                if soldOutWords.contains(where: value.includes) || attribute.name == "class" && value.split(separator: " ").contains("disabled") {
                    if spoken { mark.spoken = true } else { mark.shown = true }
                }
            }
        }
        guard document.textFits(choice, utf8Bytes: 60) else { return mark }
        let text = document.text(of: choice).lowercased()
        guard soldOutWords.contains(where: text.includes) else { return mark }
        let shown = HeadingText.name(of: choice, in: document)?.lowercased() ?? ""
        if soldOutWords.contains(where: shown.includes) { mark.shown = true } else { mark.spoken = true }
        return mark
    }

    /// Stock notes of a size that can be had ("[In Stock]", "(Low Stock)", "– nur noch 2").
    private static let inStockWords = [
        "in stock", "low stock", "available", "auf lager", "lieferbar", "nur noch", "en stock", "disponible", "disponibile", "op voorraad",
        "em estoque", "dostępn", "left", "übrig",
    ]

    /// How pickers mark a size that cannot be bought, in class names and in the languages the importer reads.
    private static let soldOutWords = [
        "soldout", "sold-out", "sold_out", "sold out", "outofstock", "out-of-stock", "out_of_stock", "out of stock", "unavailable",
        "not-available", "nostock", "no-stock", "ausverkauft", "nicht verfügbar", "épuisé", "epuise", "agotado", "esaurito", "uitverkocht",
        "esgotado", "wyprzedane", "niedostępn", "품절", "售完", "已售完", "在庫なし", "売り切れ", "not available", "no disponible",
        "non disponibile", "indisponible", "nicht lieferbar", "niet beschikbaar", "indisponível",
    ]

    /// The input a `<label for="…">` choice names.
    private static func input(namedBy choice: HTMLElement, in document: HTMLDocument) -> HTMLElement? {
        guard choice.tag == "label", let target = choice["for"], !target.isEmpty else { return nil }
        return document.elements(withID: target).first { $0.tag == "input" }
    }

    /// A choice's name: its own or its first inner control's label attributes, else its text.
    private static func label(of choice: HTMLElement, _ words: Vocabulary, in document: HTMLDocument) -> String {
        // `<input type="radio" id="v-1" value="S"><label for="v-1">S<span>Variant sold out</span></label>`: the input's value.
        if let value = input(namedBy: choice, in: document)?["value"], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            // Shopware's inputs carry the option's number ("11"): the label names the size then.
            guard value.utf8.allSatisfy(ASCIIByte.isDigit) else { return value }
            if let title = choice["title"], !title.trimmed.isEmpty { return title }
            if let shown = HeadingText.name(of: choice, in: document) { return shown }
            return value
        }
        for element in [choice] + document.descendants(of: choice).prefix(5) {
            for attribute in ["aria-label", "title", "data-value", "alt"] {
                // Some pickers keep the variant's address in `data-value`: the text names the size then.
                if let value = element[attribute], !value.trimmingCharacters(in: .whitespaces).isEmpty, !value.includes("://") {
                    return isPrompt(value) ? afterPrompt(value, words) ?? value : value
                }
            }
        }
        return document.text(of: choice)
    }

    /// "Select Color Navy" → "Navy": a button's label that prompts for the picker's attribute before naming the choice
    /// (Salesforce's storefronts).
    private static func afterPrompt(_ value: String, _ words: Vocabulary) -> String? {
        guard value.utf8.count <= 80 else { return nil }
        let lowered = value.lowercased()
        // The lowered label keeps the original's offsets only where lowering keeps every length.
        guard lowered.utf8.count == value.utf8.count,
              let word = words.list.compactMap({ lowered.range(of: $0 + " ") }).max(by: { $0.upperBound < $1.upperBound }) else { return nil }
        let offset = lowered.utf8.distance(from: lowered.startIndex, to: word.upperBound)
        let rest = String(decoding: value.utf8.dropFirst(offset), as: UTF8.self).trimming { $0 == " " || $0 == ":" }
        return rest.isEmpty || isPrompt(rest) ? nil : rest
    }

    private static func labelled(_ element: HTMLElement, _ words: Vocabulary) -> Bool {
        guard words.labels.matches(element) else { return false }
        var label = ""
        for attribute in element.attributes where labelAttributes.contains(attribute.name) {
            label += attribute.value.lowercased() + " "
        }
        return words.list.contains(where: label.includes) && !label.includes("guide") && !label.includes("chart")
    }

    private static func usable(_ text: String, _ maximumLength: Int) -> String? {
        let trimmed = HTMLDocument.collapsingWhitespace(text)
        guard !trimmed.isEmpty, trimmed.count <= maximumLength, !isPrompt(trimmed), !controlWords.contains(trimmed.lowercased()) else { return nil }
        return trimmed
    }

    /// A dropdown's own buttons and a shop's placeholder for "no size", listed as entries by some pickers
    /// (& Other Stories' "NOSIZE" and "Cancel").
    private static let controlWords: Set<String> = [
        "cancel", "close", "done", "clear", "reset", "apply", "ok", "abbrechen", "schließen", "fertig", "annuler", "fermer", "cancelar",
        "cerrar", "annulla", "chiudi", "annuleren", "sluiten", "anuluj", "zamknij", "nosize", "no size", "n/a", "none",
    ]

    /// Whether a picker's entry is its prompt ("Select size", "Größe wählen", "Sélectionner la taille"), not a choice.
    static func isPrompt(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return placeholders.contains(where: lowered.includes)
    }

    /// Whether a text prompts for a size ("Choose size", "Größe wählen").
    static func isSizePrompt(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard !lowered.includes("guide"), !lowered.includes("chart") else { return false }
        return placeholders.contains(where: lowered.includes) && sizeWords.contains(where: lowered.includes)
    }

    private static let labelAttributes: Set<String> = ["id", "class", "name", "aria-label", "data-testid", "data-test", "data-option-name"]
    private static let sizes = Vocabulary(list: sizeWords, labels: AttributeWords(sizeWords, in: labelAttributes))
    private static let colors = Vocabulary(list: colorWords, labels: AttributeWords(colorWords, in: labelAttributes))
    /// Both lists: what is no picker of either is no picker of one (every test above only asks whether a word is in a text).
    private static let either = Vocabulary(list: sizeWords + colorWords, labels: AttributeWords(sizeWords + colorWords, in: labelAttributes))
    private static let sizeWords = ["size", "größe", "groesse", "grösse", "taille", "talla", "taglia", "tamanho", "maat", "rozmiar", "storlek",
                                    "velikost", "размер", "사이즈", "크기", "サイズ", "尺寸", "尺碼", "尺码"]
    private static let colorWords = ["colour", "color", "farbe", "couleur", "colore", "kleur", "kolor", "swatch", "färg", "barva", "цвет",
                                     "색상", "컬러", "색깔", "カラー", "色", "顏色", "颜色"]
    private static let placeholders = ["select", "sélection", "choose", "wähle", "auswählen", "choisi", "seleccion", "elige", "scegli", "selezion", "escolh", "kies", "wybierz", "--", "size guide",
                                        "선택", "選択", "选择", "選擇", "お選びください", "請選擇", "请选择"]
}
