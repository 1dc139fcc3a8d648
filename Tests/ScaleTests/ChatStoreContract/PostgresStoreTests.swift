import Foundation
import JSON
import Postgres
import PostgresTestKit
import Scale
import Storage
import Testing

/// What only PostgreSQL can show: several sessions at once, and rows written by another process.
@Suite(.needsPostgres) struct PostgresStoreTests {
    @Test func twoWorkersEnqueueingTheSameMessagesAtOnceStoreEachOnce() async throws {
        try await ScaleFixture.with { database in
            let sessions = [try await database.connect(), try await database.connect()]
            let stores = sessions.map { PostgresStore(session: $0) }
            let drafts = (0..<50).map { OutboxContractTests.draft("race-\($0)", files: [[UInt8(truncatingIfNeeded: $0)]]) }
            let results = try await withThrowingTaskGroup(of: [OutboxRecord].self) { group in
                for store in stores { group.addTask { try await store.enqueueOutbox(drafts, now: contractEpoch) } }
                var all: [[OutboxRecord]] = []
                for try await rows in group { all.append(rows) }
                return all
            }
            // Both workers see the same rows, whichever inserted them.
            #expect(results.count == 2 && results[0] == results[1])
            #expect(Set(results[0].map(\.id)).count == 50)
            let count = try await sessions[0].query("SELECT count(*)::bigint AS n FROM outbox")
            #expect(try count.first?.int("n") == 50)
            let files = try await sessions[0].query("SELECT count(*)::bigint AS n FROM outbox_file")
            #expect(try files.first?.int("n") == 50)
            for session in sessions { await session.close() }
        }
    }

    @Test func aStoreOnAnotherSessionSeesWhatTheFirstWrote() async throws {
        try await ScaleFixture.with { database in
            let first = PostgresStore(session: try await database.connect())
            let (user, chat) = try await first.participants(
                transport: "telegram", userID: "1", displayName: "Ana", chatID: "1", kind: .privateChat, title: nil, recordActivity: false,
                now: contractEpoch)
            try await first.setChatState(["step": 1], chatID: chat.id, userID: user.id, now: contractEpoch)
            let token = try await first.createButton(chatID: chat.id, userID: user.id, action: "go", payload: [:], lifetime: 60, now: contractEpoch)
            await first.session.close()
            let second = PostgresStore(session: try await database.connect())
            #expect(try await second.user(key: "telegram:1") == user)
            #expect(try await second.chatState(chatID: chat.id, userID: user.id) == ["step": 1])
            #expect(try await second.button(token: token, now: contractEpoch)?.action == "go")
            await second.session.close()
        }
    }

    @Test func aRowThatCannotBeReadIsAnErrorNotADefault() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let (user, chat) = try await store.participants(
                transport: "telegram", userID: "1", displayName: nil, chatID: "1", kind: .privateChat, title: nil, recordActivity: false,
                now: contractEpoch)
            try await session.execute("UPDATE chat_user SET settings = 'not json' WHERE id = $1", [.int(user.id)])
            try await session.execute("INSERT INTO chat_state (chat_id, user_id, state, updated_at) VALUES ($1, $2, '{broken', now())", [.int(chat.id), .int(user.id)])
            await #expect(throws: (any Error).self) { try await store.user(id: user.id) }
            await #expect(throws: (any Error).self) { try await store.chatState(chatID: chat.id, userID: user.id) }
            await session.close()
        }
    }
}
