extension ClosetItem {
    /// Every text field with the limit it is checked against.
    public var limitedFields: [(ItemField, String?)] {
        [
            (.name, name), (.subcategory, subcategory), (.colorName, color.name), (.brand, brand), (.size, size),
            (.material, material), (.photo, photo), (.sourceURL, sourceURL),
        ]
    }

    /// Throws the first limit the item breaks: a text too long, or a level outside 1…5.
    ///
    /// Storage calls this before every write, so an entrance that forgot its own check still cannot
    /// save an unbounded value; entrances check earlier to answer with the field the user typed.
    public func checkLimits() throws(ClosetError) {
        for (field, text) in limitedFields {
            if let text { try field.check(text) }
        }
        guard (1...5).contains(formality), (1...5).contains(warmth) else { throw .levelOutOfRange }
    }

    /// The item with every text field cut to its limit and a too-long link dropped, for drafts
    /// filled from web pages.
    public func truncatedToLimits() -> ClosetItem {
        var copy = self
        copy.name = ItemField.name.truncate(name)
        copy.subcategory = subcategory.map(ItemField.subcategory.truncate)
        copy.color = ItemColor(name: ItemField.colorName.truncate(color.name), family: color.family)
        copy.brand = brand.map(ItemField.brand.truncate)
        copy.size = size.map(ItemField.size.truncate)
        copy.material = material.map(ItemField.material.truncate)
        if let link = sourceURL, (try? ItemField.sourceURL.check(link)) == nil { copy.sourceURL = nil }
        return copy
    }
}
