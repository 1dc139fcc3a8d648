import JSON

extension ProductDraft {
    /// The draft as JSON with exactly the keys `wardrobe import` prints: name, brand, category,
    /// goods, subcategory, fit, formality, warmth, colors, pattern, material, price, currency, sku,
    /// availability, images, description, sizes, sources. Missing values are `null`.
    public var json: JSON {
        var sourceMembers: [String: JSON] = [:]
        for (field, source) in sources { sourceMembers[field.rawValue] = .string(source.rawValue) }
        return .object([
            "name": .string(name),
            "brand": JSON(brand),
            "category": JSON(category?.rawValue),
            "goods": JSON(goods),
            "subcategory": JSON(subcategory),
            "fit": JSON(fit?.rawValue),
            "formality": JSON(formality),
            "warmth": JSON(warmth),
            "colors": .array(colors.map { .string($0.name) }),
            "pattern": JSON(pattern?.rawValue),
            "material": JSON(material),
            "price": JSON(price),
            "currency": JSON(currency),
            "sku": JSON(sku),
            "availability": JSON(availability?.rawValue),
            "images": .array(images.map { .string($0.absoluteString) }),
            "description": JSON(description),
            "sizes": .array(sizes.map(JSON.string)),
            "sources": .object(sourceMembers),
        ])
    }
}
