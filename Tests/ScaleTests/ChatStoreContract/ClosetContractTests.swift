import Closet
import Foundation
import Storage
import Testing

@Suite struct ClosetContractTests {
    @Test(arguments: FeatureStoreBackend.available)
    func piecesAreNumberedPerUserAndARemovedNumberIsNeverGivenOutAgain(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let ana = try await ClosetFixture.user(store, "ana")
            let ben = try await ClosetFixture.user(store, "ben")
            let first = try await store.addItem(ClosetFixture.piece("tee"), userID: ana)
            let batch = try await store.addItems([ClosetFixture.piece("shirt"), ClosetFixture.piece("polo")], userID: ana)
            #expect([first.number] + batch.map(\.number) == [1, 2, 3])
            #expect(Set([first.id] + batch.map(\.id)).count == 3)
            // Another user's closet starts at 1 of its own.
            #expect(try await store.addItem(ClosetFixture.piece("jeans", category: .bottom), userID: ben).number == 1)
            #expect(try await store.removeItem(userID: ana, number: 3))
            #expect(try await store.removeItem(userID: ana, number: 3) == false)
            // The highest number went away, and still the next piece gets a new one.
            #expect(try await store.addItem(ClosetFixture.piece("scarf", category: .accessory), userID: ana).number == 4)
            #expect(try await store.items(userID: ana).map(\.number) == [1, 2, 4])
            #expect(try await store.items(userID: ana).map(\.name) == ["tee", "shirt", "scarf"])
            #expect(try await store.item(userID: ana, number: 3) == nil)
            #expect(try await store.item(userID: ben, number: 2) == nil)
            #expect(try await store.removeItem(userID: ben, number: 2) == false)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func everyFieldOfAPieceComesBackAsItWasSaved(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let piece = try ClosetFixture.fullPiece()
            let saved = try await store.addItem(piece, userID: user)
            var expected = piece
            expected.id = saved.id
            expected.number = 1
            #expect(saved == expected)
            #expect(try await store.item(userID: user, number: 1) == expected)
            let bare = try await store.addItem(ClosetFixture.piece("plain"), userID: user)
            let read = try #require(try await store.item(userID: user, number: bare.number))
            #expect(read == bare)
            #expect(read.price == nil && read.lastWornAt == nil && read.brand == nil && read.legShape == nil && read.isAvailable)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func anUpdateSavesTheDescriptionButLeavesTheWearFiguresAlone(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let saved = try await store.addItem(try ClosetFixture.fullPiece(), userID: user)
            var edited = saved
            edited.name = "Charcoal blazer"
            edited.color = ItemColor(name: "charcoal", family: .grey)
            edited.brand = nil
            edited.price = try Price(amount: 10)
            edited.isAvailable = true
            edited.wearCount = 99
            edited.lastWornAt = nil
            try await store.updateItem(edited, userID: user)
            let read = try #require(try await store.item(userID: user, number: saved.number))
            #expect(read.name == "Charcoal blazer" && read.color.family == .grey && read.brand == nil && read.isAvailable)
            #expect(read.price == (try Price(amount: 10)))
            #expect(read.wearCount == 3 && read.lastWornAt == saved.lastWornAt)
            // Another user's number, or no such number, is not found; too long a name is refused.
            let other = try await ClosetFixture.user(store, "other")
            await #expect(throws: StorageError.self) { try await store.updateItem(edited, userID: other) }
            var tooLong = saved
            tooLong.name = String(repeating: "x", count: ItemField.name.maximumLength + 1)
            await #expect(throws: ClosetError.textTooLong(.name)) { try await store.updateItem(tooLong, userID: user) }
            await #expect(throws: ClosetError.textTooLong(.name)) { _ = try await store.addItem(tooLong, userID: user) }
            #expect(try await store.item(userID: user, number: saved.number)?.name == "Charcoal blazer")
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func availabilityIsSetPerPieceAndAnUnknownNumberSaysSo(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let piece = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
            #expect(try await store.setAvailable(false, userID: user, number: piece.number))
            #expect(try await store.item(userID: user, number: piece.number)?.isAvailable == false)
            #expect(try await store.setAvailable(true, userID: user, number: piece.number))
            #expect(try await store.item(userID: user, number: piece.number)?.isAvailable == true)
            #expect(try await store.setAvailable(false, userID: user, number: 7) == false)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func importingTheSameFileTwiceAddsItsPiecesOnce(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            _ = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
            let file = [ClosetFixture.piece("tee"), ClosetFixture.piece("linen shirt"), try ClosetFixture.fullPiece()]
            let added = try await store.importItems(file, userID: user)
            #expect(added.map(\.name) == ["linen shirt", "Navy blazer"])
            #expect(added.map(\.number) == [2, 3])
            #expect(try await store.importItems(file, userID: user) == [])
            #expect(try await store.items(userID: user).count == 3)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aBatchWithABadPieceAddsNothingAndAnUnknownUserGetsNoPieces(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            var bad = ClosetFixture.piece("bad")
            bad.formality = 9
            await #expect(throws: ClosetError.levelOutOfRange) {
                _ = try await store.addItems([ClosetFixture.piece("good"), bad], userID: user)
            }
            #expect(try await store.items(userID: user) == [])
            await #expect(throws: (any Error).self) { _ = try await store.addItem(ClosetFixture.piece("orphan"), userID: user + 1000) }
            #expect(try await store.addItem(ClosetFixture.piece("good"), userID: user).number == 1)
        }
    }
}
