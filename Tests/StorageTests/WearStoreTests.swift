import Closet
import Foundation
import Schedule
import SQLite
import Storage
import Testing

@Suite struct WearStoreTests {
    static let day = LocalDate(year: 2026, month: 3, day: 14)
    static let noon = Date(timeIntervalSince1970: Double(day.dayNumber * 86_400 + 12 * 3600))

    @Test func aPieceIsLoggedOncePerDayHoweverOftenItIsRecorded() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        let pieces = try await temp.store.addItems([ItemStoreTests.blazer(), ItemStoreTests.blazer("Shirt")], userID: ana.id)
        let ids = pieces.map(\.id)
        let first = try await temp.store.recordWears(userID: ana.id, itemIDs: ids + ids, on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        #expect(first.recorded == ids, "a repeated id in one press counts once")
        let again = try await temp.store.recordWears(userID: ana.id, itemIDs: ids, on: Self.day, at: Self.noon, source: .daily, now: Self.noon)
        #expect(again.recorded.isEmpty)
        #expect(again.alreadyLogged == ids)
        #expect(try await temp.store.items(userID: ana.id).map(\.wearCount) == [1, 1])
        let next = try await temp.store.recordWears(
            userID: ana.id, itemIDs: [ids[0]], on: Self.day.adding(days: 1), at: Self.noon + 86_400, source: .command, now: Self.noon + 86_400)
        #expect(next.recorded == [ids[0]])
        let log = try await temp.store.wears(userID: ana.id)
        #expect(log.map(\.date) == [Self.day, Self.day, Self.day.adding(days: 1)])
        #expect(log.map(\.source) == [.button, .button, .command])
        #expect(try await temp.store.items(userID: ana.id).map(\.wearCount) == [2, 1])
        #expect(try await temp.store.lastWearDates(userID: ana.id) == [ids[0]: Self.day.adding(days: 1), ids[1]: Self.day])
    }

    @Test func anEarlierDayNeverMovesLastWornBack() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        let piece = try await temp.store.addItem(ItemStoreTests.blazer(), userID: ana.id)
        _ = try await temp.store.recordWears(userID: ana.id, itemIDs: [piece.id], on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        _ = try await temp.store.recordWears(
            userID: ana.id, itemIDs: [piece.id], on: Self.day.adding(days: -10), at: Self.noon - 10 * 86_400, source: .command, now: Self.noon)
        let saved = try #require(try await temp.store.item(userID: ana.id, number: piece.number))
        #expect(saved.lastWornAt == Self.noon)
        #expect(saved.wearCount == 2)
    }

    @Test func anEditFromACopyReadBeforeAWearKeepsTheWear() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "local")
        var copy = try await temp.store.addItem(ItemStoreTests.blazer(), userID: ana.id)
        _ = try await temp.store.recordWears(userID: ana.id, itemIDs: [copy.id], on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        copy.brand = "Arket"
        try await temp.store.updateItem(copy, userID: ana.id)
        let saved = try #require(try await temp.store.item(userID: ana.id, number: copy.number))
        #expect(saved.brand == "Arket")
        #expect(saved.wearCount == 1 && saved.lastWornAt == Self.noon)
    }

    @Test func someoneElsesPieceIsNeverLogged() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "telegram", externalID: "1")
        let ben = try await temp.store.user(transport: "telegram", externalID: "2")
        let bens = try await temp.store.addItem(ItemStoreTests.blazer(), userID: ben.id)
        let outcome = try await temp.store.recordWears(userID: ana.id, itemIDs: [bens.id, 999_999], on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        #expect(outcome.unknown == [bens.id, 999_999])
        #expect(try await temp.store.wears(userID: ben.id).isEmpty)
        #expect(try await temp.store.item(userID: ben.id, number: 1)?.wearCount == 0)
    }

    @Test func forgettingAUserOrRemovingAPieceDeletesItsWears() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let ana = try await temp.store.user(transport: "console", externalID: "ana")
        let ben = try await temp.store.user(transport: "console", externalID: "ben")
        let anas = try await temp.store.addItems([ItemStoreTests.blazer(), ItemStoreTests.blazer("Shirt")], userID: ana.id)
        let bens = try await temp.store.addItem(ItemStoreTests.blazer(), userID: ben.id)
        _ = try await temp.store.recordWears(userID: ana.id, itemIDs: anas.map(\.id), on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        _ = try await temp.store.recordWears(userID: ben.id, itemIDs: [bens.id], on: Self.day, at: Self.noon, source: .button, now: Self.noon)
        try await temp.store.removeItem(userID: ana.id, number: anas[1].number)
        #expect(try await temp.store.wears(userID: ana.id).map(\.itemID) == [anas[0].id])
        try await temp.store.deleteUser(id: ana.id)
        let left = try temp.store.database.sync { try $0.query("SELECT user_id FROM wears").compactMap { $0.int("user_id") } }
        #expect(left == [ben.id], "only Ben's wear is left")
    }

    @Test func upgradingFromVersionSevenKeepsEveryCountAndDatesTheLastWear() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("PRAGMA foreign_keys=ON")
        try Migrations.apply(to: connection, upTo: 7)
        try connection.query("INSERT INTO users (id, transport, external_id, created_at) VALUES (1, 'console', 'local', 0)")
        // Worn 5 times, last on 2025-11-30 23:30 UTC; worn 2 times with no date; never worn; a bogus far-future date.
        let rows: [(number: Int, count: Int, last: Double?)] = [(1, 5, 1_764_545_400), (2, 2, nil), (3, 0, nil), (4, 3, 1e15)]
        for row in rows {
            try connection.query(
                """
                INSERT INTO items (user_id, number, name, category, formality, warmth, fit, color_name, color_family, pattern, added_at,
                  wear_count, last_worn_at)
                VALUES (1, ?, 'Piece', 'top', 2, 2, 'regular', 'white', 'white', 'solid', 0, ?, ?)
                """, [row.number, row.count, row.last])
        }
        try Migrations.apply(to: connection)
        #expect(try Migrations.version(of: connection) == Migrations.latestVersion)
        let counts = try connection.query("SELECT number, wear_count FROM items ORDER BY number").map { $0.int("wear_count") ?? -1 }
        #expect(counts == [5, 2, 0, 3], "no count is lost")
        let log = try connection.query("SELECT items.number, worn_on, source FROM wears JOIN items ON items.id = wears.item_id")
        #expect(log.count == 1)
        #expect(log.first?.int("number") == 1)
        #expect(log.first?.string("worn_on") == "2025-11-30")
        #expect(log.first?.string("source") == "earlier")
    }
}
