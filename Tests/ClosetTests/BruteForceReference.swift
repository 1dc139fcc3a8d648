import Foundation
import Closet

/// An independent, deliberately plain reference for the engine's contract: visit every outfit,
/// score it with `OutfitScorer`, keep the best by score then key, skip shown ones, and start
/// over when every outfit has been shown.
enum BruteForceReference {
    static func top(
        closet: [ClosetItem], occasion: Occasion, count: Int, now: Date, seed: UInt64?,
        exclude: Set<OutfitKey>, weights: ScoringWeights
    ) -> (keys: [OutfitKey], scores: [Double], startedOver: Bool)? {
        let usable = closet.filter { $0.isAvailable && occasion.formality.contains($0.formality) }
        func pieces(_ category: Category) -> [ClosetItem] { usable.filter { $0.category == category } }
        let tops = pieces(.top), bottoms = pieces(.bottom), shoes = pieces(.shoes)
        let dresses = pieces(.dress), layers = pieces(.outerwear)
        let layerOptions: [ClosetItem?] = occasion.outerwear == .required ? layers : [nil] + layers
        let scorer = OutfitScorer(weights: weights, occasion: occasion, now: now, seed: seed)

        func visitAll(_ visit: ([ClosetItem]) -> Void) {
            for shoe in shoes {
                for layer in layerOptions {
                    let tail = [shoe] + (layer.map { [$0] } ?? [])
                    for top in tops { for bottom in bottoms { visit([top, bottom] + tail) } }
                    for dress in dresses { visit([dress] + tail) }
                }
            }
        }
        // One pass keeps the best `count + exclude.count` outfits; shown ones are dropped afterwards,
        // which is enough because at most `exclude.count` of them can be shown ones.
        var list: [(key: OutfitKey, score: Double)] = []
        var total = 0
        let keep = count + exclude.count
        visitAll { outfit in
            total += 1
            let entry = (key: OutfitKey(ids: outfit.map(\.id)), score: scorer.total(outfit))
            if list.count == keep, let last = list.last,
               entry.score < last.score || (entry.score == last.score && last.key < entry.key) { return }
            list.append(entry)
            list.sort { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
            if list.count > keep { list.removeLast() }
        }
        guard total > 0 else { return nil }
        var fresh = list.filter { !exclude.contains($0.key) }
        let startedOver = fresh.isEmpty && !exclude.isEmpty && count > 0
        if startedOver { fresh = list }
        let chosen = fresh.prefix(count)
        return (chosen.map(\.key), chosen.map(\.score), startedOver)
    }
}
