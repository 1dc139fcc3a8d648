import Foundation
import JSON
import Storage
import Testing
import TryOn

@Suite struct TryOnJobQueueTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queue-\(UUID())").path
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func makeStore() throws -> Store { try Store(dataDirectory: folder) }

    func user(_ store: Store, _ name: String) async throws -> Int64 {
        try await store.user(transport: "test", externalID: name).id
    }

    func enqueue(_ store: Store, user: Int64, count: Int = 1, ownKey: Bool = false, at date: Date? = nil) async throws -> JobRecord {
        let payload = TryOnJobPayload(
            personSHA256: "p", garmentSHA256: "g", promptID: "default", promptText: "dress", service: .openrouter, count: count,
            batchID: "b", ownKey: ownKey, ticket: "t")
        return try await store.enqueueJob(kind: TryOnJobPayload.kind, userID: user, chatID: nil, payload: payload.json, now: date ?? now)
    }

    @Test func claimingRunsOneJobPerUserAtATime() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let ana = try await user(store, "ana")
        let first = try await enqueue(store, user: ana)
        let second = try await enqueue(store, user: ana)
        let claimed = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        #expect(claimed?.id == first.id && claimed?.state == .running && claimed?.attempts == 1)
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now) == nil)
        #expect(try await store.saveLooks([], finishingJob: first.id, now: now) == [])
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)?.id == second.id)
    }

    @Test func claimingRespectsTheGlobalLimit() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a", "b", "c"] { _ = try await enqueue(store, user: try await user(store, name)) }
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 2, now: now) != nil)
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 2, now: now) != nil)
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 2, now: now) == nil)
        #expect(try await store.claimJob(kind: "other", globalLimit: 2, now: now) == nil)
    }

    @Test func aRetryWaitsForItsNotBeforeTime() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let job = try await enqueue(store, user: try await user(store, "ana"))
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        #expect(try await store.retryJob(id: job.id, notBefore: now + 20, error: "rate limited", now: now))
        #expect(try await store.nextJobDate(kind: TryOnJobPayload.kind) == now + 20)
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now + 19) == nil)
        let again = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now + 20)
        #expect(again?.attempts == 2 && again?.error == "rate limited")
        // A job that is not running cannot be rescheduled.
        #expect(try await store.retryJob(id: 999, notBefore: now, error: "x", now: now) == false)
    }

    @Test func aResultIsDeliveredAtMostOnce() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let ana = try await user(store, "ana")
        let job = try await enqueue(store, user: ana)
        #expect(try await store.claimDelivery(jobID: job.id, now: now) == false)
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        let look = LookRecord(
            userID: ana, chatID: nil, personSHA256: "p", garmentSHA256: "g", resultSHA256: "r", prompt: "dress", service: "openrouter",
            model: "m", batchID: "b", variation: 1, startedAt: now, durationMilliseconds: 1200)
        let saved = try #require(try await store.saveLooks([look, look], finishingJob: job.id, now: now))
        #expect(saved.map(\.number) == [1, 2])
        #expect(try await store.job(id: job.id)?.result?["looks"] == [1, 2])
        // Saving again (a stale worker) writes nothing.
        #expect(try await store.saveLooks([look], finishingJob: job.id, now: now) == nil)
        #expect(try await store.lookCount(userID: ana) == 2)
        #expect(try await store.claimDelivery(jobID: job.id, now: now))
        #expect(try await store.claimDelivery(jobID: job.id, now: now) == false)
        #expect(try await store.recoverJobs(kind: TryOnJobPayload.kind, failure: "x", now: now).undelivered.isEmpty)
    }

    @Test func aCancelledJobIsNeitherClaimedNorSaved() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let ana = try await user(store, "ana")
        let queued = try await enqueue(store, user: ana)
        #expect(try await store.cancelJob(id: queued.id, now: now)?.state == .queued)
        #expect(try await store.cancelJob(id: queued.id, now: now) == nil)
        #expect(try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now) == nil)
        let running = try await enqueue(store, user: ana)
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        #expect(try await store.cancelJob(id: running.id, now: now)?.state == .running)
        #expect(try await store.saveLooks([], finishingJob: running.id, now: now) == nil)
        #expect(try await store.failJob(id: running.id, error: "late", now: now) == false)
        #expect(try await store.job(id: running.id)?.state == .cancelled)
    }

    @Test func recoveryRequeuesAnInterruptedJobOnceThenFailsIt() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let job = try await enqueue(store, user: try await user(store, "ana"))
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        let first = try await store.recoverJobs(kind: TryOnJobPayload.kind, failure: "restarted", now: now + 5)
        #expect(first.requeued.map(\.id) == [job.id] && first.failed.isEmpty)
        #expect(TryOnJobPayload(json: first.requeued[0].payload)?.restarts == 1)
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now + 5)
        let second = try await store.recoverJobs(kind: TryOnJobPayload.kind, failure: "restarted", now: now + 9)
        #expect(second.failed.map(\.id) == [job.id] && second.requeued.isEmpty)
        #expect(try await store.job(id: job.id)?.state == .failed)
        #expect(try await store.job(id: job.id)?.error == "restarted")
    }

    @Test func aShutdownRequeueDoesNotCountTheAttempt() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let job = try await enqueue(store, user: try await user(store, "ana"))
        _ = try await store.claimJob(kind: TryOnJobPayload.kind, globalLimit: 4, now: now)
        #expect(try await store.requeueJob(id: job.id, now: now))
        let record = try await store.job(id: job.id)
        #expect(record?.state == .queued && record?.attempts == 0)
    }

    @Test func theQuotaCountsOperatorKeyImagesOfTodayOnly() async throws {
        let store = try makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let ana = try await user(store, "ana")
        let quota = TryOnQuota(dailyLimit: 10)
        _ = try await enqueue(store, user: ana, count: 4, at: now - 86_400)  // yesterday
        _ = try await enqueue(store, user: ana, count: 2)
        _ = try await enqueue(store, user: ana, count: 4, ownKey: true)
        let failed = try await enqueue(store, user: ana, count: 1)
        _ = try await store.failJob(id: failed.id, error: "x", now: now)
        let cancelled = try await enqueue(store, user: ana, count: 1)
        _ = try await store.cancelJob(id: cancelled.id, now: now)
        let usage = try await quota.usage(store: store, userID: ana, now: now)
        #expect(usage.used == 2 && usage.remaining == 8)
        #expect(usage.resetsAt == TryOnQuota.startOfDay(now) + 86_400)
        #expect(try await TryOnQuota(dailyLimit: 0).usage(store: store, userID: ana, now: now).remaining == nil)
        #expect(TryOnQuota.until(now + 5 * 3600, from: now) == "in 5 h")
        #expect(TryOnQuota.until(now + 40 * 60, from: now) == "in 40 min")
    }
}
