import Chat
import Closet
import Foundation

/// How closet items read in chat: short lines for lists, a card for one item, in the reader's language.
enum ItemText {
    /// "#3 Navy wool blazer · navy · formality 4" — one line for lists and outfits.
    static func line(_ item: ClosetItem, _ words: Phrasebook) -> String {
        var parts = ["#\(item.number) \(item.name)"]
        parts.append(words.colorName(item.color))
        parts.append(words.string("item.line.formality", ["level": .text(String(item.formality))]))
        if !item.isAvailable { parts.append(words.string("item.line.laundry")) }
        return parts.joined(separator: " · ")
    }

    /// Every field of one item, for `/item N` and drafts.
    /// `categoryLine` and `colorLine` replace those lines (a draft that does not know them yet).
    static func card(_ item: ClosetItem, title: String? = nil, categoryLine: String? = nil, colorLine: String? = nil, _ words: Phrasebook) -> RichText {
        var lines: [String] = []
        let category = words.categoryName(item.category) + (item.subcategory.map { " (\($0))" } ?? "")
        lines.append(categoryLine ?? words.string("item.card.category", ["category": .text(category)]))
        let family = words.colorFamilyName(item.color.family)
        // "white (white, neutral)" says the family twice: a name that is the family's own word stands alone.
        let name = words.colorName(item.color)
        let key = name.lowercased() == family.lowercased() ? "item.card.color_only" : "item.card.color"
        lines.append(colorLine ?? words.string(
            item.color.isNeutral ? key + "_neutral" : key, ["name": .text(name), "family": .text(family)]))
        lines.append(words.string("item.card.pattern", ["pattern": .text(words.string("pattern.\(item.pattern.rawValue)"))]))
        let fit = words.string("fit.\(item.fit.rawValue)")
        if let leg = item.legShape {
            lines.append(words.string("item.card.fit_leg", ["fit": .text(fit), "leg": .text(words.string("leg.\(leg.rawValue)"))]))
        } else {
            lines.append(words.string("item.card.fit", ["fit": .text(fit)]))
        }
        lines.append(words.string(
            "item.card.levels", ["formality": .text(String(item.formality)), "warmth": .text(String(item.warmth))]))
        if let brand = item.brand { lines.append(words.string("item.card.brand", ["brand": .text(brand)])) }
        if let material = item.material { lines.append(words.string("item.card.material", ["material": .text(material)])) }
        if let size = item.size { lines.append(words.string("item.card.size", ["size": .text(size)])) }
        if let price = item.price { lines.append(words.string("item.card.price", ["price": price.argument])) }
        if item.wearCount > 0 { lines.append(words.string("item.card.worn", ["count": .integer(item.wearCount)])) }
        if !item.isAvailable { lines.append(words.string("item.card.laundry", ["number": .text(String(item.number))])) }
        if let url = item.sourceURL { lines.append(words.string("item.card.link", ["url": .text(url)])) }
        let heading = title ?? (item.number > 0 ? "#\(item.number) \(item.name)" : item.name)
        return .bold(heading) + .plain("\n" + lines.joined(separator: "\n"))
    }
}
