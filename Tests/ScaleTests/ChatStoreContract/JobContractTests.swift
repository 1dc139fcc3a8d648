import Foundation
import JSON
import Storage
import Testing

@Suite struct JobContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func aClaimTakesTheOldestDueJobOnePerUserAndWithinTheGlobalLimit(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let (cy, _) = try await store.participants(
                transport: "matrix", userID: "@cy:x", displayName: nil, chatID: "!r:x", kind: .privateChat, title: nil, recordActivity: false,
                now: contractEpoch)
            let first = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: people.chat.id, payload: ["n": 1], now: contractEpoch)
            let second = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: nil, payload: ["n": 2], now: contractEpoch + 1)
            let bos = try await store.enqueueJob(kind: "tryon", userID: people.bo.id, chatID: nil, payload: ["n": 3], now: contractEpoch + 2)
            let later = try await store.enqueueJob(
                kind: "tryon", userID: cy.id, chatID: nil, payload: ["n": 4], notBefore: contractEpoch + 100, now: contractEpoch + 3)
            _ = try await store.enqueueJob(kind: "other", userID: cy.id, chatID: nil, payload: [:], now: contractEpoch)
            #expect(first.state == .queued && first.attempts == 0 && first.notBefore == contractEpoch && first.chatID == people.chat.id)
            #expect(try await store.job(id: first.id) == first)
            #expect(try await store.job(id: first.id + 1000) == nil)
            #expect(try await store.nextJobDate(kind: "tryon") == contractEpoch)
            let claimed = try #require(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch + 10))
            #expect(claimed.id == first.id && claimed.state == .running && claimed.attempts == 1 && claimed.updatedAt == contractEpoch + 10)
            // Ana has a job running, so Bo's comes next; then the limit of two is reached.
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch + 10)?.id == bos.id)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch + 10) == nil)
            // A higher limit still finds nothing: Ana's second waits for her first, Cy's is not due.
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 5, now: contractEpoch + 10) == nil)
            #expect(try await store.nextJobDate(kind: "tryon") == contractEpoch + 1)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 5, now: contractEpoch + 100)?.id == later.id)
            #expect(try await store.activeJobs(userID: people.ana.id, kind: "tryon").map(\.id) == [first.id, second.id])
            #expect(try await store.jobs(userID: people.ana.id, kind: "tryon", since: contractEpoch + 1).map(\.id) == [second.id])
            #expect(try await store.jobs(userID: people.ana.id, kind: "other", since: contractEpoch) == [])
            #expect(try await store.nextJobDate(kind: "nothing") == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func onlyARunningJobIsRetriedRequeuedOrRenewedAndAFinalOneIsNotCancelled(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let job = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: nil, payload: [:], now: contractEpoch)
            #expect(try await !store.retryJob(id: job.id, notBefore: contractEpoch + 60, error: "busy", now: contractEpoch))
            #expect(try await !store.renewJobLease(id: job.id, now: contractEpoch))
            _ = try #require(try await store.claimJob(kind: "tryon", globalLimit: 1, now: contractEpoch))
            #expect(try await store.renewJobLease(id: job.id, now: contractEpoch + 5))
            #expect(try await store.retryJob(id: job.id, notBefore: contractEpoch + 60, error: "rate limited", now: contractEpoch + 6))
            let retried = try #require(try await store.job(id: job.id))
            #expect(retried.state == .queued && retried.notBefore == contractEpoch + 60 && retried.error == "rate limited" && retried.attempts == 1)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 1, now: contractEpoch + 59) == nil)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 1, now: contractEpoch + 60)?.attempts == 2)
            // A requeue (shutdown) gives the attempt back.
            #expect(try await store.requeueJob(id: job.id, now: contractEpoch + 61))
            #expect(try await !store.requeueJob(id: job.id, now: contractEpoch + 61))
            #expect(try await store.job(id: job.id)?.attempts == 1)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 1, now: contractEpoch + 62)?.attempts == 2)
            let before = try #require(try await store.cancelJob(id: job.id, now: contractEpoch + 63))
            #expect(before.state == .running)
            #expect(try await store.job(id: job.id)?.state == .cancelled)
            #expect(try await !store.renewJobLease(id: job.id, now: contractEpoch + 64))
            #expect(try await store.cancelJob(id: job.id, now: contractEpoch + 64) == nil)
            #expect(try await !store.failJob(id: job.id, error: "late", now: contractEpoch + 64))
            #expect(try await store.cancelJob(id: job.id + 1000, now: contractEpoch) == nil)
            // A queued job can be failed; then it is final.
            let queued = try await store.enqueueJob(kind: "tryon", userID: people.bo.id, chatID: nil, payload: [:], now: contractEpoch)
            #expect(try await store.failJob(id: queued.id, error: "bad photo", now: contractEpoch + 1))
            let failed = try await store.job(id: queued.id)
            #expect(failed?.state == .failed && failed?.error == "bad photo")
            #expect(try await !store.failJob(id: queued.id, error: "again", now: contractEpoch + 2))
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 5, now: contractEpoch + 100) == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aFinishedResultIsClaimedForDeliveryExactlyOnce(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let job = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: people.chat.id, payload: [:], now: contractEpoch)
            #expect(try await !store.claimDelivery(jobID: job.id, now: contractEpoch))
            _ = try #require(try await store.claimJob(kind: "tryon", globalLimit: 1, now: contractEpoch))
            #expect(try await !store.claimDelivery(jobID: job.id, now: contractEpoch))
            _ = try #require(try await store.saveLooks([people.look(people.ana.id)], finishingJob: job.id, result: [:], now: contractEpoch + 1))
            #expect(try await store.claimDelivery(jobID: job.id, now: contractEpoch + 2))
            #expect(try await !store.claimDelivery(jobID: job.id, now: contractEpoch + 3))
            #expect(try await store.job(id: job.id)?.delivered == true)
            #expect(try await !store.claimDelivery(jobID: job.id + 1000, now: contractEpoch))
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func recoveryQueuesAnInterruptedJobOnceThenFailsItAndListsUndeliveredResults(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let job = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: nil, payload: ["service": "gemini"], now: contractEpoch)
            let finished = try await store.enqueueJob(kind: "tryon", userID: people.bo.id, chatID: nil, payload: [:], now: contractEpoch)
            _ = try #require(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch))
            _ = try #require(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch))
            _ = try #require(try await store.saveLooks([people.look(people.bo.id)], finishingJob: finished.id, result: [:], now: contractEpoch + 1))
            // An hour later every lease has run out: the interrupted job is queued again, counted in its payload.
            let first = try await store.recoverJobs(kind: "tryon", failure: "restarted twice", now: contractEpoch + 3600)
            #expect(first.requeued.map(\.id) == [job.id] && first.failed.isEmpty && first.undelivered.map(\.id) == [finished.id])
            #expect(first.requeued.first?.payload == ["service": "gemini", "restarts": 1] && first.requeued.first?.state == .queued)
            #expect(try await store.job(id: job.id)?.state == .queued)
            #expect(try await store.recoverJobs(kind: "other", failure: "x", now: contractEpoch + 3600).requeued.isEmpty)
            _ = try #require(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch + 3600))
            #expect(try await store.claimDelivery(jobID: finished.id, now: contractEpoch + 3601))
            // Interrupted a second time, it fails and is set aside as a poison job.
            let second = try await store.recoverJobs(kind: "tryon", failure: "restarted twice", now: contractEpoch + 7200)
            #expect(second.requeued.isEmpty && second.failed.map(\.id) == [job.id] && second.undelivered.isEmpty)
            #expect(second.failed.first?.state == .failed && second.failed.first?.error == "restarted twice")
            #expect(try await store.job(id: job.id)?.state == .failed)
            #expect(try await store.beginAttempt(kind: "tryon.job", itemID: String(job.id), chatKey: "", maxAttempts: 5, now: contractEpoch) == .setAside(attempts: 2))
        }
    }
}
