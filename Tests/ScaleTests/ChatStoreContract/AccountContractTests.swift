import Closet
import Foundation
import JSON
import Schedule
import Storage
import Testing

@Suite struct AccountContractTests {
    /// Fills a closet (a removed piece, wears on two days) and returns its export.
    static func exportOfAFilledCloset(_ store: any ClosetContractStore) async throws -> ClosetExport {
        let user = try await ClosetFixture.user(store)
        let blazer = try await store.addItem(try ClosetFixture.fullPiece(), userID: user)
        let tee = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
        let gone = try await store.addItem(ClosetFixture.piece("gone"), userID: user)
        let day = LocalDate(year: 2026, month: 3, day: 14)
        _ = try await store.recordWears(userID: user, itemIDs: [tee.id, blazer.id, gone.id], on: day, at: contractEpoch, source: .button, now: contractEpoch)
        _ = try await store.recordWears(userID: user, itemIDs: [tee.id], on: day.adding(days: 1), at: contractEpoch, source: .daily, now: contractEpoch)
        _ = try await store.removeItem(userID: user, number: gone.number)
        // Someone else's closet stays out of it.
        _ = try await store.addItem(ClosetFixture.piece("not mine"), userID: try await ClosetFixture.user(store, "other"))
        return try await store.closetExport(userID: user)
    }

    @Test(arguments: FeatureStoreBackend.available)
    func theExportHoldsThePiecesByNumberAndTheWearLogOldestFirst(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let export = try await Self.exportOfAFilledCloset(store)
            #expect(export.pieceCount == 2 && export.wearCount == 3)
            let document = try JSON.parse(export.text)
            let items = try #require(document["items"]?.array)
            #expect(items.map { $0["name"]?.string } == ["Navy blazer", "tee"])
            #expect(items.map { $0["number"]?.int } == [1, 2])
            #expect(items[0]["price"]?.double == 249.9 && items[0]["currency"]?.string == "EUR" && items[0]["wear_count"]?.int == 4)
            #expect(document["wears"] == [
                ["item": 1, "date": "2026-03-14", "source": "button"],
                ["item": 2, "date": "2026-03-14", "source": "button"],
                ["item": 2, "date": "2026-03-15", "source": "daily"],
            ])
            // Closet import reads the export back as the same pieces.
            let imported = try ClosetCodec.decode(jsonText: export.text, importedAt: contractEpoch)
            #expect(imported.problems.isEmpty && imported.items.map(\.name) == ["Navy blazer", "tee"])
        }
    }

    @Test func theExportIsTheSameTextOnEveryBackend() async throws {
        var texts: [String] = []
        for backend in FeatureStoreBackend.available {
            try await backend.withStore { store in texts.append(try await Self.exportOfAFilledCloset(store).text) }
        }
        #expect(texts.count == FeatureStoreBackend.available.count)
        #expect(Set(texts).count == 1)
    }

    @Test(arguments: FeatureStoreBackend.available)
    func deletingAUserLeavesNothingOfThemAndKeepsAnotherUsersCopyOfTheSameImage(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let leaver = try await ClosetFixture.user(store, "leaver")
            let stayer = try await ClosetFixture.user(store, "stayer")
            let shared = ImageContractTests.photo
            let own: [UInt8] = [4, 5, 6]
            for user in [leaver, stayer] {
                let image = try await store.saveImage(shared, userID: user, mimeType: "image/jpeg", width: 4, height: 4, now: contractEpoch)
                try await store.saveThumbnail([8, 8], userID: user, sha256: image.sha256, side: 240)
                let piece = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
                _ = try await store.recordWears(
                    userID: user, itemIDs: [piece.id], on: WearContractTests.march14, at: contractEpoch, source: .button, now: contractEpoch)
            }
            let ownImage = try await store.saveImage(own, userID: leaver, mimeType: "image/png", width: nil, height: nil, now: contractEpoch)
            let sharedDigest = MediaStore.digest(of: shared)

            try await store.deleteUser(id: leaver)

            #expect(try await store.user(id: leaver) == nil)
            #expect(try await store.items(userID: leaver) == [])
            #expect(try await store.wears(userID: leaver) == [])
            #expect(try await store.lastWearDates(userID: leaver) == [:])
            #expect(try await store.image(userID: leaver, sha256: sharedDigest) == nil)
            #expect(try await store.image(userID: leaver, sha256: ownImage.sha256) == nil)
            await #expect(throws: StorageError.self) { _ = try await store.imageBytes(userID: leaver, sha256: ownImage.sha256) }
            #expect(await store.thumbnail(userID: leaver, sha256: sharedDigest, side: 240) == nil)
            // The other user's closet, wears, image bytes and thumbnail are untouched.
            #expect(try await store.items(userID: stayer).map(\.name) == ["tee"])
            #expect(try await store.wears(userID: stayer).count == 1)
            #expect(try await store.imageBytes(userID: stayer, sha256: sharedDigest) == shared)
            #expect(await store.thumbnail(userID: stayer, sha256: sharedDigest, side: 240) == [8, 8])
            // Deleting again, or an id that never existed, is no error.
            try await store.deleteUser(id: leaver)
            try await store.deleteUser(id: 987_654)
            // The same external id comes back as a new, empty user.
            let returning = try await ClosetFixture.user(store, "leaver")
            #expect(returning != leaver)
            #expect(try await store.items(userID: returning) == [])
            #expect(try await store.addItem(ClosetFixture.piece("fresh"), userID: returning).number == 1)
        }
    }
}
