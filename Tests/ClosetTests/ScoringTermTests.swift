import Foundation
import Testing
import Closet

@Suite struct ScoringTermTests {
    typealias P = TestPieces

    private func value(_ name: ScoreTerm.Name, _ pieces: [ClosetItem], occasion: Occasion = P.businessCasual) -> Double {
        P.scorer(only: name, occasion: occasion).total(pieces)
    }

    @Test func formalityRewardsPiecesAtTheTargetAndCountsADressTwice() {
        let onTarget = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes)]
        #expect(value(.formality, onTarget) == 3)
        let offByOneAndTwo = [P.piece(1, .top, formality: 2), P.piece(2, .bottom, formality: 5), P.piece(3, .shoes)]
        #expect(value(.formality, offByOneAndTwo) == 0 + -1 + 1)
        #expect(value(.formality, [P.piece(1, .dress), P.piece(2, .shoes)]) == 3)
        #expect(value(.formality, onTarget + [P.piece(4, .outerwear)]) == 3.5)
    }

    @Test func cohesionPenalisesFormalityGapsBetweenPieces() {
        let pieces = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes, formality: 1)]
        #expect(value(.cohesion, pieces) == -4)
        #expect(value(.cohesion, [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes)]) == 0)
    }

    @Test func stackedLoudPatternsArePenalisedBeyondTheFirst() {
        let one = [P.piece(1, .top, pattern: .stripe), P.piece(2, .bottom, pattern: .texture), P.piece(3, .shoes)]
        #expect(value(.patterns, one) == 0)
        let three = [P.piece(1, .top, pattern: .stripe), P.piece(2, .bottom, pattern: .check),
                     P.piece(3, .shoes, pattern: .animal)]
        #expect(value(.patterns, three) == -2)
    }

    @Test func neutralsGoWithEverythingButASecondAccentFamilyCosts() {
        let neutral = [P.piece(1, .top, color: .white), P.piece(2, .bottom, color: .navy), P.piece(3, .shoes, color: .brown)]
        #expect(value(.accents, neutral) == 0)
        let oneAccent = [P.piece(1, .top, color: .red), P.piece(2, .bottom), P.piece(3, .shoes, color: .red)]
        #expect(value(.accents, oneAccent) == 0)
        let twoAccents = [P.piece(1, .top, color: .red), P.piece(2, .bottom, color: .teal), P.piece(3, .shoes)]
        #expect(value(.accents, twoAccents) == -1)
    }

    @Test func huesThatClashOnTheWheelArePenalisedAndHarmoniousOnesAreNot() {
        let clash = [P.piece(1, .top, color: .red), P.piece(2, .bottom, color: .blue), P.piece(3, .shoes)]
        #expect(value(.hueClash, clash) == -1)
        let complementary = [P.piece(1, .top, color: .red), P.piece(2, .bottom, color: .teal), P.piece(3, .shoes)]
        #expect(value(.hueClash, complementary) == 0)
        let analogous = [P.piece(1, .top, color: .red), P.piece(2, .bottom, color: .orange), P.piece(3, .shoes)]
        #expect(value(.hueClash, analogous) == 0)
        #expect(ColorFamily.metallic.clashes(with: .red) == false)
    }

    @Test func aHeavyCoatOverLinenShortsIsMixedWarmth() {
        let summer = [P.piece(1, .top, warmth: 1), P.piece(2, .bottom, warmth: 1), P.piece(3, .shoes, warmth: 2)]
        #expect(value(.warmth, summer) == 0)
        #expect(value(.warmth, summer + [P.piece(4, .outerwear, warmth: 5)]) == -4)
    }

    @Test func aWideBottomScoresBetterUnderAFittedTop() {
        let wide = P.piece(2, .bottom, leg: .wide)
        #expect(value(.proportion, [P.piece(1, .top, fit: .slim), wide, P.piece(3, .shoes)]) == 1)
        #expect(value(.proportion, [P.piece(1, .top, fit: .oversized), wide, P.piece(3, .shoes)]) == -1)
        let straight = P.piece(2, .bottom, leg: .straight)
        #expect(value(.proportion, [P.piece(1, .top, fit: .oversized), straight, P.piece(3, .shoes)]) == 0)
    }

    @Test func recentlyWornPiecesArePenalisedFadingOverAWeek() {
        let today = [P.piece(1, .top, wornDaysAgo: 0), P.piece(2, .bottom), P.piece(3, .shoes)]
        #expect(value(.recency, today) == -1)
        let halfWeek = [P.piece(1, .top, wornDaysAgo: 3.5), P.piece(2, .bottom), P.piece(3, .shoes)]
        #expect(value(.recency, halfWeek) == -0.5)
        let longAgo = [P.piece(1, .top, wornDaysAgo: 8), P.piece(2, .bottom), P.piece(3, .shoes)]
        #expect(value(.recency, longAgo) == 0)
    }

    @Test func aLayerIsRewardedOrPenalisedByTheOccasion() {
        let pieces = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes), P.piece(4, .outerwear)]
        var occasion = P.businessCasual
        #expect(value(.layering, pieces, occasion: occasion) == 0)
        occasion.outerwear = .preferred
        occasion.warmth = .cold
        #expect(value(.layering, pieces, occasion: occasion) == 2)
        occasion.outerwear = .avoid
        occasion.warmth = .warm
        #expect(value(.layering, pieces, occasion: occasion) == -2)
        #expect(value(.layering, Array(pieces.prefix(3)), occasion: occasion) == 0)
    }

    @Test func varietyIsZeroWithoutASeedAndFixedUnderOne() {
        let pieces = [P.piece(1, .top), P.piece(2, .bottom), P.piece(3, .shoes)]
        #expect(P.scorer(only: .variety).total(pieces) == 0)
        let seeded = P.scorer(only: .variety, seed: 42).total(pieces)
        #expect(seeded == P.scorer(only: .variety, seed: 42).total(pieces))
        #expect(seeded >= 0 && seeded < 0.75)
        #expect(seeded != P.scorer(only: .variety, seed: 43).total(pieces))
    }

    @Test func theScoreIsTheSumOfTheBreakdownPoints() {
        let scorer = OutfitScorer(weights: ScoringWeights(), occasion: P.businessCasual, now: P.now, seed: 7)
        let pieces = [P.piece(1, .top, color: .red, pattern: .stripe, wornDaysAgo: 2), P.piece(2, .bottom, leg: .wide),
                      P.piece(3, .shoes, formality: 2), P.piece(4, .outerwear, warmth: 5)]
        let breakdown = scorer.breakdown(pieces)
        #expect(breakdown.map(\.name) == ScoreTerm.Name.allCases)
        #expect(breakdown.reduce(0) { $0 + $1.points } == scorer.total(pieces))
    }

    @Test func weightsAreRoundedClampedAndReadFromJSON() throws {
        let weights = ScoringWeights(formality: 1.0001, patterns: -3)
        #expect(weights.formality == 1)
        #expect(weights.patterns == 0)
        let parsed = try ScoringWeights(json: ["patterns": 3, "hue_clash": 0.5, "recency_days": 3])
        #expect(parsed.patterns == 3 && parsed.hueClash == 0.5 && parsed.recencyDays == 3)
        #expect(parsed.formality == ScoringWeights().formality)
        #expect(try ScoringWeights(json: ScoringWeights().json) == ScoringWeights())
        #expect(throws: ClosetError.invalidWeights(key: "weights.sparkle", reason: "unknown; expected one of formality, cohesion, patterns, accents, hue_clash, warmth, proportion, recency, layering, variety, recency_days")) {
            try ScoringWeights(json: ["sparkle": 1])
        }
        #expect(throws: ClosetError.self) { try ScoringWeights(json: ["patterns": -1]) }
    }
}
