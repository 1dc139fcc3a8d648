import Chat
import Closet
import Foundation
import Localization
import ProductImport
import Support

/// Validates `/edit N FIELD VALUE` and applies it to an item.
enum ItemEditor {
    /// The editable fields in the reader's language, as listed in error messages.
    static func fieldNames(_ words: Phrasebook) -> String {
        EditField.allCases.map { words.string($0.nameKey) }.joined(separator: ", ")
    }

    /// The field `word` names (in any of the five languages); an unknown word throws, listing the fields.
    static func field(_ word: String, _ words: Phrasebook) throws -> EditField {
        guard let field = EditField(word: word) else {
            let shown = word.shortened(to: 20)
            throw LocalizedUserMessageError("closet.edit.unknown_field", ["field": .text(shown), "fields": .text(fieldNames(words))])
        }
        return field
    }

    /// Applies one field change; a bad value throws a one-line error listing what is allowed. An optional
    /// field given a word such as "none", "-" or "keine" is emptied.
    static func apply(_ field: EditField, value: String, to item: inout ClosetItem, rules: KeywordRules, _ words: Phrasebook) throws {
        let text = value.trimmingCharacters(in: .whitespaces)
        if field.isOptional, EditField.clears(text) {
            switch field {
            case .subcategory: item.subcategory = nil
            case .brand: item.brand = nil
            case .size: item.size = nil
            case .material: item.material = nil
            default: item.price = nil
            }
            return
        }
        // What the keyword rules read in the words (five languages), for the fields that take a garment word.
        let named = { text.count <= 40 ? rules.draft(fromText: text) : nil }
        switch field {
        case .name: item.name = try nonEmpty(text, field: .name, words)
        case .category:
            let before = item.category
            item.category = try ItemNumbers.category(text, rules: rules)
            // A garment word ("hat") names the kind too; a new category makes the old kind wrong.
            let garment = named()
            if let kind = garment?.subcategory, garment?.category == item.category, kind != item.category.rawValue {
                item.subcategory = kind
            } else if item.category != before {
                item.subcategory = nil
            }
        case .subcategory: item.subcategory = try nonEmpty(text, field: .subcategory, words).lowercased()
        case .formality: item.formality = try level(text, key: "closet.edit.formality")
        case .warmth: item.warmth = try level(text, key: "closet.edit.warmth")
        // A word the keyword rules know in five languages also does: "skinny" is a slim fit, "zebra" an animal print;
        // so do the names the card shows in the reader's language ("locker", "gestreift").
        case .fit: item.fit = try choice(text, Fit.self, field: field, prefix: "fit", known: named()?.fit, words)
        case .leg: item.legShape = try choice(text, LegShape.self, field: field, prefix: "leg", known: named()?.legShape, words)
        case .pattern: item.pattern = try choice(text, Pattern.self, field: field, prefix: "pattern", known: named()?.pattern, words)
        case .color:
            let word = text.lowercased()
            // A family by name (in the reader's language too), else any color the keyword rules know in five
            // languages ("charcoal", "dunkelblau").
            let family = ColorFamily(rawValue: word) ?? ColorFamily.allCases.first { words.colorFamilyName($0).lowercased() == word }
                ?? rules.color(named: word)?.family ?? ColorFamily.allCases.first(where: { word.contains($0.rawValue) })
            guard let family else {
                throw LocalizedUserMessageError(
                    "closet.edit.color_family", ["options": .text(ColorFamily.allCases.map(words.colorFamilyName).joined(separator: ", "))])
            }
            item.color = ItemColor(name: try ItemField.colorName.check(word), family: family)
        case .brand: item.brand = try nonEmpty(text, field: .brand, words)
        case .size: item.size = try nonEmpty(text, field: .size, words)
        case .material: item.material = try nonEmpty(text, field: .material, words)
        case .price: item.price = try price(text)
        }
    }

    /// The field's new value as the item card shows it, so the reply names what was stored: "/edit 3 category
    /// beanie" answers "accessory (hat)", "/edit 1 color charcoal" answers "charcoal (grey)"; nil when it was emptied.
    static func shownValue(_ field: EditField, of item: ClosetItem, _ words: Phrasebook) -> MessageArgument? {
        switch field {
        case .category, .subcategory:
            guard field == .category || item.subcategory != nil else { return nil }
            return .text(words.categoryName(item.category) + (item.subcategory.map { " (\($0))" } ?? ""))
        case .color:
            let family = words.colorFamilyName(item.color.family)
            let name = words.colorName(item.color)
            return .text(name == family ? family : "\(name) (\(family))")
        case .pattern: return .text(words.string("pattern.\(item.pattern.rawValue)"))
        case .fit: return .text(words.string("fit.\(item.fit.rawValue)"))
        case .leg: return item.legShape.map { .text(words.string("leg.\($0.rawValue)")) }
        case .formality: return .text(String(item.formality))
        case .warmth: return .text(String(item.warmth))
        case .price: return item.price?.argument
        case .brand: return item.brand.map { .text($0) }
        case .size: return item.size.map { .text($0) }
        case .material: return item.material.map { .text($0) }
        case .name: return .text(item.name)
        }
    }

    private static func nonEmpty(_ text: String, field: ItemField, _ words: Phrasebook) throws -> String {
        guard !text.isEmpty else {
            let name = EditField(rawValue: field.rawValue).map { words.string($0.nameKey) } ?? field.rawValue
            throw LocalizedUserMessageError("closet.edit.empty", ["field": .text(name)])
        }
        return try field.check(text)
    }

    /// "79.90", "79,90 eur", "1.299,00 €", "$20", "1,000": an amount the `Price` type accepts, with the
    /// currency its code or symbol names. Text of more than 30 bytes is refused before parsing, so "1"
    /// followed by 10,000 zeros costs nothing.
    static func price(_ text: String) throws -> Price {
        guard let reading = PriceText.read(text) else { throw LocalizedUserMessageError("closet.edit.price") }
        guard !reading.hasUnknownCurrency else {
            throw LocalizedUserMessageError("closet.edit.currency", ["text": .text(String(text.prefix(30)))])
        }
        return try Price(amount: reading.amount, currency: reading.currency)
    }

    private static func level(_ text: String, key: String) throws -> Int {
        guard let value = TypedNumber.integer(text), (1...5).contains(value) else { throw LocalizedUserMessageError(key) }
        return value
    }

    /// A value of a choice field: its English name, the name the card shows in the reader's language, or
    /// what the keyword rules read; otherwise the error lists the names in the reader's language.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, _ type: T.Type, field: EditField, prefix: String, known: T? = nil, _ words: Phrasebook
    ) throws -> T where T.RawValue == String {
        let typed = EditField.fold(text)
        let shown = { (value: T) in words.string("\(prefix).\(value.rawValue)") }
        guard let value = T(rawValue: text.lowercased()) ?? T.allCases.first(where: { EditField.fold(shown($0)) == typed }) ?? known else {
            throw LocalizedUserMessageError(
                "closet.edit.choice", ["field": .text(words.string(field.nameKey)), "options": .text(T.allCases.map(shown).joined(separator: ", "))])
        }
        return value
    }
}
