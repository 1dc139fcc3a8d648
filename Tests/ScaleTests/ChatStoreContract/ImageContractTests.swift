import Foundation
import Storage
import Testing

@Suite struct ImageContractTests {
    /// Bytes that stand for a photo; every value 0…255 occurs, so nothing is lost to an encoding.
    static let photo: [UInt8] = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    @Test(arguments: FeatureStoreBackend.available)
    func anImageIsStoredUnderItsDigestAndSavingItAgainGivesTheSameRecord(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let saved = try await store.saveImage(Self.photo, userID: user, mimeType: "image/jpeg", width: 640, height: 480, now: contractEpoch)
            #expect(saved.sha256 == MediaStore.digest(of: Self.photo))
            #expect(saved.userID == user && saved.mimeType == "image/jpeg" && saved.width == 640 && saved.height == 480)
            #expect(saved.byteCount == Self.photo.count)
            let again = try await store.saveImage(Self.photo, userID: user, mimeType: "image/png", width: nil, height: nil, now: contractEpoch + 9)
            #expect(again == saved)
            #expect(try await store.image(userID: user, sha256: saved.sha256) == saved)
            #expect(try await store.imageBytes(userID: user, sha256: saved.sha256) == Self.photo)
            let sizeless = try await store.saveImage([1, 2, 3], userID: user, mimeType: "image/webp", width: nil, height: nil, now: contractEpoch)
            #expect(sizeless.width == nil && sizeless.height == nil && sizeless.byteCount == 3 && sizeless.id != saved.id)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func twoUsersWithTheSameBytesEachHaveTheirOwnImageAndNobodyReadsAnothersImage(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let ana = try await ClosetFixture.user(store, "ana")
            let ben = try await ClosetFixture.user(store, "ben")
            let cat = try await ClosetFixture.user(store, "cat")
            let first = try await store.saveImage(Self.photo, userID: ana, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch)
            let second = try await store.saveImage(Self.photo, userID: ben, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch)
            #expect(first.sha256 == second.sha256 && first.id != second.id && second.userID == ben)
            #expect(try await store.imageBytes(userID: ben, sha256: second.sha256) == Self.photo)
            #expect(try await store.image(userID: cat, sha256: first.sha256) == nil)
            await #expect(throws: StorageError.self) { _ = try await store.imageBytes(userID: cat, sha256: first.sha256) }
            await #expect(throws: StorageError.self) { _ = try await store.imageBytes(userID: ana, sha256: String(repeating: "0", count: 64)) }
            #expect(try await store.image(userID: ana, sha256: "not a digest") == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func aThumbnailIsMissingUntilSavedThenReadPerSideAndReplacedBySavingAgain(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let image = try await store.saveImage(Self.photo, userID: user, mimeType: "image/jpeg", width: 8, height: 8, now: contractEpoch)
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 240) == nil)
            try await store.saveThumbnail([9, 9, 9], userID: user, sha256: image.sha256, side: 240)
            try await store.saveThumbnail([7], userID: user, sha256: image.sha256, side: 360)
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 240) == [9, 9, 9])
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 360) == [7])
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 100) == nil)
            try await store.saveThumbnail([1, 2], userID: user, sha256: image.sha256, side: 240)
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 240) == [1, 2])
            #expect(await store.thumbnail(userID: user, sha256: "../../etc", side: 240) == nil)
        }
    }

    @Test(arguments: FeatureStoreBackend.available)
    func anImageOrThumbnailOutsideTheLimitsIsRefusedAndNothingIsStored(backend: FeatureStoreBackend) async throws {
        try await backend.withStore { store in
            let user = try await ClosetFixture.user(store)
            let tooLarge = [UInt8](repeating: 1, count: ImageLimits.maximumBytes + 1)
            for (bytes, mime, width) in [
                ([UInt8](), "image/jpeg", 1), (tooLarge, "image/jpeg", 1), (Self.photo, "", 1),
                (Self.photo, String(repeating: "x", count: ImageLimits.maximumMimeTypeLength + 1), 1), (Self.photo, "image/jpeg\u{0}", 1),
                (Self.photo, "image/jpeg", 0), (Self.photo, "image/jpeg", ImageLimits.maximumDimension + 1),
            ] {
                await #expect(throws: StorageError.self) {
                    _ = try await store.saveImage(bytes, userID: user, mimeType: mime, width: width, height: 10, now: contractEpoch)
                }
            }
            #expect(try await store.image(userID: user, sha256: MediaStore.digest(of: Self.photo)) == nil)
            let image = try await store.saveImage(Self.photo, userID: user, mimeType: "image/jpeg", width: 8, height: 8, now: contractEpoch)
            for (bytes, digest, side) in [
                ([UInt8](), image.sha256, 240), (tooLarge, image.sha256, 240), ([1], image.sha256, 0),
                ([1], image.sha256, ImageLimits.maximumThumbnailSide + 1), ([1], "../" + image.sha256.dropFirst(3), 240),
                ([1], image.sha256.uppercased(), 240),
            ] {
                await #expect(throws: StorageError.self) { try await store.saveThumbnail(bytes, userID: user, sha256: digest, side: side) }
            }
            #expect(await store.thumbnail(userID: user, sha256: image.sha256, side: 240) == nil)
        }
    }
}
