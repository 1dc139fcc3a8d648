import Foundation
import Testing
import Closet

@Suite struct OutfitEngineTests {
    typealias P = TestPieces
    let engine = OutfitEngine()

    private func best(_ closet: [ClosetItem], _ occasion: Occasion = P.businessCasual, count: Int = 5) -> [Outfit] {
        engine.topOutfits(closet: closet, occasion: occasion, count: count, now: P.now).outfits
    }

    @Test func piecesOutsideTheFormalityRangeOrInTheLaundryAreNeverSuggested() {
        let closet = [
            P.piece(1, .top), P.piece(2, .top, formality: 1), P.piece(3, .top, formality: 5),
            P.piece(4, .top, available: false), P.piece(5, .bottom), P.piece(6, .shoes),
        ]
        let outfits = best(closet, count: 10)
        #expect(outfits.map(\.key) == [OutfitKey(ids: [1, 5, 6])])
    }

    @Test func aDressAndShoesMakeAnOutfitWithoutSeparates() {
        let outfits = best([P.piece(1, .dress), P.piece(2, .shoes), P.piece(3, .top)])
        #expect(outfits.map(\.key) == [OutfitKey(ids: [1, 2])])
        #expect(outfits[0].term(.formality)?.value == 3)
    }

    @Test func dressesAndSeparatesCompeteOnTheSameScale() {
        let closet = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes), P.piece(4, .dress)]
        let outfits = best(closet)
        #expect(outfits.count == 2)
        #expect(outfits[0].score == outfits[1].score)
        #expect(outfits.map(\.key) == [OutfitKey(ids: [1, 2, 3]), OutfitKey(ids: [4, 3])])
    }

    @Test func aRequiredLayerIsInEveryOutfit() {
        var occasion = P.businessCasual
        occasion.outerwear = .required
        let closet = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes), P.piece(4, .outerwear, formality: 2)]
        let outfits = best(closet, occasion)
        #expect(outfits.map(\.key) == [OutfitKey(ids: [1, 2, 3, 4])])
    }

    @Test func anOptionalLayerIsAddedOnlyWhereItRaisesTheScore() {
        let base = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes)]
        let onTarget = best(base + [P.piece(4, .outerwear)], count: 1)
        #expect(onTarget[0].outerwear?.id == 4)
        let offTarget = best(base + [P.piece(4, .outerwear, formality: 2)], count: 1)
        #expect(offTarget[0].outerwear == nil)
    }

    @Test func coldOccasionsThatPreferALayerGetOneAndWarmOnesLeaveItOff() {
        let closet = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes), P.piece(4, .outerwear, formality: 2)]
        var cold = P.businessCasual
        cold.warmth = .cold
        cold.outerwear = .preferred
        #expect(best(closet, cold, count: 1)[0].outerwear?.id == 4)
        var warm = P.businessCasual
        warm.warmth = .warm
        warm.outerwear = .avoid
        let warmOutfits = best(closet + [P.piece(5, .outerwear)], warm, count: 1)
        #expect(warmOutfits[0].outerwear == nil)
    }

    @Test func recentlyWornPiecesRankBelowRestedOnes() {
        let closet = [P.piece(1, .top, wornDaysAgo: 1), P.piece(2, .top), P.piece(3, .bottom), P.piece(4, .shoes)]
        #expect(best(closet).map(\.key) == [OutfitKey(ids: [2, 3, 4]), OutfitKey(ids: [1, 3, 4])])
        let laterWeek = P.now.addingTimeInterval(8 * 86_400)
        let rested = engine.topOutfits(closet: closet, occasion: P.businessCasual, now: laterWeek).outfits
        #expect(rested.map(\.key).first == OutfitKey(ids: [1, 3, 4]))
    }

    @Test func showAnotherNeverRepeatsUntilEveryOutfitHasBeenShown() {
        let closet = (1...4).map { P.piece($0, .top) } + (5...7).map { P.piece($0, .bottom) }
            + [P.piece(8, .shoes), P.piece(9, .shoes), P.piece(10, .dress)]
        let total = 4 * 3 * 2 + 2
        var shown: Set<OutfitKey> = []
        for round in 0..<total {
            let suggestion = engine.topOutfits(
                closet: closet, occasion: P.businessCasual, count: 1, now: P.now, seed: UInt64(round), exclude: shown)
            guard case .outfits(let outfits, let startedOver) = suggestion else { Issue.record("missing"); return }
            #expect(!startedOver)
            #expect(outfits.count == 1)
            #expect(!shown.contains(outfits[0].key))
            shown.insert(outfits[0].key)
        }
        let again = engine.topOutfits(closet: closet, occasion: P.businessCasual, count: 1, now: P.now, seed: 99, exclude: shown)
        guard case .outfits(let outfits, let startedOver) = again else { Issue.record("missing"); return }
        #expect(startedOver)
        #expect(outfits.count == 1)
    }

    @Test func theSameSeedGivesTheSameOutfitsAndAnotherSeedMayNot() {
        let closet = ClosetGenerator(now: P.now).closet(size: 200, seed: 3)
        let first = engine.topOutfits(closet: closet, occasion: P.businessCasual, now: P.now, seed: 11)
        #expect(first == engine.topOutfits(closet: closet, occasion: P.businessCasual, now: P.now, seed: 11))
        let others = (12...20).map {
            engine.topOutfits(closet: closet, occasion: P.businessCasual, now: P.now, seed: $0).outfits.first?.key
        }
        #expect(Set(others).count > 1)
    }

    @Test func missingShoesAreNamedWithTheFormalityRange() {
        let suggestion = engine.topOutfits(
            closet: [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes, formality: 1)],
            occasion: P.businessCasual, now: P.now)
        guard case .missing(let missing) = suggestion else { Issue.record("expected missing"); return }
        #expect(missing.needed == [.shoes])
        #expect(missing.userMessage == "No shoes at formality 2–4 for business casual. Paste a product link or send a photo to add some.")
    }

    @Test func aMissingBottomOffersADressInstead() {
        let suggestion = engine.topOutfits(closet: [P.piece(1, .top), P.piece(3, .shoes)], occasion: P.businessCasual, now: P.now)
        guard case .missing(let missing) = suggestion else { Issue.record("expected missing"); return }
        #expect(missing.needed == [.bottom])
        #expect(missing.orInstead == .dress)
        #expect(missing.userMessage.hasPrefix("No bottoms (or dresses) at formality 2–4"))
    }

    @Test func piecesInTheLaundryAreMentionedWhenTheyAreTheGap() {
        var occasion = P.businessCasual
        occasion.outerwear = .required
        let closet = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes), P.piece(4, .outerwear, available: false)]
        guard case .missing(let missing) = engine.topOutfits(closet: closet, occasion: occasion, now: P.now) else {
            Issue.record("expected missing")
            return
        }
        #expect(missing.needed == [.outerwear])
        #expect(missing.inLaundry == [.outerwear])
        #expect(missing.userMessage.contains("in the laundry"))
    }

    @Test func anEmptyClosetMissesEverything() {
        guard case .missing(let missing) = engine.topOutfits(closet: [], occasion: P.businessCasual, now: P.now) else {
            Issue.record("expected missing")
            return
        }
        #expect(missing.needed == [.top, .bottom, .shoes])
    }

    @Test func theExplanationNamesColorsAndFormality() {
        let closet = [P.piece(1, .top, color: .white), P.piece(2, .bottom, color: .navy), P.piece(3, .shoes, color: .navy)]
        let outfit = best(closet)[0]
        #expect(outfit.explanation(occasion: P.businessCasual) == "white + navy: neutrals; formality 3/3/3 matches business casual")
        let loud = [P.piece(1, .top, color: .red, pattern: .stripe), P.piece(2, .bottom, color: .blue, pattern: .check),
                    P.piece(3, .shoes, formality: 2)]
        let text = best(loud)[0].explanation(occasion: P.businessCasual)
        #expect(text.contains("red and blue clash"))
        #expect(text.contains("stripe and check patterns compete"))
        #expect(text.contains("formality 3/3/2 near business casual (3)"))
    }
}
