import Foundation
import JSON
import Storage
import Testing

@Suite struct LookContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func looksAreNumberedPerUserAndADeletedNumberIsNeverGivenOutAgain(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let first = try await store.addLook(people.look(people.ana.id, variation: 1))
            let second = try await store.addLook(people.look(people.ana.id, batch: nil, variation: 2))
            let third = try await store.addLook(people.look(people.ana.id, variation: 3))
            let bos = try await store.addLook(people.look(people.bo.id))
            #expect([first, second, third, bos].map(\.number) == [1, 2, 3, 1])
            // Every field round-trips, the unicode prompt and the missing batch included.
            #expect(try await store.look(userID: people.ana.id, number: 2) == second)
            #expect(second.batchID == nil && second.prompt == "Put the coat on — « Mäntel » 🧥" && second.startedAt == contractEpoch + 5)
            #expect(second.durationMilliseconds == 12_345 && second.chatID == people.chat.id && !second.favourite && !second.groupPick)
            #expect(try await store.deleteLook(userID: people.ana.id, number: 3) == third)
            #expect(try await store.deleteLook(userID: people.ana.id, number: 3) == nil)
            #expect(try await store.look(userID: people.ana.id, number: 3) == nil)
            #expect(try await store.addLook(people.look(people.ana.id, variation: 4)).number == 4)
            #expect(try await store.lookCount(userID: people.ana.id) == 3)
            #expect(try await store.lookCount(userID: people.bo.id) == 1)
            #expect(try await store.lookCount(userID: people.bo.id + 1000) == 0)
            #expect(try await store.look(userID: people.bo.id, number: 2) == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func pagesListNewestFirstAndVariationsCountPerBatch(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            for variation in 1...3 { _ = try await store.addLook(people.look(people.ana.id, batch: "coat", variation: variation)) }
            _ = try await store.addLook(people.look(people.ana.id, batch: "dress", variation: 7))
            _ = try await store.addLook(people.look(people.bo.id, batch: "coat", variation: 9))
            #expect(try await store.looks(userID: people.ana.id, limit: 2, offset: 0).map(\.number) == [4, 3])
            #expect(try await store.looks(userID: people.ana.id, limit: 2, offset: 2).map(\.number) == [2, 1])
            #expect(try await store.looks(userID: people.ana.id, limit: 10, offset: 4) == [])
            #expect(try await store.looks(userID: people.ana.id, limit: 10).map(\.number) == [4, 3, 2, 1])
            #expect(try await store.lastVariation(userID: people.ana.id, batchID: "coat") == 3)
            #expect(try await store.lastVariation(userID: people.ana.id, batchID: "dress") == 7)
            #expect(try await store.lastVariation(userID: people.ana.id, batchID: "hat") == 0)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func favouritesAndGroupPicksMarkOnlyAnExistingLook(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            let look = try await store.addLook(people.look(people.ana.id))
            #expect(try await store.setFavourite(true, userID: people.ana.id, number: look.number))
            #expect(try await store.look(userID: people.ana.id, number: look.number)?.favourite == true)
            #expect(try await store.setFavourite(false, userID: people.ana.id, number: look.number))
            #expect(try await store.look(userID: people.ana.id, number: look.number)?.favourite == false)
            #expect(try await !store.setFavourite(true, userID: people.bo.id, number: look.number))
            #expect(try await store.setGroupPick(userID: people.ana.id, lookNumber: look.number))
            #expect(try await store.look(userID: people.ana.id, number: look.number)?.groupPick == true)
            #expect(try await !store.setGroupPick(userID: people.ana.id, lookNumber: 99))
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func savingLooksFinishesTheRunningJobInOneStepAndOnlyWhileItRuns(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let people = try await FeatureFixture.make(store)
            _ = try await store.addLook(people.look(people.ana.id))
            let job = try await store.enqueueJob(kind: "tryon", userID: people.ana.id, chatID: people.chat.id, payload: ["count": 2], now: contractEpoch)
            // Not claimed yet: nothing is saved.
            #expect(try await store.saveLooks([people.look(people.ana.id)], finishingJob: job.id, result: [:], now: contractEpoch) == nil)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch)?.id == job.id)
            let looks = [people.look(people.ana.id, variation: 1), people.look(people.ana.id, variation: 2)]
            let saved = try #require(try await store.saveLooks(looks, finishingJob: job.id, result: ["model": "flash"], now: contractEpoch + 9))
            #expect(saved.map(\.number) == [2, 3] && saved.map(\.resultSHA256) == ["r-1", "r-2"])
            let done = try #require(try await store.job(id: job.id))
            #expect(done.state == .done && done.result == ["model": "flash", "looks": [2, 3]] && done.updatedAt == contractEpoch + 9 && !done.delivered)
            // A second save for the same job writes nothing.
            #expect(try await store.saveLooks(looks, finishingJob: job.id, result: [:], now: contractEpoch + 10) == nil)
            #expect(try await store.lookCount(userID: people.ana.id) == 3)
            // Nor does one for a job cancelled while it ran, or for no job at all.
            let other = try await store.enqueueJob(kind: "tryon", userID: people.bo.id, chatID: nil, payload: [:], now: contractEpoch)
            #expect(try await store.claimJob(kind: "tryon", globalLimit: 2, now: contractEpoch)?.id == other.id)
            #expect(try await store.cancelJob(id: other.id, now: contractEpoch + 1)?.state == .running)
            #expect(try await store.saveLooks([people.look(people.bo.id)], finishingJob: other.id, result: [:], now: contractEpoch + 2) == nil)
            #expect(try await store.saveLooks([people.look(people.bo.id)], finishingJob: other.id + 1000, result: [:], now: contractEpoch) == nil)
            #expect(try await store.lookCount(userID: people.bo.id) == 0)
        }
    }
}
