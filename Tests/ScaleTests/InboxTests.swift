import Foundation
import Postgres
import PostgresTestKit
import Scale
import Testing
import WardrobeTestKit

@Suite(.needsPostgres) struct InboxTests {
    @Test func entriesAreStoredOnceAndTheCursorWithThem() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let inbox = Inbox(session: session, clock: ManualClock())
            let first = try ScaleFixture.entry(chat: "telegram:1", sequence: 1)
            let second = try ScaleFixture.entry(chat: "telegram:1", sequence: 2)
            let third = try ScaleFixture.entry(chat: "telegram:2", sequence: 1)
            #expect(try await inbox.enqueue([first, second], network: "telegram", cursor: "101") == 2)
            // A refetch after a crash delivers an update again: it is not stored twice.
            #expect(try await inbox.enqueue([second, third], network: "telegram", cursor: "103") == 1)
            #expect(try await inbox.cursor(network: "telegram") == "103")
            #expect(try await inbox.cursor(network: "matrix") == nil)
            let statistics = try await inbox.statistics()
            #expect(statistics.pending == 3)
            #expect(statistics.setAside == 0)
            #expect(statistics.oldestPending == ManualClock().now())
            await session.close()
        }
    }

    @Test func aBatchThatFailsStoresNeitherEntriesNorCursor() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let inbox = Inbox(session: session, clock: ManualClock())
            try await inbox.enqueue([try ScaleFixture.entry(chat: "matrix:!a", sequence: 1)], network: "matrix", cursor: "s1")
            let good = try ScaleFixture.entry(chat: "matrix:!a", sequence: 2)
            let broken = try InboxEntry(externalID: "$broken", chatKey: "matrix:!a", payload: "{not json")
            await #expect(throws: PostgresError.self) {
                try await inbox.enqueue([good, broken], network: "matrix", cursor: "s2")
            }
            #expect(try await inbox.cursor(network: "matrix") == "s1")
            #expect(try await inbox.statistics().pending == 1)
            await session.close()
        }
    }

    @Test func fieldsOutsideTheirBoundsAreRefusedBeforeWriting() throws {
        #expect(throws: ScaleError.self) { try InboxEntry(externalID: "1", chatKey: "", payload: "{}") }
        #expect(throws: ScaleError.self) { try InboxEntry(externalID: String(repeating: "9", count: 257), chatKey: "c", payload: "{}") }
        #expect(throws: ScaleError.self) {
            try InboxEntry(externalID: "1", chatKey: "c", payload: "\"" + String(repeating: "x", count: InboxEntry.maximumPayloadBytes) + "\"")
        }
        #expect(throws: ScaleError.self) { try WorkerID("") }
        #expect(throws: ScaleError.self) { try JobRequest(kind: "tryon", chatKey: "c", payload: "{}", dedupeKey: "") }
        #expect(InboxConfiguration(leaseSeconds: 0, maxAttempts: 0) == InboxConfiguration(leaseSeconds: 1, maxAttempts: 1))
        #expect(InboxConfiguration(leaseSeconds: .infinity).leaseSeconds == 30)
    }

    @Test func anOverlongNetworkNameIsRefused() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let inbox = Inbox(session: session, clock: ManualClock())
            await #expect(throws: ScaleError.self) {
                try await inbox.enqueue([], network: String(repeating: "n", count: 65), cursor: "1")
            }
            await session.close()
        }
    }
}

@Suite(.needsPostgres) struct InboxNotificationTests {
    @Test func storingNewEntriesWakesAListeningClaimer() async throws {
        try await ScaleFixture.with { database in
            let listener = try await database.connect()
            try await listener.listen(Inbox.channel)
            let inbox = Inbox(session: try await database.connect(), clock: ManualClock())
            let entry = try ScaleFixture.entry(chat: "telegram:1", sequence: 1)
            try await inbox.enqueue([entry], network: "telegram", cursor: "1")
            // Only duplicates: nothing new, no notification; the next one seen is Matrix's.
            try await inbox.enqueue([entry], network: "telegram", cursor: "2")
            try await inbox.enqueue([try ScaleFixture.entry(chat: "matrix:!r", sequence: 1)], network: "matrix", cursor: "s1")
            #expect(try await listener.nextNotification(timeoutSeconds: 10)?.payload == "telegram")
            #expect(try await listener.nextNotification(timeoutSeconds: 10)?.payload == "matrix")
            await listener.close()
            await inbox.session.close()
        }
    }
}
