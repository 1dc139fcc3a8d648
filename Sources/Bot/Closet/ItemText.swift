import Chat
import Foundation
import Closet

/// How closet items read in chat: short lines for lists, a card for one item.
enum ItemText {
    /// "#3 Navy wool blazer · navy · formality 4" — one line for lists and outfits.
    static func line(_ item: ClosetItem) -> String {
        var parts = ["#\(item.number) \(item.name)"]
        parts.append(item.color.name)
        parts.append("formality \(item.formality)")
        if !item.isAvailable { parts.append("in the laundry") }
        return parts.joined(separator: " · ")
    }

    /// Every field of one item, for `/item N` and drafts.
    static func card(_ item: ClosetItem, title: String? = nil) -> RichText {
        var lines: [String] = []
        lines.append("Category: \(item.category.rawValue)" + (item.subcategory.map { " (\($0))" } ?? ""))
        lines.append("Color: \(item.color.name) (\(item.color.family.rawValue)\(item.color.isNeutral ? ", neutral" : ""))")
        lines.append("Pattern: \(item.pattern.rawValue)")
        lines.append("Fit: \(item.fit.rawValue)" + (item.legShape.map { ", \($0.rawValue) leg" } ?? ""))
        lines.append("Formality: \(item.formality)/5 · Warmth: \(item.warmth)/5")
        if let brand = item.brand { lines.append("Brand: \(brand)") }
        if let material = item.material { lines.append("Material: \(material)") }
        if let size = item.size { lines.append("Size: \(size)") }
        if let price = item.price { lines.append("Price: \(price.formatted)") }
        if item.wearCount > 0 { lines.append("Worn \(item.wearCount)×") }
        if !item.isAvailable { lines.append("In the laundry — /clean \(item.number) when it's back") }
        if let url = item.sourceURL { lines.append("Link: \(url)") }
        let heading = title ?? (item.number > 0 ? "#\(item.number) \(item.name)" : item.name)
        return .bold(heading) + .plain("\n" + lines.joined(separator: "\n"))
    }
}
