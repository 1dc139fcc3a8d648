import Chat
import Closet
import Foundation
import Localization
import ProductImport
import Support

/// Validates `/edit N FIELD VALUE` and applies it to an item.
enum ItemEditor {
    /// The editable fields, as listed in error messages.
    static let fieldNames = "name, category, subcategory, formality, warmth, fit, leg, color, pattern, brand, size, material, price"

    /// Applies one field change; a bad field or value throws a one-line error listing what is allowed.
    static func apply(field: String, value: String, to item: inout ClosetItem, rules: KeywordRules) throws {
        let text = value.trimmingCharacters(in: .whitespaces)
        // What the keyword rules read in the words (five languages), for the fields that take a garment word.
        let named = { text.count <= 40 ? rules.draft(fromText: text) : nil }
        switch field.lowercased() {
        case "name": item.name = try nonEmpty(text, field: .name)
        case "category":
            let before = item.category
            item.category = try ItemNumbers.category(text, rules: rules)
            // A garment word ("hat") names the kind too; a new category makes the old kind wrong.
            let garment = named()
            if let kind = garment?.subcategory, garment?.category == item.category, kind != item.category.rawValue {
                item.subcategory = kind
            } else if item.category != before {
                item.subcategory = nil
            }
        case "subcategory", "type": item.subcategory = try nonEmpty(text, field: .subcategory).lowercased()
        case "formality": item.formality = try level(text, key: "closet.edit.formality")
        case "warmth": item.warmth = try level(text, key: "closet.edit.warmth")
        // A word the keyword rules know in five languages also does: "skinny" is a slim fit, "zebra" an animal print.
        case "fit": item.fit = try choice(text, Fit.self, field: "fit", known: named()?.fit)
        case "leg", "leg_shape": item.legShape = try choice(text, LegShape.self, field: "leg", known: named()?.legShape)
        case "pattern": item.pattern = try choice(text, Pattern.self, field: "pattern", known: named()?.pattern)
        case "color", "colour":
            let word = text.lowercased()
            // A family by name, else any color the keyword rules know in five languages ("charcoal", "dunkelblau").
            let family = ColorFamily(rawValue: word) ?? rules.color(named: word)?.family
                ?? ColorFamily.allCases.first(where: { word.contains($0.rawValue) })
            guard let family else {
                throw LocalizedUserMessageError("closet.edit.color_family", ["options": .text(ColorFamily.allCases.map(\.rawValue).joined(separator: ", "))])
            }
            item.color = ItemColor(name: try ItemField.colorName.check(word), family: family)
        case "brand": item.brand = try nonEmpty(text, field: .brand)
        case "size": item.size = try nonEmpty(text, field: .size)
        case "material": item.material = try nonEmpty(text, field: .material)
        case "price": item.price = try price(text)
        default:
            let shown = field.count > 20 ? String(field.prefix(19)) + "…" : field
            throw LocalizedUserMessageError("closet.edit.unknown_field", ["field": .text(shown), "fields": .text(fieldNames)])
        }
    }

    /// The field's new value as the item card shows it, so the reply names what was stored: "/edit 3 category
    /// beanie" answers "accessory (hat)", "/edit 1 color charcoal" answers "charcoal (grey)".
    static func shownValue(field: String, of item: ClosetItem, _ words: Phrasebook) -> MessageArgument {
        switch field.lowercased() {
        case "category", "subcategory", "type":
            return .text(words.categoryName(item.category) + (item.subcategory.map { " (\($0))" } ?? ""))
        case "color", "colour":
            let family = words.colorFamilyName(item.color.family)
            return .text(item.color.name == family ? family : "\(item.color.name) (\(family))")
        case "pattern": return .text(words.string("pattern.\(item.pattern.rawValue)"))
        case "fit": return .text(words.string("fit.\(item.fit.rawValue)"))
        case "leg", "leg_shape": return .text(item.legShape.map { words.string("leg.\($0.rawValue)") } ?? "")
        case "formality": return .text(String(item.formality))
        case "warmth": return .text(String(item.warmth))
        case "price": return item.price?.argument ?? .text("")
        case "brand": return .text(item.brand ?? "")
        case "size": return .text(item.size ?? "")
        case "material": return .text(item.material ?? "")
        default: return .text(item.name)
        }
    }

    private static func nonEmpty(_ text: String, field: ItemField) throws -> String {
        guard !text.isEmpty else { throw LocalizedUserMessageError("closet.edit.empty", ["field": .text(field.rawValue)]) }
        return try field.check(text)
    }

    /// "79.90", "79,90 eur": an amount the `Price` type accepts, with an optional currency code.
    static func price(_ text: String) throws -> Price {
        let parts = text.split(separator: " ")
        // A long run of digits is refused before parsing, so "1" followed by 10,000 zeros costs nothing.
        guard parts.count <= 2, let first = parts.first, first.utf8.count <= 20,
              let amount = Double(first.replacingOccurrences(of: ",", with: ".")) else {
            throw LocalizedUserMessageError("closet.edit.price")
        }
        return try Price(amount: amount, currency: parts.count > 1 ? String(parts[1]) : nil)
    }

    private static func level(_ text: String, key: String) throws -> Int {
        guard let value = Int(text), (1...5).contains(value) else { throw LocalizedUserMessageError(key) }
        return value
    }

    private static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, _ type: T.Type, field: String, known: T? = nil
    ) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text.lowercased()) ?? known else {
            throw LocalizedUserMessageError(
                "closet.edit.choice", ["field": .text(field), "options": .text(T.allCases.map(\.rawValue).joined(separator: ", "))])
        }
        return value
    }
}
