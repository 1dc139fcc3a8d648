import Foundation
import Storage
import Testing

/// The fetch mark: the poison guard's one record per fetched batch, and the charge of a dead process's updates.
struct FetchMarkTests {
    func store() throws -> Store { try Store(databasePath: ":memory:", mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("m-\(UUID())").path) }

    func updates(_ ids: [Int64]) -> [FetchedUpdate] { ids.map { FetchedUpdate(id: String($0), position: $0) } }

    func admit(_ store: Store, _ ids: [Int64], process: String = "me", suspectThrough: Int64? = nil) async throws -> Admission {
        try await store.admit(
            transport: "telegram", updates: updates(ids), markKey: "telegram.fetched", process: process, suspectThrough: suspectThrough,
            markThrough: suspectThrough == nil ? ids.max() : nil, attemptKind: "telegram.update", chatKeys: [:])
    }

    @Test func aBatchWithoutSuspectsMovesTheMarkAndRecordsNoStarts() async throws {
        let store = try store()
        _ = try await store.markProcessed(transport: "telegram", updateIDs: ["10"], cursor: "11")
        let admission = try await admit(store, [10, 11, 12])
        #expect(admission.processed == ["10"] && admission.suspects.isEmpty && admission.marked)
        #expect(try await store.fetchMark(key: "telegram.fetched") == FetchMark(process: "me", high: 12))
        // No start was recorded: the first recorded start of 11 is its first.
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "11", maxAttempts: 2) == .handle(attempt: 1))
    }

    @Test func theUpdatesOfADeadProcessAreChargedOnceHoweverOftenTheyComeBack() async throws {
        let store = try store()
        try await store.setCursor(transport: "telegram.fetched", value: "dead:12")
        let first = try await admit(store, [11, 12, 13], suspectThrough: 12)
        // 13 came after the dead process's mark: no suspect, but the batch is not marked, so it runs alone too.
        #expect(first.suspects == ["11", "12"] && !first.marked)
        #expect(try await store.fetchMark(key: "telegram.fetched") == FetchMark(process: "dead", high: 12))
        // The next worker dies too before 12's turn: 12 comes back and is not charged a second time.
        let second = try await admit(store, [12, 13], process: "next", suspectThrough: 12)
        #expect(second.suspects == ["12"])
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "12", maxAttempts: 2) == .handle(attempt: 2))
        // Started alone and never finished: a suspect by its own row, past the dead process's mark too.
        let third = try await admit(store, [12, 13], process: "third")
        #expect(third.suspects == ["12"] && !third.marked)
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "12", maxAttempts: 2) == .setAside(attempts: 2))
    }

    @Test func aCleanShutdownClearsOnlyItsOwnMark() async throws {
        let store = try store()
        try await store.setCursor(transport: "telegram.fetched", value: "dead:12")
        try await store.clearFetchMark(key: "telegram.fetched", process: "me")
        #expect(try await store.fetchMark(key: "telegram.fetched") == FetchMark(process: "dead", high: 12))
        _ = try await admit(store, [13, 14])
        try await store.clearFetchMark(key: "telegram.fetched", process: "me")
        #expect(try await store.fetchMark(key: "telegram.fetched") == nil)
    }
}
