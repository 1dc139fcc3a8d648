import Foundation
import Schedule
import Storage
import Testing

@Suite struct WearContractTests {
    static let march14 = LocalDate(year: 2026, month: 3, day: 14)
    static let march15 = LocalDate(year: 2026, month: 3, day: 15)

    @Test(arguments: FeatureStoreBackend.available)
    func aWearIsLoggedOncePerPieceAndDayAndRaisesThePiecesFigures(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let other = try await ClosetFixture.user(store, "other")
            let tee = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
            let jeans = try await store.addItem(ClosetFixture.piece("jeans", category: .bottom), userID: user)
            let theirs = try await store.addItem(ClosetFixture.piece("theirs"), userID: other)
            let worn = contractEpoch + 3600
            let first = try await store.recordWears(
                userID: user, itemIDs: [tee.id, jeans.id, tee.id, theirs.id, 999_999], on: Self.march14, at: worn, source: .button, now: worn)
            #expect(first.recorded == [tee.id, jeans.id])
            #expect(first.alreadyLogged == [] && first.unknown == [theirs.id, 999_999])
            let repeated = try await store.recordWears(
                userID: user, itemIDs: [tee.id], on: Self.march14, at: worn + 60, source: .command, now: worn + 60)
            #expect(repeated.recorded == [] && repeated.alreadyLogged == [tee.id])
            let read = try #require(try await store.item(userID: user, number: tee.number))
            #expect(read.wearCount == 1 && read.lastWornAt == worn)
            // A later day counts again; an earlier instant never moves the last wear back.
            _ = try await store.recordWears(userID: user, itemIDs: [tee.id], on: Self.march15, at: worn - 7200, source: .daily, now: worn)
            let again = try #require(try await store.item(userID: user, number: tee.number))
            #expect(again.wearCount == 2 && again.lastWornAt == worn)
            #expect(try await store.item(userID: other, number: theirs.number)?.wearCount == 0)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func theLogIsReadByDayThenNumberPerPieceAndAsEachPiecesLastDay(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let tee = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
            let jeans = try await store.addItem(ClosetFixture.piece("jeans", category: .bottom), userID: user)
            let unworn = try await store.addItem(ClosetFixture.piece("unworn"), userID: user)
            let early = LocalDate(year: 2025, month: 12, day: 31)
            _ = try await store.recordWears(userID: user, itemIDs: [jeans.id, tee.id], on: Self.march15, at: contractEpoch, source: .button, now: contractEpoch + 1)
            _ = try await store.recordWears(userID: user, itemIDs: [tee.id], on: early, at: contractEpoch, source: .command, now: contractEpoch + 2)
            let all = try await store.wears(userID: user)
            #expect(all == [
                WearRecord(itemID: tee.id, itemNumber: tee.number, date: early, source: .command, recordedAt: contractEpoch + 2),
                WearRecord(itemID: tee.id, itemNumber: tee.number, date: Self.march15, source: .button, recordedAt: contractEpoch + 1),
                WearRecord(itemID: jeans.id, itemNumber: jeans.number, date: Self.march15, source: .button, recordedAt: contractEpoch + 1),
            ])
            #expect(try await store.wears(userID: user, since: Self.march14).map(\.itemID) == [tee.id, jeans.id])
            #expect(try await store.wears(userID: user, since: LocalDate(year: 2026, month: 3, day: 16)) == [])
            #expect(try await store.wears(userID: user, itemID: tee.id).map(\.date) == [early, Self.march15])
            #expect(try await store.wears(userID: user, itemID: unworn.id) == [])
            #expect(try await store.lastWearDates(userID: user) == [tee.id: Self.march15, jeans.id: Self.march15])
            // A removed piece takes its wears with it.
            #expect(try await store.removeItem(userID: user, number: tee.number))
            #expect(try await store.wears(userID: user).map(\.itemID) == [jeans.id])
            #expect(try await store.lastWearDates(userID: user) == [jeans.id: Self.march15])
        }
    }
}
