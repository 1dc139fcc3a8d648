import Closet
import Foundation

/// The closet as a spreadsheet (`/export csv`): one row per piece, RFC 4180 quoting, UTF-8 with a byte-order
/// mark so spreadsheet apps read accents right. Field names stay English, like the JSON export's.
enum ClosetCSV {
    static let header = [
        "number", "name", "category", "subcategory", "color", "color_family", "pattern", "fit", "leg_shape", "formality", "warmth",
        "brand", "size", "material", "price", "currency", "wear_count", "last_worn", "in_laundry", "added", "link",
    ]

    /// The document's bytes.
    static func bytes(_ items: [ClosetItem]) -> [UInt8] {
        var lines = [header.joined(separator: ",")]
        for item in items.sorted(by: { $0.number < $1.number }) { lines.append(row(item).map(cell).joined(separator: ",")) }
        return [0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private static func row(_ item: ClosetItem) -> [String] {
        [
            String(item.number), item.name, item.category.rawValue, item.subcategory ?? "", item.color.name, item.color.family.rawValue,
            item.pattern.rawValue, item.fit.rawValue, item.legShape?.rawValue ?? "", String(item.formality), String(item.warmth),
            item.brand ?? "", item.size ?? "", item.material ?? "", item.price.map(\.formattedAmount) ?? "", item.price?.currency ?? "",
            String(item.wearCount), item.lastWornAt.map(day) ?? "", item.isAvailable ? "no" : "yes", day(item.addedAt), item.sourceURL ?? "",
        ]
    }

    /// A value as one CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as
    /// a formula (a shop's name starting with "=", "+", "-", "@") gets a leading apostrophe, so it stays text.
    static func cell(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
