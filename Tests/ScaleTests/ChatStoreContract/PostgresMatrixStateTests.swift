import Foundation
import PostgresTestKit
import Scale
import Storage
import Testing

/// The Matrix worker's state on PostgreSQL, which the elected worker writes and a standby reads back.
@Suite(.needsPostgres) struct PostgresMatrixStateTests {
    @Test func theSyncPositionMovesWithTheEventThatFinishesItsBatchAndAHandledEventStaysHandled() async throws {
        try await ScaleFixture.with { database in
            let store = PostgresStore(session: try await database.connect())
            #expect(try await store.cursor(transport: "matrix") == nil)
            try await store.setCursor(transport: "matrix", value: "s1", now: contractEpoch)
            #expect(try await store.beginAttempt(kind: "matrix.event", itemID: "$a", chatKey: "", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 1))
            try await store.recordHandled(transport: "matrix", eventID: "$a", cursor: "s2", attemptKind: "matrix.event", now: contractEpoch)
            #expect(try await store.cursor(transport: "matrix") == "s2")
            #expect(try await store.isProcessed(transport: "matrix", updateID: "$a"))
            #expect(try await !store.isProcessed(transport: "matrix", updateID: "$b"))
            // Recording it again changes nothing, and without a cursor the position stays.
            try await store.recordHandled(transport: "matrix", eventID: "$a", cursor: nil, attemptKind: nil, now: contractEpoch)
            #expect(try await store.cursor(transport: "matrix") == "s2")
            // Its attempt was forgotten: handling it again would start from one.
            #expect(try await store.beginAttempt(kind: "matrix.event", itemID: "$a", chatKey: "", maxAttempts: 2, now: contractEpoch) == .handle(attempt: 1))
            // Another key (the filter id) is its own position.
            try await store.setCursor(transport: "matrix.filter", value: "sig 7", now: contractEpoch)
            #expect(try await store.cursor(transport: "matrix") == "s2")
            try await store.pruneHandledEvents(olderThan: contractEpoch.addingTimeInterval(1))
            #expect(try await !store.isProcessed(transport: "matrix", updateID: "$a"))
        }
    }

    @Test func encryptionRowsAreWrittenTogetherAndFoundByIDPrefixTakenLiterally() async throws {
        try await ScaleFixture.with { database in
            let writer = PostgresStore(session: try await database.connect())
            let reader = PostgresStore(session: try await database.connect())
            try await writer.saveMatrixCrypto([
                MatrixCryptoRecord(kind: "inbound_group", id: "!r_1:x|key|s1", value: "one"),
                MatrixCryptoRecord(kind: "inbound_group", id: "!r_1:x|key|s2", value: "two"),
                MatrixCryptoRecord(kind: "inbound_group", id: "!rX1:x|key|s3", value: "other room"),
                MatrixCryptoRecord(kind: "account", id: "DEVICE", value: "pickle"),
            ], now: contractEpoch)
            // `_` and `%` in a room id are characters, not patterns.
            #expect(try await reader.matrixCryptoRecords(kind: "inbound_group", prefix: "!r_1:x|").map(\.value) == ["one", "two"])
            #expect(try await reader.matrixCryptoRecords(kind: "inbound_group", prefix: "").count == 3)
            #expect(try await reader.matrixCryptoValue(kind: "account", id: "DEVICE") == "pickle")
            try await writer.saveMatrixCrypto([
                MatrixCryptoRecord(kind: "account", id: "DEVICE", value: "pickle 2"),
                MatrixCryptoRecord(kind: "inbound_group", id: "!r_1:x|key|s1", value: nil),
            ], now: contractEpoch)
            #expect(try await reader.matrixCryptoValue(kind: "account", id: "DEVICE") == "pickle 2")
            #expect(try await reader.matrixCryptoRecords(kind: "inbound_group", prefix: "!r_1:x|").map(\.id) == ["!r_1:x|key|s2"])
        }
    }
}
