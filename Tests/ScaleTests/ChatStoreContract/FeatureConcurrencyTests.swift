import Foundation
import JSON
import Postgres
import PostgresTestKit
import Scale
import Storage
import Schedule
import Testing

/// Several workers (one `PostgresStore` on its own session each) racing for jobs, deliveries and
/// daily sends: what only PostgreSQL can show.
@Suite(.needsPostgres) struct FeatureConcurrencyTests {
    /// Runs `body` with `count` stores, each a worker on its own session, all closed afterwards.
    static func withWorkers(_ count: Int, jobLeaseSeconds: TimeInterval = 60, _ body: ([PostgresStore]) async throws -> Void) async throws {
        try await ScaleFixture.with { database in
            var stores: [PostgresStore] = []
            do {
                for index in 0..<count {
                    stores.append(PostgresStore(session: try await database.connect(), worker: try WorkerID("worker-\(index)"), jobLeaseSeconds: jobLeaseSeconds))
                }
                try await body(stores)
            } catch {
                for store in stores { await store.session.close() }
                throw error
            }
            for store in stores { await store.session.close() }
        }
    }

    /// `count` users with a private chat each.
    static func users(_ store: PostgresStore, count: Int) async throws -> [(user: UserRecord, chat: ChatRecord)] {
        var people: [(user: UserRecord, chat: ChatRecord)] = []
        for index in 0..<count {
            people.append(try await store.participants(
                transport: "telegram", userID: "\(index)", displayName: nil, chatID: "\(index)", kind: .privateChat, title: nil,
                recordActivity: false, now: contractEpoch))
        }
        return people
    }

    @Test func workersRacingForJobsNeverShareOneAndStayWithinTheGlobalAndPerUserLimits() async throws {
        try await Self.withWorkers(2) { workers in
            let people = try await Self.users(workers[0], count: 8)
            var queued: [Int64] = []
            for round in 0..<5 {
                for person in people {
                    queued.append(try await workers[0].enqueueJob(
                        kind: "tryon", userID: person.user.id, chatID: person.chat.id, payload: ["round": .int(Int64(round))], now: contractEpoch).id)
                }
            }
            let ledger = JobLedger(limit: 3)
            let total = queued.count
            // Three claimers per worker, six in all, against a limit of three: the limit binds.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in workers {
                    for _ in 0..<3 {
                        group.addTask {
                            while await ledger.finishedCount < total {
                                guard let job = try await worker.claimJob(kind: "tryon", globalLimit: 3, now: contractEpoch + 1) else {
                                    await Task.yield()
                                    continue
                                }
                                try await ledger.started(job, by: worker.worker.text)
                                let running = try await worker.session.query("SELECT count(*)::bigint AS n FROM user_job WHERE state = 'running'")
                                await ledger.observe(runningInDatabase: Int(try running.first?.int("n") ?? 0))
                                await Task.yield()
                                await ledger.finishing(job)
                                let saved = try await worker.saveLooks([], finishingJob: job.id, result: [:], now: contractEpoch + 2)
                                #expect(saved == [], "the claimer finishes its own job")
                                await ledger.finished()
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let report = await ledger.report()
            #expect(report.claims.count == total, "every job was claimed once")
            #expect(Set(report.claims.keys) == Set(queued))
            #expect(report.peak <= 3 && report.peakInDatabase <= 3, "peak \(report.peak), in the database \(report.peakInDatabase)")
            #expect(report.userOverlaps == 0, "no user had two jobs running at once")
            #expect(Set(report.claims.values).count == 2, "both workers claimed jobs")
            let states = try await workers[1].session.query("SELECT state, count(*)::bigint AS n FROM user_job GROUP BY state")
            #expect(try states.map { "\(try $0.string("state")):\(try $0.int("n"))" } == ["done:\(total)"])
        }
    }

    @Test func aResultRacedForByThreeWorkersIsDeliveredExactlyOnce() async throws {
        try await Self.withWorkers(3) { workers in
            let people = try await Self.users(workers[0], count: 20)
            var jobs: [Int64] = []
            for person in people {
                let job = try await workers[0].enqueueJob(kind: "tryon", userID: person.user.id, chatID: nil, payload: [:], now: contractEpoch)
                _ = try #require(try await workers[0].claimJob(kind: "tryon", globalLimit: 100, now: contractEpoch))
                _ = try #require(try await workers[0].saveLooks([], finishingJob: job.id, result: [:], now: contractEpoch))
                jobs.append(job.id)
            }
            let finished = jobs
            let winners = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for worker in workers {
                    group.addTask {
                        var won: [Int64] = []
                        for id in finished where try await worker.claimDelivery(jobID: id, now: contractEpoch + 1) { won.append(id) }
                        return won
                    }
                }
                var all: [Int64] = []
                for try await won in group { all += won }
                return all
            }
            #expect(winners.sorted() == jobs.sorted(), "each result has exactly one deliverer")
        }
    }

    @Test func aDailySendRacedForByThreeWorkersIsClaimedExactlyOncePerDay() async throws {
        try await Self.withWorkers(3) { workers in
            let people = try await Self.users(workers[0], count: 20)
            var schedules: [Int64] = []
            for person in people {
                schedules.append(try await workers[0].saveSchedule(
                    chatID: person.chat.id, userID: person.user.id, localTime: "07:00", occasion: "work", days: .everyDay, now: contractEpoch).id)
            }
            let subscribed = schedules
            for day in ["2026-12-01", "2026-12-02"] {
                let winners = try await withThrowingTaskGroup(of: [Int64].self) { group in
                    for (index, worker) in workers.enumerated() {
                        group.addTask {
                            var won: [Int64] = []
                            for id in subscribed where try await worker.claimDailySend(scheduleID: id, localDate: day, items: [Int64(index)]) {
                                won.append(id)
                            }
                            return won
                        }
                    }
                    var all: [Int64] = []
                    for try await won in group { all += won }
                    return all
                }
                #expect(winners.sorted() == schedules.sorted(), "one send per schedule on \(day)")
            }
            let marks = try await workers[0].session.query("SELECT count(*)::bigint AS n FROM schedule_send")
            #expect(try marks.first?.int("n") == Int64(schedules.count * 2))
        }
    }

    @Test func aJobWhoseLeaseExpiredIsRecoveredByAnotherWorkerButALiveOneIsNot() async throws {
        try await Self.withWorkers(2, jobLeaseSeconds: 60) { workers in
            let (dead, other) = (workers[0], workers[1])
            let people = try await Self.users(dead, count: 2)
            let job = try await dead.enqueueJob(kind: "tryon", userID: people[0].user.id, chatID: nil, payload: [:], now: contractEpoch)
            _ = try #require(try await dead.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch))
            // A live worker's job: renewed in time, never taken back.
            #expect(try await other.recoverJobs(kind: "tryon", failure: "x", now: contractEpoch + 30).requeued.isEmpty)
            #expect(try await !other.renewJobLease(id: job.id, now: contractEpoch + 50), "only the owner renews")
            #expect(try await dead.renewJobLease(id: job.id, now: contractEpoch + 50))
            #expect(try await other.recoverJobs(kind: "tryon", failure: "x", now: contractEpoch + 100).requeued.isEmpty)
            #expect(try await !other.retryJob(id: job.id, notBefore: contractEpoch, error: "x", now: contractEpoch + 100))
            #expect(try await !other.failJob(id: job.id, error: "x", now: contractEpoch + 100))
            #expect(try await other.saveLooks([], finishingJob: job.id, result: [:], now: contractEpoch + 100) == nil)
            #expect(try await dead.job(id: job.id)?.state == .running)
            // Then the worker stops renewing; once its lease (to +110) has passed, the other takes the job back and runs it.
            #expect(try await other.recoverJobs(kind: "tryon", failure: "x", now: contractEpoch + 110).requeued.map(\.id) == [job.id])
            let rerun = try #require(try await other.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch + 111))
            #expect(rerun.id == job.id && rerun.attempts == 2)
            // The first worker, back from a stall, can no longer renew, finish, retry or give back the job.
            #expect(try await !dead.renewJobLease(id: job.id, now: contractEpoch + 112))
            #expect(try await dead.saveLooks([], finishingJob: job.id, result: [:], now: contractEpoch + 112) == nil)
            #expect(try await !dead.retryJob(id: job.id, notBefore: contractEpoch, error: "x", now: contractEpoch + 112))
            #expect(try await !dead.requeueJob(id: job.id, now: contractEpoch + 112))
            #expect(try await other.saveLooks([], finishingJob: job.id, result: [:], now: contractEpoch + 113) == [])
            #expect(try await other.claimDelivery(jobID: job.id, now: contractEpoch + 114))
        }
    }

    @Test func workersStartingTogetherRecoverEachExpiredJobOnceAndListUndeliveredResultsToAll() async throws {
        try await Self.withWorkers(3, jobLeaseSeconds: 60) { workers in
            let people = try await Self.users(workers[0], count: 12)
            var stranded: [Int64] = []
            for person in people {
                stranded.append(try await workers[0].enqueueJob(kind: "tryon", userID: person.user.id, chatID: nil, payload: [:], now: contractEpoch).id)
                _ = try #require(try await workers[0].claimJob(kind: "tryon", globalLimit: 100, now: contractEpoch))
            }
            let finished = try #require(stranded.last)
            _ = try #require(try await workers[0].saveLooks([], finishingJob: finished, result: [:], now: contractEpoch + 1))
            let recoveries = try await withThrowingTaskGroup(of: JobRecovery.self) { group in
                for worker in workers.dropFirst() {
                    group.addTask { try await worker.recoverJobs(kind: "tryon", failure: "x", now: contractEpoch + 61) }
                }
                var all: [JobRecovery] = []
                for try await recovery in group { all.append(recovery) }
                return all
            }
            let requeued = recoveries.flatMap(\.requeued).map(\.id)
            #expect(requeued.sorted() == stranded.dropLast().sorted(), "each stranded job requeued by exactly one worker")
            #expect(recoveries.allSatisfy { $0.failed.isEmpty && $0.undelivered.map(\.id) == [finished] })
            let states = try await workers[0].session.query("SELECT state, count(*)::bigint AS n FROM user_job GROUP BY state ORDER BY state")
            #expect(try states.map { "\(try $0.string("state")):\(try $0.int("n"))" } == ["done:1", "queued:11"])
        }
    }

    @Test func workersBindingThePollIDOfOneVoteAtOnceAllFindTheSameVoteAndLeaveTheOlderOneUnbound() async throws {
        try await Self.withWorkers(3) { workers in
            let people = try await Self.users(workers[0], count: 1)
            // Each chat has two open votes without a poll id; the answers are for the newer one.
            var pairs: [(older: Int64, newer: Int64, chat: Int64)] = []
            for index in 0..<20 {
                let (_, chat) = try await workers[0].participants(
                    transport: "telegram", userID: "0", displayName: nil, chatID: "-\(index)", kind: .group, title: nil, recordActivity: false,
                    now: contractEpoch)
                var ids: [Int64] = []
                for _ in 0..<2 {
                    ids.append(try await workers[0].openVote(
                        chatID: chat.id, starterID: people[0].user.id, kind: "tryon", subject: [:], optionCount: 2, closesAt: contractEpoch + 60,
                        now: contractEpoch).id)
                }
                pairs.append((ids[0], ids[1], chat.id))
            }
            let opened = pairs
            let seen = try await withThrowingTaskGroup(of: [Int64?].self) { group in
                for worker in workers {
                    group.addTask {
                        var found: [Int64?] = []
                        for pair in opened { found.append(try await worker.openVote(chatID: pair.chat, pollID: "poll-\(pair.newer)")?.id) }
                        return found
                    }
                }
                var all: [[Int64?]] = []
                for try await found in group { all.append(found) }
                return all
            }
            #expect(seen.allSatisfy { $0 == pairs.map { Optional($0.newer) } })
            for pair in pairs {
                #expect(try await workers[1].vote(id: pair.newer)?.pollRef == "poll-\(pair.newer)")
                #expect(try await workers[1].vote(id: pair.older)?.pollRef == nil)
            }
        }
    }

    @Test func deletingAUserTakesTheirLooksJobsSchedulesVotesAndBallotsWithThem() async throws {
        try await Self.withWorkers(1) { workers in
            let store = workers[0]
            let people = try await Self.users(store, count: 2)
            let (gone, kept) = (people[0], people[1])
            var keptVote: Int64 = 0
            for person in people {
                _ = try await store.addLook(LookRecord(
                    userID: person.user.id, chatID: person.chat.id, personSHA256: "p", garmentSHA256: "g", resultSHA256: "r", prompt: "",
                    service: "s", model: "m", batchID: nil, variation: 1, startedAt: contractEpoch, durationMilliseconds: 1))
                _ = try await store.enqueueJob(kind: "tryon", userID: person.user.id, chatID: person.chat.id, payload: [:], now: contractEpoch)
                _ = try await store.saveSchedule(
                    chatID: person.chat.id, userID: person.user.id, localTime: "07:00", occasion: "work", days: .everyDay, now: contractEpoch)
                let vote = try await store.openVote(
                    chatID: kept.chat.id, starterID: person.user.id, kind: "tryon", subject: [:], optionCount: 2, closesAt: contractEpoch + 1,
                    now: contractEpoch)
                if person.user.id == kept.user.id { keptVote = vote.id }
            }
            // Both vote in the kept user's vote; the ballot names its voter by key, not by row.
            for voter in [gone.user, kept.user] {
                try await store.castBallot(voteID: keptVote, voter: voter.key, option: 0, source: "poll", now: contractEpoch)
            }
            try await store.session.execute("DELETE FROM chat_user WHERE id = $1", [.int(gone.user.id)])
            #expect(try await store.ballots(voteID: keptVote).map(\.voter) == [kept.user.key])
            for table in ["look", "look_number", "user_job", "schedule"] {
                let rows = try await store.session.query("SELECT count(*)::bigint AS n FROM \(table) WHERE user_id = $1", [.int(gone.user.id)])
                #expect(try rows.first?.int("n") == 0, "\(table)")
            }
            let starters = try await store.session.query("SELECT starter_id FROM vote")
            #expect(try starters.map { try $0.int("starter_id") } == [kept.user.id])
            #expect(try await store.lookCount(userID: kept.user.id) == 1)
            #expect(try await store.activeJobs(userID: kept.user.id, kind: "tryon").count == 1)
            #expect(try await store.activeSchedules().map(\.userID) == [kept.user.id])
        }
    }
}

/// What the racing claimers did, checked as they go.
actor JobLedger {
    let limit: Int
    private(set) var claims: [Int64: String] = [:]
    private var running: [Int64: Int64] = [:]
    private var peak = 0
    private var peakInDatabase = 0
    private var userOverlaps = 0
    private(set) var finishedCount = 0

    init(limit: Int) { self.limit = limit }

    /// A claimer got `job`; a job claimed twice is a failure at once.
    func started(_ job: JobRecord, by worker: String) throws {
        try #require(claims[job.id] == nil, "job \(job.id) claimed twice")
        claims[job.id] = worker
        if running.values.contains(job.userID) { userOverlaps += 1 }
        running[job.id] = job.userID
        peak = max(peak, running.count)
    }

    func observe(runningInDatabase count: Int) { peakInDatabase = max(peakInDatabase, count) }

    func finishing(_ job: JobRecord) { running[job.id] = nil }

    func finished() { finishedCount += 1 }

    func report() -> (claims: [Int64: String], peak: Int, peakInDatabase: Int, userOverlaps: Int) {
        (claims, peak, peakInDatabase, userOverlaps)
    }
}
