import Foundation
import JSON
import PostgresTestKit
import Scale
import Storage
import Testing

@Suite struct OutboxContractTests {
    static func draft(_ txn: String, chat: String = "100", transport: String = "telegram", text: String = "hi", files: [[UInt8]] = [], expires: Date? = nil) -> OutboxDraft {
        OutboxDraft(
            txnID: txn, transport: transport, chatExternalID: chat, chatKind: "group", payload: ["kind": "text", "text": .string(text)], files: files,
            expiresAt: expires)
    }

    @Test(arguments: ChatStoreBackend.available)
    func enqueuedRowsComeBackInOrderAndAKnownTransactionIDKeepsItsRow(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            #expect(try await store.enqueueOutbox([], now: contractEpoch) == [])
            let rows = try await store.enqueueOutbox(
                [Self.draft("a", files: [[1, 2, 3], [0, 0, 255]]), Self.draft("b", text: "второй 👗", expires: contractEpoch + 30)], now: contractEpoch)
            #expect(rows.map(\.txnID) == ["a", "b"])
            #expect(rows[0].id < rows[1].id)
            #expect(rows[1] == OutboxRecord(
                id: rows[1].id, transport: "telegram", chatExternalID: "100", chatKind: "group", txnID: "b",
                payload: ["kind": "text", "text": "второй 👗"], state: "pending", remoteIDs: [], stepsDone: 0, expiresAt: contractEpoch + 30,
                createdAt: contractEpoch))
            #expect(rows[0].expiresAt == nil)
            // A retry after a crash (same id, other content, other files) gets the first row, unchanged.
            let retried = try await store.enqueueOutbox([Self.draft("a", text: "changed", files: [[9]])], now: contractEpoch + 5)
            #expect(retried == [rows[0]])
            #expect(try await store.outbox(txnID: "a") == rows[0])
            #expect(try await store.outboxFiles(txnID: "a") == [[1, 2, 3], [0, 0, 255]])
            #expect(try await store.outbox(txnID: "unknown") == nil)
            #expect(try await store.outboxFiles(txnID: "unknown") == [])
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func progressAndSendingAreRecordedAndEachPostedMessageLeadsBackToItsRow(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.enqueueOutbox([Self.draft("album", files: [[1], [2], [3]])], now: contractEpoch)
            try await store.markOutboxProgress(txnID: "album", stepsDone: 1, remoteIDs: ["501", "502"], now: contractEpoch + 1)
            let partway = try #require(try await store.outbox(txnID: "album"))
            #expect(partway.state == "pending" && partway.stepsDone == 1 && partway.remoteIDs == ["501", "502"])
            #expect(try await store.outboxFiles(txnID: "album").count == 3)
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "100", remoteID: "502").map { "\($0.txnID)#\($0.position)" } == "album#1")
            try await store.markOutboxSent(txnID: "album", remoteIDs: ["501", "502", "503"], now: contractEpoch + 2)
            let sent = try #require(try await store.outbox(txnID: "album"))
            #expect(sent.state == "sent" && sent.remoteIDs == ["501", "502", "503"] && sent.remoteID == "501")
            #expect(try await store.outboxFiles(txnID: "album") == [])
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "100", remoteID: "503").map { "\($0.txnID)#\($0.position)" } == "album#2")
            // The same message id in another chat or on another transport is another message.
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "200", remoteID: "503") == nil)
            #expect(try await store.outboxMessage(transport: "matrix", chatExternalID: "100", remoteID: "503") == nil)
            // Unknown transaction ids change nothing and are no error.
            try await store.markOutboxSent(txnID: "ghost", remoteIDs: ["9"], now: contractEpoch)
            try await store.markOutboxProgress(txnID: "ghost", stepsDone: 1, remoteIDs: ["9"], now: contractEpoch)
            try await store.markOutboxFailed(txnID: "ghost", now: contractEpoch)
            try await store.markOutboxDropped(txnID: "ghost", now: contractEpoch)
            #expect(try await store.outbox(txnID: "ghost") == nil)
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "100", remoteID: "9") == nil)
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func pendingListsOnlyUnfinishedRowsOfOneTransportSinceACutoffOldestFirst(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.enqueueOutbox([Self.draft("old")], now: contractEpoch)
            _ = try await store.enqueueOutbox([Self.draft("m", transport: "matrix")], now: contractEpoch + 10)
            _ = try await store.enqueueOutbox([Self.draft("p1", files: [[7]]), Self.draft("p2"), Self.draft("f"), Self.draft("d", files: [[8]])], now: contractEpoch + 10)
            try await store.markOutboxFailed(txnID: "f", now: contractEpoch + 11)
            try await store.markOutboxDropped(txnID: "d", now: contractEpoch + 11)
            #expect(try await store.pendingOutbox(transport: "telegram", since: .distantPast).map(\.txnID) == ["old", "p1", "p2"])
            #expect(try await store.pendingOutbox(transport: "telegram", since: contractEpoch + 10).map(\.txnID) == ["p1", "p2"])
            #expect(try await store.pendingOutbox(transport: "matrix", since: .distantPast).map(\.txnID) == ["m"])
            #expect(try await store.pendingOutbox(transport: "console", since: .distantPast) == [])
            #expect(try await store.outbox(txnID: "f")?.state == "failed")
            #expect(try await store.outbox(txnID: "d")?.state == "dropped")
            #expect(try await store.outboxFiles(txnID: "d") == [])
            #expect(try await store.outboxFiles(txnID: "p1") == [[7]])
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func pruningRemovesFinishedRowsAndPostedIDsOlderThanTheCutoffAndKeepsPendingOnes(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.enqueueOutbox([Self.draft("sent-old"), Self.draft("pending-old")], now: contractEpoch)
            _ = try await store.enqueueOutbox([Self.draft("sent-new")], now: contractEpoch + 100)
            try await store.markOutboxSent(txnID: "sent-old", remoteIDs: ["1"], now: contractEpoch)
            try await store.markOutboxSent(txnID: "sent-new", remoteIDs: ["2"], now: contractEpoch + 100)
            try await store.pruneOutbox(olderThan: contractEpoch + 50)
            #expect(try await store.outbox(txnID: "sent-old") == nil)
            #expect(try await store.outbox(txnID: "pending-old")?.state == "pending")
            #expect(try await store.outbox(txnID: "sent-new")?.state == "sent")
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "100", remoteID: "1") == nil)
            #expect(try await store.outboxMessage(transport: "telegram", chatExternalID: "100", remoteID: "2").map { "\($0.txnID)#\($0.position)" } == "sent-new#0")
        }
    }

    @Test(arguments: ChatStoreBackend.available)
    func aLongUnicodePayloadAndBinaryFilesRoundTripUnchanged(backend: ChatStoreBackend) async throws {
        try await backend.withStore { store in
            // Telegram's longest message (4096 characters) of multi-byte text, and a photo-sized file with every byte value.
            let text = String(repeating: "ä👗\u{0301}語", count: 1024)
            let file = (0..<262_144).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let row = try #require(try await store.enqueueOutbox([Self.draft("long", text: text, files: [file, []])], now: contractEpoch).first)
            #expect(row.payload["text"]?.string == text)
            #expect(try await store.outbox(txnID: "long")?.payload["text"]?.string == text)
            #expect(try await store.outboxFiles(txnID: "long") == [file, []])
        }
    }
}
