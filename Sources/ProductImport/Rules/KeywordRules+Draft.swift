/// Drafts from typed text, for the hand-entry command (`/add navy wool blazer`).
extension KeywordRules {
    /// A draft built only from the words the user typed; every field it sets is sourced `text`.
    public func draft(fromText text: String) -> ProductDraft {
        let trimmed = text.trimmed
        let name = trimmed.prefix(1).uppercased() + trimmed.dropFirst()
        var draft = ProductDraft(name: name)
        draft.sources[.name] = .text
        let found = classify(KeywordInput(name: trimmed))
        draft.apply(found, source: .text, materialSource: .text, colorSource: .text)
        let typed = typedColors(in: trimmed)
        if !typed.isEmpty { draft.colors = typed }
        if let brand = brands.brand(inTypedText: trimmed) {
            draft.brand = brand
            draft.sources[.brand] = .text
        }
        return draft
    }
}

extension ProductDraft {
    /// Copies the keyword conclusions into empty fields and records their source.
    mutating func apply(_ found: KeywordClassification, source: ExtractionSource, materialSource: ExtractionSource?, colorSource: ExtractionSource) {
        func set<Value>(_ keyPath: WritableKeyPath<ProductDraft, Value?>, _ value: Value?, _ field: DraftField, from origin: ExtractionSource = source) {
            guard self[keyPath: keyPath] == nil, let value else { return }
            self[keyPath: keyPath] = value
            sources[field] = origin
        }
        set(\.category, found.category, .category)
        if category == nil { goods = goods ?? found.goods }
        set(\.subcategory, found.subcategory, .subcategory)
        set(\.fit, found.fit, .fit)
        legShape = legShape ?? found.legShape
        set(\.formality, found.formality, .formality)
        set(\.warmth, found.warmth, .warmth)
        set(\.pattern, found.pattern, .pattern)
        if material == nil, let fibre = found.material {
            material = fibre
            sources[.material] = materialSource ?? source
        }
        if colors.isEmpty, !found.colors.isEmpty {
            colors = found.colors
            sources[.colors] = colorSource
        }
    }
}
