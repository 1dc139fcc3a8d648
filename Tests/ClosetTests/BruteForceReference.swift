import Foundation
@testable import Closet

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
        func best(skipping skipped: Set<OutfitKey>) -> (list: [(key: OutfitKey, score: Double)], any: Bool) {
            var list: [(key: OutfitKey, score: Double)] = []
            var any = false
            visitAll { outfit in
                any = true
                let key = OutfitKey(ids: outfit.map(\.id))
                guard !skipped.contains(key) else { return }
                list.append((key, scorer.total(outfit)))
                list.sort { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
                if list.count > count { list.removeLast() }
            }
            return (list, any)
        }
        var result = best(skipping: exclude)
        guard result.any else { return nil }
        let startedOver = result.list.isEmpty && !exclude.isEmpty && count > 0
        if startedOver { result = best(skipping: []) }
        return (result.list.map(\.key), result.list.map(\.score), startedOver)
    }
}
