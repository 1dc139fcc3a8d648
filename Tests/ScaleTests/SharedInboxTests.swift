import Foundation
import PostgresTestKit
import Scale
import Storage
import Support
import Testing

/// `PostgresSharedInbox`, the workers' view of the shared inbox: a handled update is recorded with its
/// replies in one transaction, only by the worker that holds its chat, and handled rows are pruned.
@Suite(.needsPostgres) struct SharedInboxTests {
    static func draft(_ txn: String, chat: String) -> OutboxDraft {
        OutboxDraft(txnID: txn, transport: "telegram", chatExternalID: chat, chatKind: "private", payload: ["kind": "text", "text": "hi"], files: [], expiresAt: nil)
    }

    static func worker(_ database: TestDatabase, _ name: String, leaseSeconds: Double = 30) async throws -> PostgresSharedInbox {
        let session = try await database.connect()
        let inbox = Inbox(session: session, configuration: InboxConfiguration(leaseSeconds: leaseSeconds), clock: SystemClock())
        return PostgresSharedInbox(inbox: inbox, worker: try WorkerID(name), conninfo: database.conninfo, logger: ScaleFixture.logger)
    }

    @Test func aHandledUpdateIsRecordedWithItsRepliesAndFreesItsChatForTheNextUpdate() async throws {
        try await ScaleFixture.with { database in
            let worker = try await Self.worker(database, "a")
            let entries = [SharedInboxEntry(externalID: "1", chatKey: "c", payload: "{}"), SharedInboxEntry(externalID: "2", chatKey: "c", payload: "{}")]
            #expect(try await worker.enqueue(entries, network: "telegram", cursor: "3") == 2)
            #expect(try await worker.cursor(network: "telegram") == "3")
            let first = try #require(try await worker.claim(network: "telegram"))
            #expect(first.externalID == "1")
            // The chat is held, by this worker too: its second update waits for the first.
            #expect(try await worker.claim(network: "telegram") == nil)
            let rows = try await worker.complete(first, outbox: [Self.draft("tg-1-0", chat: "c")], attemptKind: nil, now: Date())
            #expect(rows.map(\.txnID) == ["tg-1-0"])
            #expect(try await worker.claim(network: "telegram")?.externalID == "2")
            await worker.close()
        }
    }

    @Test func aWorkerCollectingAnAlbumKeepsItsChatForTheAlbumsNextPartsOnly() async throws {
        try await ScaleFixture.with { database in
            let collector = try await Self.worker(database, "collector")
            let other = try await Self.worker(database, "other")
            func part(_ id: String, group: String?) -> SharedInboxEntry {
                let extra = group.map { #","media_group_id":"\#($0)""# } ?? ""
                return SharedInboxEntry(externalID: id, chatKey: "c", payload: #"{"update_id":\#(id),"message":{"message_id":\#(id)\#(extra)}}"#)
            }
            try await collector.enqueue([part("1", group: "G"), part("2", group: "G"), part("3", group: nil)], network: "telegram", cursor: "4")
            let first = try #require(try await collector.claim(network: "telegram"))
            try await collector.recordAlbumPart(first, attemptKind: nil, now: Date())
            // The first part is recorded, yet no other worker may take the chat: the album's next part is the collector's.
            #expect(try await other.claim(network: "telegram") == nil)
            #expect(try await other.claimAlbumPart(chatKey: "c", mediaGroupID: "G") == nil, "only the worker holding the chat")
            let second = try #require(try await collector.claimAlbumPart(chatKey: "c", mediaGroupID: "G"))
            #expect(second.externalID == "2")
            try await collector.recordAlbumPart(second, attemptKind: nil, now: Date())
            // The next update is no part of the album: it waits until the album is handled and the chat freed.
            #expect(try await collector.claimAlbumPart(chatKey: "c", mediaGroupID: "G") == nil)
            #expect(try await other.claim(network: "telegram") == nil)
            try await collector.releaseChat("c")
            #expect(try await other.claim(network: "telegram")?.externalID == "3")
            await collector.close()
            await other.close()
        }
    }

    @Test func aWorkerWhoseLeaseWentToAnotherRecordsNothing() async throws {
        try await ScaleFixture.with { database in
            let slow = try await Self.worker(database, "slow", leaseSeconds: 1)
            let other = try await Self.worker(database, "other")
            try await slow.enqueue([SharedInboxEntry(externalID: "7", chatKey: "c", payload: "{}")], network: "telegram", cursor: "8")
            let stale = try #require(try await slow.claim(network: "telegram"))
            try await waitUntil("the slow worker's lease expired and another worker took the chat", seconds: 10) {
                try await other.claim(network: "telegram") != nil
            }
            await #expect(throws: ScaleError.self) {
                _ = try await slow.complete(stale, outbox: [Self.draft("tg-7-0", chat: "c")], attemptKind: nil, now: Date())
            }
            let session = try await database.connect()
            #expect(try await session.query("SELECT 1 FROM outbox").isEmpty)
            await session.close()
            await slow.close()
            await other.close()
        }
    }

    @Test func pruningDeletesHandledUpdatesOnlyAndKeepsPendingOnes() async throws {
        try await ScaleFixture.with { database in
            let worker = try await Self.worker(database, "a")
            try await worker.enqueue(
                [SharedInboxEntry(externalID: "1", chatKey: "c", payload: "{}"), SharedInboxEntry(externalID: "2", chatKey: "d", payload: "{}")],
                network: "telegram", cursor: "3")
            let claim = try #require(try await worker.claim(network: "telegram"))
            _ = try await worker.complete(claim, outbox: [], attemptKind: nil, now: Date())
            try await worker.prune(olderThan: Date().addingTimeInterval(60))
            let session = try await database.connect()
            let left = try await session.query("SELECT external_id, state FROM inbox").map { "\(try $0.string("external_id")):\(try $0.string("state"))" }
            #expect(left == ["2:pending"])
            await session.close()
            await worker.close()
        }
    }

    @Test func anUpdateThatCannotBeStoredIsDroppedAndTheRestOfItsBatchIsStored() async throws {
        try await ScaleFixture.with { database in
            let worker = try await Self.worker(database, "a")
            let entries = [
                // A NUL in a user's text: jsonb refuses the escape, so it is stored as U+FFFD.
                SharedInboxEntry(externalID: "1", chatKey: "c", payload: #"{"text": "a\u0000b"}"#),
                SharedInboxEntry(externalID: "2", chatKey: String(repeating: "k", count: 300), payload: "{}"),
                SharedInboxEntry(externalID: "3", chatKey: "d", payload: "{}"),
            ]
            #expect(try await worker.enqueue(entries, network: "telegram", cursor: "4") == 2)
            #expect(try await worker.cursor(network: "telegram") == "4")
            let first = try #require(try await worker.claim(network: "telegram"))
            #expect(first.externalID == "1")
            #expect(first.payload.contains("\\ufffd") || first.payload.contains("\u{FFFD}"))
            await worker.close()
        }
    }

    @Test func aClaimForOneNetworkLeavesTheOtherNetworksUpdatesAndContainsSeesEveryStoredID() async throws {
        try await ScaleFixture.with { database in
            let worker = try await Self.worker(database, "a")
            // The Matrix event is older, so a claim for any network would take it first.
            try await worker.enqueue([SharedInboxEntry(externalID: "$e1", chatKey: "matrix:!r", payload: "{}")], network: "matrix", cursor: "s1")
            try await worker.enqueue([SharedInboxEntry(externalID: "5", chatKey: "telegram:9", payload: "{}")], network: "telegram", cursor: "6")
            let telegram = try #require(try await worker.claim(network: "telegram"))
            #expect(telegram.externalID == "5")
            #expect(try await worker.claim(network: "telegram") == nil)
            let matrix = try #require(try await worker.claim(network: "matrix"))
            #expect(matrix.externalID == "$e1")
            _ = try await worker.complete(matrix, outbox: [], attemptKind: nil, now: Date())
            // Handled rows still count until pruned: a transport fetching history again skips them.
            #expect(try await worker.contains(network: "matrix", externalID: "$e1"))
            #expect(try await !worker.contains(network: "matrix", externalID: "5"))
            #expect(try await !worker.contains(network: "telegram", externalID: "$e1"))
            #expect(try await worker.cursor(network: "matrix") == "s1")
            await worker.close()
        }
    }
}
