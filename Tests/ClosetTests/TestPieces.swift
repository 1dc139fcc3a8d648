import Foundation
import Closet

/// Small builders so tests read like closets.
enum TestPieces {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static let businessCasual = Occasion(
        name: "business casual", aliases: ["business"], formality: 2...4, targetFormality: 3)

    static func piece(
        _ id: Int64, _ category: Category, formality: Int = 3, warmth: Int = 3, fit: Fit = .regular,
        leg: LegShape? = nil, color: ColorFamily = .navy, pattern: Pattern = .solid,
        wornDaysAgo: Double? = nil, available: Bool = true, name: String? = nil
    ) -> ClosetItem {
        ClosetItem(
            id: id, number: Int(id), name: name ?? "\(color.rawValue) \(category.rawValue) \(id)",
            category: category, formality: formality, warmth: warmth, fit: fit, legShape: leg,
            color: ItemColor(name: color.rawValue, family: color), pattern: pattern,
            lastWornAt: wornDaysAgo.map { now.addingTimeInterval(-$0 * 86_400) }, isAvailable: available)
    }

    /// A scorer with only one term switched on (weight 1), to test terms in isolation.
    static func scorer(only name: ScoreTerm.Name, occasion: Occasion = businessCasual, seed: UInt64? = nil) -> OutfitScorer {
        var weights = ScoringWeights()
        for other in ScoreTerm.Name.allCases { weights.setWeight(other == name ? 1 : 0, of: other) }
        return OutfitScorer(weights: weights, occasion: occasion, now: now, seed: seed)
    }
}
