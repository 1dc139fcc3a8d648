import Foundation
import JSON
import Storage
import Testing

/// What housekeeping removes through the store protocols, the same on every backend.
@Suite struct HousekeepingContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func finishedJobsOlderThanTheCutoffArePrunedAndUndeliveredOrUnfinishedOnesStay(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let old = contractEpoch + 10, cutoff = contractEpoch + 100
            /// Enqueues a job for Ana and claims it at `at`.
            func claimed(_ at: Date) async throws -> Int64 {
                let job = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: people.chat.id, payload: [:], now: contractEpoch)
                #expect(try await store.claimJob(kind: "tryon", globalLimit: 1, now: at)?.id == job.id)
                return job.id
            }
            let failed = try await claimed(old)
            #expect(try await store.failJob(id: failed, error: "safety block", now: old))
            let cancelled = try await claimed(old)
            #expect(try await store.cancelJob(id: cancelled, now: old) != nil)
            let delivered = try await claimed(old)
            #expect(try await store.saveLooks([], finishingJob: delivered, result: [:], now: old) != nil)
            #expect(try await store.claimDelivery(jobID: delivered, now: old))
            let undelivered = try await claimed(old)
            #expect(try await store.saveLooks([], finishingJob: undelivered, result: [:], now: old) != nil)
            let recent = try await claimed(cutoff + 1)
            #expect(try await store.saveLooks([], finishingJob: recent, result: [:], now: cutoff + 1) != nil)
            #expect(try await store.claimDelivery(jobID: recent, now: cutoff + 1))
            let queued = try await store.enqueueJob(kind: "tryon", userID: people.bo.id, chatID: nil, payload: [:], now: contractEpoch)
            #expect(try await store.pruneJobs(finishedBefore: cutoff) == 3)
            for id in [failed, cancelled, delivered] { #expect(try await store.job(id: id) == nil, "job \(id)") }
            #expect(try await store.job(id: undelivered)?.state == .done, "a result still to deliver stays")
            #expect(try await store.job(id: recent)?.state == .done)
            #expect(try await store.job(id: queued.id)?.state == .queued)
            #expect(try await store.pruneJobs(finishedBefore: cutoff) == 0)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func deletingALookRemovesTheImagesNothingElseOfTheUserNames(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let ana = people.ana.id
            func save(_ marker: UInt8, _ user: Int64) async throws -> String {
                try await store.saveImage(ImageContractTests.photo + [marker], userID: user, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch).sha256
            }
            let person = try await save(1, ana), garment = try await save(2, ana), result = try await save(3, ana)
            _ = try await save(3, people.bo.id)
            var piece = ClosetFixture.piece("Coat")
            piece.photo = garment
            _ = try await store.addItem(piece, userID: ana)
            func look(result: String) -> LookRecord {
                LookRecord(
                    userID: ana, chatID: people.chat.id, personSHA256: person, garmentSHA256: garment, resultSHA256: result, prompt: "p",
                    service: "gemini", model: "m", batchID: nil, variation: 1, startedAt: contractEpoch, durationMilliseconds: 1)
            }
            let first = try await store.addLook(look(result: result))
            _ = try await store.addLook(look(result: person))
            #expect(try await store.deleteLook(userID: ana, number: first.number)?.resultSHA256 == result)
            #expect(try await store.image(userID: ana, sha256: result) == nil, "nothing else names the result")
            await #expect(throws: StorageError.self) { try await store.imageBytes(userID: ana, sha256: result) }
            #expect(try await store.imageBytes(userID: ana, sha256: person) == ImageContractTests.photo + [1], "another look names the person")
            #expect(try await store.imageBytes(userID: ana, sha256: garment) == ImageContractTests.photo + [2], "a piece's photo")
            #expect(try await store.imageBytes(userID: people.bo.id, sha256: result) == ImageContractTests.photo + [3], "Bo's copy stays")
        }
    }
}
