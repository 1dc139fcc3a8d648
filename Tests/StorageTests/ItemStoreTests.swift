import Closet
import Foundation
import Schedule
import Storage
import Testing

@Suite struct ItemStoreTests {
    static func blazer(_ name: String = "Navy wool blazer") -> ClosetItem {
        ClosetItem(name: name, category: .outerwear, subcategory: "blazer", formality: 4, warmth: 3, color: ItemColor(name: "navy", family: .navy))
    }

    @Test func importingTheSameClosetFileTwiceAddsNothingTheSecondTime() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        let text = ClosetCodec.exportText([Self.blazer(), Self.blazer(), Self.blazer("White shirt")])
        let first = try await temp.store.importItems(ClosetCodec.importItems(jsonText: text, importedAt: Date()), userID: ana.id)
        #expect(first.count == 3, "two identical blazers in one file are two pieces")
        _ = try await temp.store.recordWears(
            userID: ana.id, itemIDs: [first[0].id], on: LocalDate(year: 2026, month: 3, day: 1), at: Date(), source: .button, now: Date())
        let second = try await temp.store.importItems(ClosetCodec.importItems(jsonText: text, importedAt: Date()), userID: ana.id)
        #expect(second.isEmpty)
        #expect(try await temp.store.items(userID: ana.id).count == 3)
    }

    @Test func storageRefusesAnItemBeyondItsLimitsWhateverTheEntrance() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        await #expect(throws: ClosetError.textTooLong(.name)) {
            try await temp.store.addItem(Self.blazer(String(repeating: "x", count: 300_000)), userID: ana.id)
        }
        var saved = try await temp.store.addItem(Self.blazer(), userID: ana.id)
        saved.brand = String(repeating: "b", count: 81)
        await #expect(throws: ClosetError.textTooLong(.brand)) { try await temp.store.updateItem(saved, userID: ana.id) }
        #expect(try await temp.store.items(userID: ana.id).map(\.brand) == [nil])
    }

    @Test func itemsAreNumberedPerUserAndInvisibleToOthers() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "telegram", externalID: "1")
        let ben = try await temp.store.user(transport: "telegram", externalID: "2")
        let first = try await temp.store.addItem(Self.blazer(), userID: ana.id)
        let second = try await temp.store.addItem(Self.blazer("Grey flannel trouser"), userID: ana.id)
        let bens = try await temp.store.addItem(Self.blazer(), userID: ben.id)
        #expect([first.number, second.number, bens.number] == [Int]([1, 2, 1]))
        #expect(try await temp.store.item(userID: ben.id, number: 2) == nil)
        #expect(try await temp.store.removeItem(userID: ben.id, number: 2) == false)
        #expect(try await temp.store.setAvailable(false, userID: ben.id, number: 2) == false)
        #expect(try await temp.store.items(userID: ana.id).map(\.name) == ["Navy wool blazer", "Grey flannel trouser"])
    }

    @Test func everyFieldRoundTrips() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        var item = ClosetItem(
            name: "Pleated wide-leg trouser", category: .bottom, subcategory: "trouser", formality: 3, warmth: 4, fit: .relaxed,
            legShape: .wide, color: ItemColor(name: "camel", family: .camel), pattern: .texture, brand: "Arket", size: "38",
            material: "100% wool", photo: "ab12", sourceURL: "https://shop.example/p/1", price: try Price(amount: 89.5, currency: "EUR"),
            addedAt: Date(timeIntervalSince1970: 1_700_000_000), lastWornAt: Date(timeIntervalSince1970: 1_700_100_000), wearCount: 2,
            isAvailable: false)
        item = try await temp.store.addItem(item, userID: ana.id)
        #expect(try await temp.store.item(userID: ana.id, number: item.number) == item)
    }

    @Test func wearIsRecordedForEveryPieceInOneGo() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        let pieces = try await temp.store.addItems([Self.blazer(), Self.blazer("Shirt")], userID: ana.id)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let outcome = try await temp.store.recordWears(
            userID: ana.id, itemIDs: pieces.map(\.id), on: ZonedTime.localDate(of: now, in: TimeZone(identifier: "UTC")!), at: now, source: .button, now: now)
        #expect(outcome.recorded == pieces.map(\.id))
        let saved = try await temp.store.items(userID: ana.id)
        #expect(saved.allSatisfy { $0.wearCount == 1 && $0.lastWornAt == now })
    }
}

@Suite struct ItemNumberingTests {
    @Test func aRemovedNumberIsNeverGivenToANewPiece() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        _ = try await temp.store.addItems([ItemStoreTests.blazer(), ItemStoreTests.blazer("Shirt")], userID: ana.id)
        #expect(try await temp.store.removeItem(userID: ana.id, number: 2))
        let next = try await temp.store.addItem(ItemStoreTests.blazer("Scarf"), userID: ana.id)
        #expect(next.number == 3)
        #expect(try await temp.store.removeItem(userID: ana.id, number: 1))
        #expect(try await temp.store.removeItem(userID: ana.id, number: 3))
        let after = try await temp.store.addItem(ItemStoreTests.blazer("Belt"), userID: ana.id)
        #expect(after.number == 4)
    }
}
