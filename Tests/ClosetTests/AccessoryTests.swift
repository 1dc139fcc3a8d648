import Closet
import Foundation
import Testing

@Suite struct AccessoryTests {
    static func outfit(_ closet: [ClosetItem]) -> Outfit? {
        guard case .outfits(let outfits, _) = OutfitEngine().topOutfits(
            closet: closet, occasion: TestPieces.businessCasual, count: 1, now: TestPieces.now)
        else { return nil }
        return outfits.first
    }

    static let core = [
        TestPieces.piece(1, .top, color: .red), TestPieces.piece(2, .bottom, color: .navy), TestPieces.piece(3, .shoes, color: .black),
    ]

    @Test func accessoriesThatSuitJoinAndAClashingOneNever() throws {
        let closet = Self.core + [
            TestPieces.piece(10, .accessory, color: .brown, name: "Brown leather belt"),
            TestPieces.piece(11, .accessory, color: .green, name: "Green silk scarf"),
            TestPieces.piece(12, .accessory, color: .red, name: "Red tote bag"),
        ]
        let outfit = try #require(Self.outfit(closet))
        #expect(outfit.pieces.map(\.id) == [1, 2, 3])
        #expect(outfit.accessories.map(\.id) == [12, 10], "the bag repeats the top's accent, so it comes first")
        #expect(outfit.explanation(occasion: TestPieces.businessCasual).contains(
            "finished with the red tote bag and brown leather belt, which suit its colours and formality"))
        // Accessories change neither the score nor the outfit's identity.
        let plain = try #require(Self.outfit(Self.core))
        #expect(outfit.score == plain.score && outfit.key == plain.key)
    }

    @Test func accessoriesAreNeverRequiredAndOneOfAKindAtMost() throws {
        #expect(Self.outfit([TestPieces.piece(10, .accessory, name: "Belt")] + Self.core.prefix(2)) == nil)
        let closet = Self.core + [
            TestPieces.piece(10, .accessory, color: .brown, name: "Brown belt"),
            TestPieces.piece(13, .accessory, color: .black, name: "Black belt"),
        ]
        let outfit = try #require(Self.outfit(closet))
        #expect(outfit.accessories.count == 1)
    }

    @Test func anAccessoryOutsideTheOccasionsFormalityOrInTheLaundryIsLeftOut() throws {
        let closet = Self.core + [
            TestPieces.piece(10, .accessory, formality: 5, color: .black, name: "Black bow tie"),
            TestPieces.piece(11, .accessory, color: .brown, available: false, name: "Brown belt"),
        ]
        #expect(try #require(Self.outfit(closet)).accessories.isEmpty)
    }

    @Test func distinctOptionsDifferInAtLeastTwoPieces() throws {
        let closet = [
            TestPieces.piece(1, .top, color: .white), TestPieces.piece(2, .bottom, color: .navy), TestPieces.piece(3, .shoes, color: .black),
            TestPieces.piece(4, .outerwear, color: .grey, name: "Blazer A"), TestPieces.piece(5, .outerwear, color: .navy, name: "Blazer B"),
        ]
        guard case .outfits(let plain, _) = OutfitEngine().topOutfits(closet: closet, occasion: TestPieces.businessCasual, count: 2, now: TestPieces.now),
            case .outfits(let distinct, _) = OutfitEngine().distinctOutfits(closet: closet, occasion: TestPieces.businessCasual, count: 2, now: TestPieces.now)
        else { Issue.record("no outfits"); return }
        #expect(plain.count == 2 && OutfitEngine.difference(plain[0], plain[1]) == 1)
        #expect(distinct.count == 1)
        #expect(distinct.first?.key == plain.first?.key)
    }
}
