import Foundation
import Testing
import Closet

/// The engine's pruned search must return exactly what exhaustive enumeration returns.
@Suite struct ExactnessPropertyTests {
    static let occasions: [Occasion] = [
        Occasion(name: "business casual", formality: 2...4, targetFormality: 3),
        Occasion(name: "casual", formality: 1...2, targetFormality: 1),
        Occasion(name: "black tie", formality: 5...5, targetFormality: 5, outerwear: .preferred),
        Occasion(name: "winter walk", formality: 1...3, targetFormality: 2, warmth: .cold, outerwear: .required),
        Occasion(name: "summer", formality: 1...3, targetFormality: 1, warmth: .warm, outerwear: .avoid),
        Occasion(name: "wide", formality: 1...5, targetFormality: 3),
    ]

    /// A random closet; `plain` closets use few distinct values so that ties are everywhere.
    static func closet(size: Int, plain: Bool, random: inout SplitMix64) -> [ClosetItem] {
        let categories: [Category] = [.top, .top, .top, .bottom, .bottom, .shoes, .dress, .outerwear, .accessory]
        let families: [ColorFamily] = plain ? [.navy, .white, .red] : ColorFamily.allCases
        let patterns: [Pattern] = plain ? [.solid, .stripe] : Pattern.allCases
        // Unique ids in shuffled order, so id order and closet order differ.
        let ids = (0..<size).map { Int64($0 * 3 + 11) }.shuffled(using: &random)
        return (0..<size).map { index in
            let category = categories.randomElement(using: &random)!
            let family = families.randomElement(using: &random)!
            let worn: Date? = !plain && Bool.random(using: &random)
                ? TestPieces.now.addingTimeInterval(-Double.random(in: -86_400...(10 * 86_400), using: &random)) : nil
            return ClosetItem(
                id: ids[index], number: index + 1, name: "piece \(index)",
                category: category,
                formality: plain ? Int.random(in: 2...3, using: &random) : Int.random(in: 1...5, using: &random),
                warmth: plain ? 3 : Int.random(in: 0...6, using: &random),
                fit: plain ? .regular : Fit.allCases.randomElement(using: &random)!,
                legShape: category == .bottom && !plain ? LegShape.allCases.randomElement(using: &random)! : nil,
                color: ItemColor(name: family.rawValue, family: family),
                pattern: patterns.randomElement(using: &random)!, lastWornAt: worn,
                isAvailable: Int.random(in: 0..<10, using: &random) > 0)
        }
    }

    /// Closets per batch; `WARDROBE_PROPERTY_ROUNDS` raises it for a longer run.
    static let rounds = Int(ProcessInfo.processInfo.environment["WARDROBE_PROPERTY_ROUNDS"] ?? "") ?? 25

    @Test(arguments: 0..<8)
    func topKEqualsExhaustiveEnumerationIncludingTieOrder(batch: Int) {
        var random = SplitMix64(seed: UInt64(batch) &* 7919 &+ 1)
        for round in 0..<Self.rounds {
            let plain = round % 3 == 0
            // Brute force in a debug build is slow, so most closets are small and the big ones
            // (up to 300 pieces) get the narrower occasions.
            let big = round % 12 == 11
            let size = round == 0 ? 0 : big ? Int.random(in: 150...300, using: &random) : Int.random(in: 1...110, using: &random)
            let closet = Self.closet(size: size, plain: plain, random: &random)
            let occasion = (big ? Array(Self.occasions.prefix(5)) : Self.occasions).randomElement(using: &random)!
            let count = Int.random(in: 1...8, using: &random)
            let seed: UInt64? = plain || Bool.random(using: &random) ? nil : random.next()
            var weights = ScoringWeights()
            if Bool.random(using: &random) {
                for name in ScoreTerm.Name.allCases {
                    weights.setWeight(Double(Int.random(in: 0...12, using: &random)) / 4, of: name)
                }
            }
            let engine = OutfitEngine(weights: weights)
            // Outfits to mark as shown: some of the engine's own top list (the reference checks the result).
            let shown = engine.topOutfits(closet: closet, occasion: occasion, count: count + 4, now: TestPieces.now, seed: seed)
            var exclude: Set<OutfitKey> = [OutfitKey(ids: [-1, -2, -3])]
            for outfit in shown.outfits where Bool.random(using: &random) { exclude.insert(outfit.key) }
            if round % 5 == 4 { exclude = [] }
            let expected = BruteForceReference.top(
                closet: closet, occasion: occasion, count: count, now: TestPieces.now, seed: seed, exclude: exclude,
                weights: weights)
            let suggestion = engine.topOutfits(
                closet: closet, occasion: occasion, count: count, now: TestPieces.now, seed: seed, exclude: exclude)
            let context = "batch \(batch) round \(round) size \(size) occasion \(occasion.name) count \(count)"
            switch suggestion {
            case .missing:
                #expect(expected == nil, "\(context)")
            case .outfits(let outfits, let startedOver):
                guard let expected else {
                    Issue.record("engine found outfits, reference none: \(context)")
                    continue
                }
                #expect(outfits.map(\.key) == expected.keys, "\(context)")
                #expect(outfits.map(\.score) == expected.scores, "\(context)")
                #expect(startedOver == expected.startedOver, "\(context)")
            }
        }
    }

    @Test func thePublicReferenceAgreesWithTheEngineOnAGeneratedCloset() {
        let closet = ClosetGenerator(now: TestPieces.now).closet(size: 60, seed: 5)
        for (index, occasion) in Self.occasions.enumerated() {
            let engine = OutfitEngine().topOutfits(closet: closet, occasion: occasion, now: TestPieces.now, seed: UInt64(index))
            let reference = ReferenceOutfitSearch().topOutfits(
                closet: closet, occasion: occasion, now: TestPieces.now, seed: UInt64(index))
            #expect(engine == reference)
        }
    }
}
