import Foundation
import Postgres
import PostgresTestKit
import Scale
import Testing
import WardrobeTestKit

@Suite(.needsPostgres) struct InboxClaimTests {
    /// Two workers on their own sessions sharing one manual clock.
    struct Pair {
        let clock = ManualClock()
        let first: Inbox
        let second: Inbox
        let firstID = try! WorkerID("worker-1")
        let secondID = try! WorkerID("worker-2")

        init(_ database: TestDatabase, maxAttempts: Int = 3) async throws {
            let configuration = InboxConfiguration(leaseSeconds: 30, maxAttempts: maxAttempts)
            first = Inbox(session: try await database.connect(), configuration: configuration, clock: clock)
            second = Inbox(session: try await database.connect(), configuration: configuration, clock: clock)
        }

        func close() async {
            await first.session.close()
            await second.session.close()
        }
    }

    @Test func aChatIsHeldByOneWorkerAndItsMessagesComeInOrder() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.enqueue([
                try ScaleFixture.entry(chat: "a", sequence: 1), try ScaleFixture.entry(chat: "a", sequence: 2),
                try ScaleFixture.entry(chat: "b", sequence: 1),
            ], network: "telegram", cursor: "3")
            let a1 = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            #expect(a1.chatKey == "a" && a1.attempt == 1 && a1.network == "telegram")
            #expect(try ScaleFixture.sequence(of: a1) == 1)
            // Chat a is held: the other worker gets chat b, and then nothing (a's second waits for its first).
            let b1 = try #require(try await workers.second.claimNext(owner: workers.secondID)?.message)
            #expect(b1.chatKey == "b")
            #expect(try await workers.second.markDone(b1, owner: workers.secondID))
            #expect(try await workers.second.claimNext(owner: workers.secondID) == nil)
            #expect(try await workers.first.markDone(a1, owner: workers.firstID))
            let a2 = try #require(try await workers.second.claimNext(owner: workers.secondID)?.message)
            #expect(a2.chatKey == "a")
            #expect(try ScaleFixture.sequence(of: a2) == 2)
            #expect(try await workers.second.markDone(a2, owner: workers.secondID))
            #expect(try await workers.first.statistics().pending == 0)
            await workers.close()
        }
    }

    @Test func aKilledWorkersChatPassesToAnotherWhenTheLeaseExpires() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.enqueue(
                [try ScaleFixture.entry(chat: "a", sequence: 1), try ScaleFixture.entry(chat: "a", sequence: 2)],
                network: "telegram", cursor: "2")
            let claimed = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            // The first worker dies here. Until the lease runs out, nobody else gets the chat.
            workers.clock.advance(by: 29)
            #expect(try await workers.second.claimNext(owner: workers.secondID) == nil)
            workers.clock.advance(by: 2)
            let retaken = try #require(try await workers.second.claimNext(owner: workers.secondID)?.message)
            #expect(retaken.id == claimed.id)
            #expect(retaken.attempt == 2)
            // The first worker, if it was only stalled, finds its lease gone.
            #expect(try await workers.first.renewLease(claimed, owner: workers.firstID) == false)
            #expect(try await workers.second.markDone(retaken, owner: workers.secondID))
            let next = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            #expect(try ScaleFixture.sequence(of: next) == 2)
            await workers.close()
        }
    }

    @Test func aHeartbeatKeepsTheChatPastTheLeaseLength() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.enqueue([try ScaleFixture.entry(chat: "a", sequence: 1)], network: "telegram", cursor: "1")
            let message = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            let (finish, finishSignal) = AsyncStream<Void>.makeStream()
            let owner = workers.firstID
            let inbox = workers.first
            let work = Task { try await inbox.withLease(message, owner: owner) { for await _ in finish {} } }
            let clock = workers.clock
            try await waitForSleeper("the heartbeat to sleep", on: clock)
            // 60 s in steps of 10 s, each followed by the renewal: twice the lease length.
            for _ in 0..<6 {
                clock.advance(by: 10)
                try await waitForSleeper("the renewal", on: clock)
            }
            #expect(try await workers.second.claimNext(owner: workers.secondID) == nil)
            finishSignal.finish()
            try await work.value
            #expect(try await workers.first.markDone(message, owner: workers.firstID))
            await workers.close()
        }
    }

    @Test func workWhoseLeaseWasTakenIsCancelled() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.enqueue([try ScaleFixture.entry(chat: "a", sequence: 1)], network: "telegram", cursor: "1")
            let message = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            let owner = workers.firstID
            let inbox = workers.first
            let (never, neverSignal) = AsyncStream<Void>.makeStream()
            defer { neverSignal.finish() }
            let work = Task { try await inbox.withLease(message, owner: owner) { for await _ in never {} } }
            let clock = workers.clock
            try await waitForSleeper("the heartbeat to sleep", on: clock)
            // Another worker took the chat (its lease had expired while this one was stalled).
            try await workers.second.session.execute("UPDATE chat_lease SET owner = 'worker-2' WHERE chat_key = 'a'")
            clock.advance(by: 10)
            await #expect(throws: ScaleError.leaseLost("chat a")) { try await work.value }
            #expect(try await workers.first.markDone(message, owner: workers.firstID) == false)
            await workers.close()
        }
    }

    @Test func aMessageThatKeepsCrashingWorkersIsSetAside() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database, maxAttempts: 2)
            try await workers.first.enqueue(
                [try ScaleFixture.entry(chat: "a", sequence: 1), try ScaleFixture.entry(chat: "a", sequence: 2)],
                network: "telegram", cursor: "2")
            for attempt in 1...2 {
                let claim = try #require(try await workers.first.claimNext(owner: try WorkerID("crashing-\(attempt)")))
                #expect(claim == .handle(claim.message) && claim.message.attempt == attempt)
                workers.clock.advance(by: 31)
            }
            let poisoned = try #require(try await workers.second.claimNext(owner: workers.secondID))
            guard case .setAside(let message) = poisoned else {
                Issue.record("expected the message to be set aside, got \(poisoned)")
                return
            }
            #expect(try ScaleFixture.sequence(of: message) == 1)
            #expect(message.attempt == 2)
            // The chat goes on with its next message.
            let next = try #require(try await workers.second.claimNext(owner: workers.secondID))
            #expect(next == .handle(next.message))
            #expect(try ScaleFixture.sequence(of: next.message) == 2)
            #expect(try await workers.first.statistics().setAside == 1)
            await workers.close()
        }
    }

    @Test func aReleasedMessageIsFreeAtOnceAndNotCountedAsACrash() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.enqueue([try ScaleFixture.entry(chat: "a", sequence: 1)], network: "telegram", cursor: "1")
            let message = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            try await workers.first.release(message, owner: workers.firstID)
            let again = try #require(try await workers.second.claimNext(owner: workers.secondID)?.message)
            #expect(again.id == message.id)
            #expect(again.attempt == 1)
            await workers.close()
        }
    }

    @Test func theMarkerOfDoneCommitsWithTheWorkOrNotAtAll() async throws {
        try await ScaleFixture.with { database in
            let workers = try await Pair(database)
            try await workers.first.session.execute("CREATE TABLE test_outbox (text text NOT NULL)")
            try await workers.first.enqueue([try ScaleFixture.entry(chat: "a", sequence: 1)], network: "telegram", cursor: "1")
            let message = try #require(try await workers.first.claimNext(owner: workers.firstID)?.message)
            await #expect(throws: PostgresError.self) {
                try await workers.first.markDone(message, owner: workers.firstID) { connection in
                    try connection.execute("INSERT INTO test_outbox VALUES (NULL)")
                }
            }
            #expect(try await workers.first.statistics().pending == 1)
            #expect(try await workers.first.markDone(message, owner: workers.firstID) { connection in
                try connection.execute("INSERT INTO test_outbox VALUES ('reply')")
            })
            #expect(try await workers.first.statistics().pending == 0)
            await workers.close()
        }
    }
}
