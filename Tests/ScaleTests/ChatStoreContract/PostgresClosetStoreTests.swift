import Foundation
import Postgres
import PostgresTestKit
import Scale
import Storage
import Testing

/// What only PostgreSQL shows of the closet's storage: bytes stored once across users, and several workers at once.
@Suite(.needsPostgres) struct PostgresClosetStoreTests {
    static func count(_ session: PostgresSession, _ table: String) async throws -> Int64 {
        try await session.query("SELECT count(*)::bigint AS n FROM \(table)").first?.int("n") ?? -1
    }

    static func user(_ store: PostgresStore, _ name: String) async throws -> Int64 {
        try await store.user(transport: "telegram", externalID: name, displayName: nil, now: contractEpoch).id
    }

    @Test func theSameBytesAreStoredOnceAndRemovedWithTheirLastUser() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let ana = try await Self.user(store, "ana")
            let ben = try await Self.user(store, "ben")
            for user in [ana, ben] {
                let image = try await store.saveImage(ImageContractTests.photo, userID: user, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch)
                try await store.saveThumbnail([1], userID: user, sha256: image.sha256, side: 240)
            }
            #expect(try await Self.count(session, "media_blob") == 1)
            #expect(try await Self.count(session, "image") == 2)
            #expect(try await Self.count(session, "thumbnail") == 1)
            try await store.deleteUser(id: ana)
            #expect(try await Self.count(session, "media_blob") == 1)
            #expect(try await Self.count(session, "thumbnail") == 1)
            try await store.deleteUser(id: ben)
            for table in ["media_blob", "image", "thumbnail", "closet_item", "wear", "chat_user"] {
                #expect(try await Self.count(session, table) == 0, "\(table)")
            }
            await session.close()
        }
    }

    @Test func aThumbnailIsStoredOnlyForAnImageTheUserHas() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let ana = try await Self.user(store, "ana")
            let ben = try await Self.user(store, "ben")
            let image = try await store.saveImage(ImageContractTests.photo, userID: ana, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch)
            await #expect(throws: StorageError.self) { try await store.saveThumbnail([1], userID: ben, sha256: image.sha256, side: 240) }
            #expect(try await Self.count(session, "thumbnail") == 0)
            await session.close()
        }
    }

    @Test func workersAddingPiecesForOneUserAtOnceTakeDistinctNumbers() async throws {
        try await ScaleFixture.with { database in
            let stores = [PostgresStore(session: try await database.connect()), PostgresStore(session: try await database.connect())]
            let user = try await Self.user(stores[0], "ana")
            let numbers = try await withThrowingTaskGroup(of: [Int].self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        var numbers: [Int] = []
                        for round in 0..<20 { numbers.append(try await store.addItem(ClosetFixture.piece("\(index)-\(round)"), userID: user).number) }
                        return numbers
                    }
                }
                var all: [Int] = []
                for try await numbers in group { all += numbers }
                return all
            }
            #expect(numbers.sorted() == Array(1...40))
            for store in stores { await store.session.close() }
        }
    }

    @Test func savingTheSameBytesFromTwoWorkersWhileTheirFirstOwnerLeavesKeepsEveryNewCopy() async throws {
        try await ScaleFixture.with { database in
            let stores = [PostgresStore(session: try await database.connect()), PostgresStore(session: try await database.connect())]
            for round in 0..<40 {
                let bytes = ImageContractTests.photo + [UInt8(round)]
                let leaver = try await Self.user(stores[0], "leaver-\(round)")
                let stayer = try await Self.user(stores[0], "stayer-\(round)")
                _ = try await stores[0].saveImage(bytes, userID: leaver, mimeType: "image/jpeg", width: nil, height: nil, now: contractEpoch)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await stores[0].deleteUser(id: leaver) }
                    group.addTask {
                        _ = try await stores[1].saveImage(bytes, userID: stayer, mimeType: "image/jpeg", width: nil, height: nil, now: contractEpoch)
                    }
                    try await group.waitForAll()
                }
                #expect(try await stores[1].imageBytes(userID: stayer, sha256: MediaStore.digest(of: bytes)) == bytes, "round \(round)")
            }
            for store in stores { await store.session.close() }
        }
    }

    @Test func aPieceRowThatCannotBeReadIsAnErrorNotADefault() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let user = try await Self.user(store, "ana")
            _ = try await store.addItem(ClosetFixture.piece("tee"), userID: user)
            try await session.execute("UPDATE closet_item SET category = 'hat'")
            await #expect(throws: StorageError.self) { _ = try await store.items(userID: user) }
            await session.close()
        }
    }

    @Test func deletingAUserRemovesTheirBallotsAndKeepsOtherVotersBallots() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let ana = try await Self.user(store, "ana")
            let ben = try await Self.user(store, "ben")
            let (_, chat) = try await store.participants(
                transport: "telegram", userID: "ben", displayName: nil, chatID: "-100", kind: .group, title: "Group", recordActivity: false, now: Date())
            // Ballots keep the voter's `transport:external id`, not a row id; Ben started the vote, so it stays.
            let vote = try await store.openVote(
                chatID: chat.id, starterID: ben, kind: "outfit", subject: [:], optionCount: 2, closesAt: Date().addingTimeInterval(600), now: Date())
            try await store.castBallot(voteID: vote.id, voter: "telegram:ana", option: 1, source: "poll", now: Date())
            try await store.castBallot(voteID: vote.id, voter: "telegram:ben", option: 2, source: "poll", now: Date())
            try await store.deleteUser(id: ana)
            #expect(try await store.ballots(voteID: vote.id).map(\.voter) == ["telegram:ben"])
            await session.close()
        }
    }

    @Test func aDatabaseAtVersionFourKeepsItsUsersAndNumbersTheirFirstPieceOne() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            try await Migrator().migrate(session, upTo: 4)
            let store = PostgresStore(session: session)
            let user = try await Self.user(store, "ana")
            #expect(try await Migrator().migrate(session).contains(5))
            #expect(try await store.addItem(ClosetFixture.piece("tee"), userID: user).number == 1)
            #expect(try await store.user(id: user)?.key == "telegram:ana")
            await session.close()
        }
    }
}
