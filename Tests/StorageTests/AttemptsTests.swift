import Foundation
import JSON
import Storage
import Testing

/// Poison-message records: an item started twice without finishing is set aside on the third start.
struct AttemptsTests {
    func store() throws -> Store { try Store(databasePath: ":memory:", mediaRoot: FileManager.default.temporaryDirectory.appendingPathComponent("m-\(UUID())").path) }

    @Test func anItemThatNeverFinishesIsSetAsideAfterTheAllowedStarts() async throws {
        let store = try store()
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2) == .handle(attempt: 1))
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2) == .handle(attempt: 2))
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", chatKey: "telegram:1", maxAttempts: 2) == .setAside(attempts: 2))
        try await store.describeSetAside(kind: "telegram.update", itemID: "7", detail: "crashed twice")
        let aside = try await store.setAsideItems()
        #expect(aside.map(\.itemID) == ["7"])
        #expect(aside.first?.chatKey == "telegram:1" && aside.first?.detail == "crashed twice")
        // Once set aside, it stays aside (a later start is not handled either).
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "7", maxAttempts: 2) == .setAside(attempts: 2))
    }

    @Test func finishingAnItemForgetsItsStartsButNotWhatWasSetAside() async throws {
        let store = try store()
        _ = try await store.beginAttempt(kind: "tryon.job", itemID: "1", maxAttempts: 1)
        try await store.finishAttempts(kind: "tryon.job", itemIDs: ["1"])
        #expect(try await store.beginAttempt(kind: "tryon.job", itemID: "1", maxAttempts: 1) == .handle(attempt: 1))
        #expect(try await store.beginAttempt(kind: "tryon.job", itemID: "1", maxAttempts: 1) == .setAside(attempts: 1))
        try await store.finishAttempts(kind: "tryon.job", itemIDs: ["1"])
        #expect(try await store.setAsideItems().count == 1)
    }

    @Test func anUpdateIsRecordedWithItsRepliesAndItsAttemptsCleared() async throws {
        let store = try store()
        _ = try await store.beginAttempt(kind: "telegram.update", itemID: "10", maxAttempts: 2)
        let draft = OutboxDraft(txnID: "tg-10-0", transport: "telegram", chatExternalID: "1", payload: ["kind": "text"], files: [[1, 2]])
        let (recorded, rows) = try await store.markProcessed(
            transport: "telegram", updateIDs: ["10"], cursor: "11", outbox: [draft], attemptKind: "telegram.update")
        #expect(recorded == ["10"])
        #expect(rows.map(\.txnID) == ["tg-10-0"] && rows.first?.state == "pending")
        #expect(try await store.outboxFiles(txnID: "tg-10-0") == [[1, 2]])
        #expect(try await store.cursor(transport: "telegram") == "11")
        #expect(try await store.beginAttempt(kind: "telegram.update", itemID: "10", maxAttempts: 2) == .handle(attempt: 1))
        // The same reply written again (a handler run twice) keeps the first row.
        try await store.markOutboxSent(txnID: "tg-10-0", remoteIDs: ["500"])
        let again = try await store.enqueueOutbox([draft])
        #expect(again.first?.state == "sent" && again.first?.remoteIDs == ["500"])
        #expect(try await store.outboxFiles(txnID: "tg-10-0").isEmpty)
        let match = try await store.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "500")
        #expect(match?.txnID == "tg-10-0" && match?.position == 0)
    }

    @Test func rowsAnsweredTogetherAreRecordedAsSentInOneCall() async throws {
        let store = try store()
        let drafts = ["a", "b", "c"].map { OutboxDraft(txnID: $0, transport: "telegram", chatExternalID: "1", payload: ["kind": "text"]) }
        let rows = try await store.enqueueOutbox(drafts + [OutboxDraft(txnID: "photo", transport: "telegram", chatExternalID: "2", payload: ["kind": "photos"], files: [[7]])])
        try await store.markOutboxSent([
            OutboxSentMark(record: rows[0], remoteIDs: ["10"], hasFiles: false),
            OutboxSentMark(record: rows[1], remoteIDs: ["11", "12"], hasFiles: false),
            OutboxSentMark(record: rows[3], remoteIDs: ["20"], hasFiles: true),
        ])
        #expect(try await store.pendingOutbox(transport: "telegram").map(\.txnID) == ["c"])
        #expect(try await store.outbox(txnID: "b")?.remoteIDs == ["11", "12"])
        #expect(try await store.outbox(txnID: "b")?.state == "sent")
        #expect(try await store.outboxFiles(txnID: "photo").isEmpty)
        let second = try await store.outboxMessage(transport: "telegram", chatExternalID: "1", remoteID: "12")
        #expect(second?.txnID == "b" && second?.position == 1)
        #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "2", remoteID: "20")?.txnID == "photo")
    }

    @Test func manyRowsAnsweredTogetherAreAllRecordedAsSentAcrossStatementChunks() async throws {
        let store = try store()
        // 45 rows (chunks of 32, 8, 4 and 1), plus one left pending; every second row posted two messages.
        let drafts = (0..<46).map { OutboxDraft(txnID: "t\($0)", transport: "telegram", chatExternalID: "\($0 % 7)", payload: ["kind": "text"]) }
        let rows = try await store.enqueueOutbox(drafts)
        try await store.markOutboxSent((0..<45).map { index in
            OutboxSentMark(record: rows[index], remoteIDs: index % 2 == 0 ? ["\(index)00", "\(index)01"] : ["\(index)00"], hasFiles: false)
        })
        #expect(try await store.pendingOutbox(transport: "telegram").map(\.txnID) == ["t45"])
        for index in [0, 31, 32, 39, 40, 43, 44] {
            let row = try #require(try await store.outbox(txnID: "t\(index)"))
            #expect(row.state == "sent")
            #expect(row.remoteIDs == (index % 2 == 0 ? ["\(index)00", "\(index)01"] : ["\(index)00"]))
            let last = try await store.outboxMessage(transport: "telegram", chatExternalID: "\(index % 7)", remoteID: row.remoteIDs.last ?? "")
            #expect(last?.txnID == "t\(index)" && last?.position == row.remoteIDs.count - 1)
        }
    }

    @Test func aNewOutboxRowIsReturnedAsItIsStored() async throws {
        let store = try store()
        let now = Date(timeIntervalSince1970: 1_800_000_000.123)
        let draft = OutboxDraft(
            txnID: "tg-1-0", transport: "telegram", chatExternalID: "5", chatKind: "group", payload: ["kind": "text", "text": "hi"],
            expiresAt: now.addingTimeInterval(10))
        let written = try #require(try await store.enqueueOutbox([draft], now: now).first)
        #expect(try await store.outbox(txnID: "tg-1-0") == written)
    }

    @Test func progressWithinAMessageIsKept() async throws {
        let store = try store()
        _ = try await store.enqueueOutbox([OutboxDraft(txnID: "album", transport: "telegram", chatExternalID: "1", payload: ["kind": "photos"])])
        try await store.markOutboxProgress(txnID: "album", stepsDone: 1, remoteIDs: ["1", "2", "3"])
        let row = try #require(try await store.pendingOutbox(transport: "telegram").first)
        #expect(row.stepsDone == 1 && row.remoteIDs == ["1", "2", "3"])
    }
}
