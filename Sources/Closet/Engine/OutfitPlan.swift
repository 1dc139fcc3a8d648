/// Step one of the engine: the pieces that may be worn to an occasion and the outfit shapes they allow.
struct OutfitPlan {
    /// An outfit shape: its slots in key order, the last one possibly an optional layer.
    struct Shape {
        var categories: [Category]
        var optionalLayer: Bool
    }

    /// Closet indices of usable pieces, by category.
    let pieces: [Category: [Int]]
    /// The shapes that can be filled; empty when something is missing.
    let shapes: [Shape]
    /// What is missing when no shape can be filled.
    let missing: MissingPieces?

    /// Filters the closet to the occasion's formality range and drops pieces in the laundry.
    init(closet: [ClosetItem], occasion: Occasion) {
        let low = min(max(occasion.formality.lowerBound, 1), 5)
        let range = low...max(low, min(occasion.formality.upperBound, 5))
        var pieces: [Category: [Int]] = [:]
        var washing: Set<Category> = []
        for (index, item) in closet.enumerated() where item.category != .accessory && range.contains(item.formality) {
            if item.isAvailable { pieces[item.category, default: []].append(index) } else { washing.insert(item.category) }
        }
        self.pieces = pieces
        let has = { (category: Category) in !(pieces[category] ?? []).isEmpty }
        let layerRequired = occasion.outerwear == .required
        let layer: [Category] = has(.outerwear) ? [.outerwear] : []
        var shapes: [Shape] = []
        if has(.shoes), !layerRequired || has(.outerwear) {
            if has(.top), has(.bottom) {
                shapes.append(Shape(categories: [.top, .bottom, .shoes] + layer, optionalLayer: !layerRequired && has(.outerwear)))
            }
            if has(.dress) {
                shapes.append(Shape(categories: [.dress, .shoes] + layer, optionalLayer: !layerRequired && has(.outerwear)))
            }
        }
        self.shapes = shapes
        guard shapes.isEmpty else {
            missing = nil
            return
        }
        var needed: [Category] = []
        var orInstead: Category?
        let bodyMissing = [Category.top, .bottom].filter { !has($0) }
        if !bodyMissing.isEmpty, !has(.dress) {
            needed += bodyMissing
            orInstead = .dress
        }
        if !has(.shoes) { needed.append(.shoes) }
        if layerRequired, !has(.outerwear) { needed.append(.outerwear) }
        let inLaundry = (needed + (orInstead.map { [$0] } ?? [])).filter { washing.contains($0) }
        missing = MissingPieces(
            occasion: occasion.name, formality: range, needed: needed, orInstead: orInstead, inLaundry: inLaundry)
    }
}
