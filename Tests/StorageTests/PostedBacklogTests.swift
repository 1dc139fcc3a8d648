import Foundation
import JSON
import SQLite
@testable import Storage
import Testing

/// The posted messages of sent marks are written to `sent_messages` in batches; a reply to one of them is
/// matched all the same: from memory before the write, from the table after it, and after a crash that
/// lost the memory, from the outbox rows at the next start.
@Suite struct PostedBacklogTests {
    private func sendThree(_ store: Store, now: Date) async throws {
        let drafts = ["a", "b", "c"].map { OutboxDraft(txnID: $0, transport: "telegram", chatExternalID: "1", payload: ["kind": "text"]) }
        let rows = try await store.enqueueOutbox(drafts, now: now)
        try await store.markOutboxSent([
            OutboxSentMark(record: rows[0], remoteIDs: ["10"], hasFiles: false),
            OutboxSentMark(record: rows[1], remoteIDs: ["11", "12"], hasFiles: false),
        ], now: now)
    }

    private func tableRows(_ store: Store) async throws -> Int {
        try await store.database.run { db in Int(try db.first("SELECT count(*) AS n FROM sent_messages")?.int("n") ?? -1) }
    }

    @Test func aPostedMessageIsFoundBeforeItsRowIsWrittenAndAfter() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try await sendThree(temp.store, now: start)
        #expect(try await tableRows(temp.store) == 0)
        #expect(try await temp.store.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "12").map { "\($0.txnID)#\($0.position)" } == "b#1")
        #expect(try await temp.store.outboxMessage(transport: "telegram", chatExternalID: "2", remoteID: "12") == nil)
        // The next batch a second later writes everything waiting.
        let rows = try await temp.store.enqueueOutbox([OutboxDraft(txnID: "d", transport: "telegram", chatExternalID: "1", payload: ["kind": "text"])])
        try await temp.store.markOutboxSent([OutboxSentMark(record: rows[0], remoteIDs: ["13"], hasFiles: false)], now: start + 1)
        #expect(try await tableRows(temp.store) == 4)
        #expect(temp.store.postedBacklog.withLock { $0.entries.isEmpty })
        #expect(try await temp.store.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "10")?.txnID == "a")
    }

    @Test func aCleanCloseWritesWhatWaits() async throws {
        let temp = try TemporaryStore()
        defer { try? FileManager.default.removeItem(atPath: temp.folder) }
        try await sendThree(temp.store, now: Date())
        temp.store.close()
        let reopened = try Store(dataDirectory: temp.folder)
        defer { reopened.close() }
        #expect(try await tableRows(reopened) == 3)
    }

    @Test func whatACrashLostIsRebuiltFromTheOutboxAtTheNextStart() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        try await sendThree(temp.store, now: Date())
        // A second process opening the file sees what a restart after `kill -9` sees: the memory is gone.
        let next = try Store(dataDirectory: temp.folder)
        defer { next.close() }
        #expect(try await tableRows(next) == 3)
        #expect(try await next.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "11").map { "\($0.txnID)#\($0.position)" } == "b#0")
        #expect(try await next.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "12").map { "\($0.txnID)#\($0.position)" } == "b#1")
    }

    @Test func theBacklogIsDueByCountOrAge() {
        var backlog = PostedBacklog()
        let record = OutboxRecord(
            id: 1, transport: "telegram", chatExternalID: "1", chatKind: "private", txnID: "t", payload: [:], state: "pending", remoteIDs: [],
            stepsDone: 0, expiresAt: nil, createdAt: Date())
        #expect(backlog.takeIfDue(now: 100) == nil)
        backlog.add(record, remoteIDs: ["1", "", "3"], at: 100)
        #expect(backlog.entries.map(\.position) == [0, 2])
        #expect(backlog.takeIfDue(now: 100.5) == nil)
        #expect(backlog.takeIfDue(now: 101)?.count == 2)
        backlog.add(record, remoteIDs: (1...PostedBacklog.maxCount).map(String.init), at: 200)
        #expect(backlog.takeIfDue(now: 200)?.count == PostedBacklog.maxCount)
        backlog.add(record, remoteIDs: ["5"], at: 300)
        backlog.putBack([PostedBacklog.Entry(transport: "telegram", chat: "1", remoteID: "4", txnID: "t", position: 0, at: 299)])
        #expect(backlog.entries.map(\.remoteID) == ["4", "5"])
        backlog.drop(before: 300)
        #expect(backlog.entries.map(\.remoteID) == ["5"])
    }
}
