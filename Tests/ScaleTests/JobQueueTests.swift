import Foundation
import Postgres
import PostgresTestKit
import Scale
import Schedule
import Support
import Testing
import WardrobeTestKit

@Suite(.needsPostgres) struct JobQueueTests {
    static func tryOn(_ number: Int, chat: String = "telegram:1") throws -> JobRequest {
        try JobRequest(kind: "tryon", chatKey: chat, payload: #"{"number": \#(number)}"#)
    }

    /// Writes the job's result to the test outbox, as a worker writes its reply.
    static func deliver(_ job: LeasedJob) -> @Sendable (PostgresConnection) throws -> Void {
        { connection in try connection.execute("INSERT INTO test_outbox (job_id) VALUES ($1)", [.int(job.id)]) }
    }

    static func outbox(_ session: PostgresSession) async throws -> [Int64] {
        try await session.query("SELECT job_id FROM test_outbox ORDER BY job_id").map { try $0.int("job_id") }
    }

    @Test func workersRacingForJobsDeliverEachOnce() async throws {
        try await ScaleFixture.with { database in
            let setup = try await database.connect()
            try await setup.execute("CREATE TABLE test_outbox (job_id bigint NOT NULL)")
            let queue = JobQueue(session: setup, clock: SystemClock())
            var ids: [Int64] = []
            for number in 1...200 { ids.append(try #require(try await queue.enqueue(try Self.tryOn(number)))) }
            let perWorker = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 1...3 {
                    let queue = JobQueue(session: try await database.connect(), clock: SystemClock())
                    let owner = try WorkerID("worker-\(worker)")
                    group.addTask {
                        var count = 0
                        while let claim = try await queue.claimNext(kind: "tryon", owner: owner) {
                            guard case .run(let job) = claim else { throw ScaleError.invalidInput("set aside: \(claim)") }
                            if try await queue.finish(job, owner: owner, deliver: Self.deliver(job)) { count += 1 }
                        }
                        await queue.session.close()
                        return count
                    }
                }
                var counts: [Int] = []
                for try await count in group { counts.append(count) }
                return counts
            }
            #expect(perWorker.reduce(0, +) == 200)
            #expect(try await Self.outbox(setup) == ids)
            #expect(try await queue.counts(kind: "tryon") == ["done": 200])
            await setup.close()
        }
    }

    @Test func aKilledWorkersJobRunsOnAnotherAndIsDeliveredOnce() async throws {
        try await ScaleFixture.with { database in
            let clock = ManualClock()
            let first = JobQueue(session: try await database.connect(), clock: clock)
            let second = JobQueue(session: try await database.connect(), clock: clock)
            let (firstID, secondID) = (try WorkerID("worker-1"), try WorkerID("worker-2"))
            try await first.session.execute("CREATE TABLE test_outbox (job_id bigint NOT NULL)")
            try await first.enqueue(try Self.tryOn(1))
            let job = try #require(try await first.claimNext(kind: "tryon", owner: firstID)?.job)
            #expect(try await second.claimNext(kind: "tryon", owner: secondID) == nil)
            clock.advance(by: 31)
            let retried = try #require(try await second.claimNext(kind: "tryon", owner: secondID)?.job)
            #expect(retried.id == job.id && retried.attempt == 2)
            #expect(try await first.renewLease(job, owner: firstID) == false)
            #expect(try await second.finish(retried, owner: secondID, deliver: Self.deliver(retried)))
            // The first worker was only stalled and finishes too: its result is not delivered again.
            #expect(try await first.finish(job, owner: firstID, deliver: Self.deliver(job)) == false)
            #expect(try await Self.outbox(first.session) == [job.id])
            await first.session.close()
            await second.session.close()
        }
    }

    @Test func aJobThatKeepsCrashingIsSetAsideAndARetryWaitsItsTime() async throws {
        try await ScaleFixture.with { database in
            let clock = ManualClock()
            let queue = JobQueue(session: try await database.connect(), configuration: InboxConfiguration(maxAttempts: 2), clock: clock)
            let owner = try WorkerID("worker-1")
            let poisoned = try #require(try await queue.enqueue(try Self.tryOn(1)))
            for _ in 1...2 {
                #expect(try await queue.claimNext(kind: "tryon", owner: owner)?.job.id == poisoned)
                clock.advance(by: 31)
            }
            let setAside = try #require(try await queue.claimNext(kind: "tryon", owner: owner))
            #expect(setAside == .setAside(setAside.job))
            #expect(setAside.job.id == poisoned && setAside.job.attempt == 2 && setAside.job.chatKey == "telegram:1")
            try await queue.enqueue(try Self.tryOn(2))
            let job = try #require(try await queue.claimNext(kind: "tryon", owner: owner)?.job)
            #expect(try await queue.retry(job, owner: owner, at: clock.now().addingTimeInterval(60)))
            #expect(try await queue.claimNext(kind: "tryon", owner: owner) == nil)
            clock.advance(by: 61)
            #expect(try await queue.claimNext(kind: "tryon", owner: owner)?.job.id == job.id)
            #expect(try await queue.counts(kind: "tryon") == ["set_aside": 1, "running": 1])
            await queue.session.close()
        }
    }

    @Test func aDedupeKeyQueuesAJobOnce() async throws {
        try await ScaleFixture.with { database in
            let queue = JobQueue(session: try await database.connect(), clock: ManualClock())
            let request = try JobRequest(kind: "daily", chatKey: "telegram:1", payload: "{}", dedupeKey: "daily:telegram:1:2026-12-01")
            #expect(try await queue.enqueue(request) != nil)
            #expect(try await queue.enqueue(request) == nil)
            await queue.session.close()
        }
    }

    @Test func theDailyOutfitGoesOutOncePerChatPerDayAcrossWorkers() async throws {
        try await ScaleFixture.with { database in
            let setup = try await database.connect()
            try await setup.execute("CREATE TABLE test_outbox (chat text NOT NULL, day text NOT NULL)")
            let day = try #require(LocalDate(text: "2026-12-01"))
            let sent = try await withThrowingTaskGroup(of: Bool.self) { group in
                for worker in 1...3 {
                    let ledger = DailySends(session: try await database.connect(), clock: ManualClock())
                    let owner = try WorkerID("worker-\(worker)")
                    group.addTask {
                        let sent = try await ledger.sendOnce(chatKey: "telegram:1", day: day, owner: owner) { connection in
                            try connection.execute("INSERT INTO test_outbox VALUES ('telegram:1', '2026-12-01')")
                        }
                        await ledger.session.close()
                        return sent
                    }
                }
                var results: [Bool] = []
                for try await result in group { results.append(result) }
                return results
            }
            #expect(sent.filter { $0 }.count == 1)
            let ledger = DailySends(session: setup, clock: ManualClock())
            let owner = try WorkerID("worker-1")
            #expect(try await ledger.sendOnce(chatKey: "telegram:1", day: LocalDate(dayNumber: day.dayNumber + 1), owner: owner) { _ in })
            #expect(try await ledger.sendOnce(chatKey: "telegram:2", day: day, owner: owner) { _ in })
            let rows = try await setup.query("SELECT count(*)::bigint AS n FROM test_outbox")
            #expect(try rows.first?.int("n") == 1)
            await setup.close()
        }
    }
}
