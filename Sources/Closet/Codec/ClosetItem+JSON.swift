import Foundation
import JSON
import Support

extension ClosetItem {
    /// The item in the export shape. The database `id` is left out; storage assigns ids on import.
    public var json: JSON {
        var members: [String: JSON] = [
            "number": JSON(number), "name": .string(name), "category": .string(category.rawValue),
            "subcategory": JSON(subcategory), "formality": JSON(formality), "warmth": JSON(warmth),
            "fit": .string(fit.rawValue), "leg_shape": JSON(legShape?.rawValue),
            "color": ["name": .string(color.name), "family": .string(color.family.rawValue)],
            "pattern": .string(pattern.rawValue), "brand": JSON(brand), "size": JSON(size),
            "material": JSON(material), "photo": JSON(photo), "source_url": JSON(sourceURL),
            "price": JSON(price?.amount), "currency": JSON(currency), "added_at": .string(Self.text(of: addedAt)),
            "wear_count": JSON(wearCount), "available": .bool(isAvailable),
        ]
        members["last_worn_at"] = JSON(lastWornAt.map(Self.text(of:)))
        return .object(members)
    }

    /// Reads one row, collecting a reason for every bad field.
    static func decode(_ row: JSON, importedAt: Date) -> Swift.Result<ClosetItem, RowReasons> {
        guard row.object != nil else { return .failure(RowReasons(["expected an object"])) }
        var reader = RowReader(row: row)
        let name = reader.text("name", .name, required: true) ?? ""
        let category = reader.choice("category", Category.self, required: true) ?? .top
        let formality = reader.level("formality", required: true) ?? 1
        let legShape = reader.choice("leg_shape", LegShape.self, required: false)
        if legShape != nil, category != .bottom { reader.fail("leg_shape: only bottoms have a leg shape") }
        var item = ClosetItem(
            number: reader.whole("number", minimum: 0) ?? 0, name: name, category: category,
            subcategory: reader.text("subcategory", .subcategory, required: false), formality: formality,
            warmth: reader.level("warmth", required: false) ?? 3,
            fit: reader.choice("fit", Fit.self, required: false) ?? .regular, legShape: legShape,
            color: reader.color() ?? ItemColor(name: "black", family: .black),
            pattern: reader.choice("pattern", Pattern.self, required: false) ?? .solid)
        item.brand = reader.text("brand", .brand, required: false)
        item.size = reader.text("size", .size, required: false)
        item.material = reader.text("material", .material, required: false)
        item.photo = reader.text("photo", .photo, required: false)
        item.sourceURL = reader.text("source_url", .sourceURL, required: false)
        item.price = reader.price()
        item.addedAt = reader.date("added_at") ?? importedAt
        item.lastWornAt = reader.date("last_worn_at")
        item.wearCount = reader.whole("wear_count", minimum: 0) ?? 0
        item.isAvailable = reader.flag("available") ?? true
        return reader.reasons.isEmpty ? .success(item) : .failure(RowReasons(reader.reasons))
    }

    /// ISO 8601 text in UTC, e.g. "2025-03-01T09:30:00Z".
    static func text(of date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}

/// The reasons one row was rejected.
struct RowReasons: InternalError {
    /// One text per bad field.
    var reasons: [String]
    /// Wraps the reasons.
    init(_ reasons: [String]) { self.reasons = reasons }
    /// The reasons as one text.
    func joined(separator: String) -> String { reasons.joined(separator: separator) }
}
