import Dispatch
import Foundation
import Postgres
import PostgresTestKit
import Scale
import Storage
import Schedule
import Testing

/// What housekeeping removes only on PostgreSQL: past daily-send markers and blobs no image row points at,
/// also while other workers save the same bytes.
@Suite(.needsPostgres) struct PostgresHousekeepingTests {
    static func count(_ session: PostgresSession, _ table: String) async throws -> Int64 {
        try await PostgresClosetStoreTests.count(session, table)
    }

    /// Stores `bytes` as a blob no user points at, as a crash or a rolled-back save leaves one.
    static func orphan(_ bytes: [UInt8], _ session: PostgresSession, storedAt: Date) async throws -> String {
        let digest = MediaStore.digest(of: bytes)
        _ = try await session.execute(
            "INSERT INTO media_blob (sha256, bytes, created_at) VALUES ($1, $2, to_timestamp($3::float8))",
            [.text(digest), .bytes(bytes), .double(storedAt.timeIntervalSince1970)])
        return digest
    }

    @Test func dailySendMarkersOfDaysBeforeTheCutoffsUTCDayArePruned() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let people = try await FeatureFixture.make(store)
            let schedule = try await store.saveSchedule(
                chatID: people.chat.id, userID: people.ana.id, localTime: "07:30", occasion: "work", days: .everyDay, now: contractEpoch)
            for day in ["2026-11-20", "2026-11-29", "2026-11-30", "2026-12-01"] {
                #expect(try await store.claimDailySend(scheduleID: schedule.id, localDate: day, items: []))
            }
            // 2026-12-01 23:30 UTC is already 2026-12-02 east of UTC; markers from 2026-11-30 on stay.
            let cutoff = try #require(ISO8601DateFormatter().date(from: "2026-11-30T23:30:00Z"))
            #expect(try await store.pruneDailySends(before: cutoff) == 2)
            let days = try await session.query("SELECT local_date::text AS day FROM schedule_send ORDER BY local_date").map { try $0.string("day") }
            #expect(days == ["2026-11-30", "2026-12-01"])
            #expect(try await !store.claimDailySend(scheduleID: schedule.id, localDate: "2026-11-29", items: []), "the schedule still refuses a past day")
            await session.close()
        }
    }

    @Test func blobsNoImagePointsAtAreSweptWithTheirThumbnailsOnceOlderThanTheCutoff() async throws {
        try await ScaleFixture.with { database in
            let session = try await database.connect()
            let store = PostgresStore(session: session)
            let ana = try await PostgresClosetStoreTests.user(store, "ana")
            let kept = try await store.saveImage(ImageContractTests.photo, userID: ana, mimeType: "image/jpeg", width: 1, height: 1, now: contractEpoch)
            try await store.saveThumbnail([1], userID: ana, sha256: kept.sha256, side: 240)
            var old: [String] = []
            for marker in 0..<250 { old.append(try await Self.orphan(ImageContractTests.photo + [1, UInt8(marker)], session, storedAt: contractEpoch)) }
            _ = try await session.execute("INSERT INTO thumbnail (sha256, side, bytes, created_at) VALUES ($1, 240, '\\x01', now())", [.text(old[0])])
            let fresh = try await Self.orphan(ImageContractTests.photo + [2], session, storedAt: contractEpoch + 7200)
            // 250 blobs take two batches of the sweep.
            #expect(try await store.pruneUnusedImages(storedBefore: contractEpoch + 3600) == 250)
            let left = try await session.query("SELECT sha256 FROM media_blob ORDER BY sha256").map { try $0.string("sha256") }
            #expect(left == [kept.sha256, fresh].sorted())
            #expect(try await Self.count(session, "thumbnail") == 1)
            #expect(try await store.imageBytes(userID: ana, sha256: kept.sha256) == ImageContractTests.photo)
            #expect(try await store.pruneUnusedImages(storedBefore: contractEpoch + 3600) == 0)
            await session.close()
        }
    }

    @Test func aBlobASaveHoldsIsSkippedByTheSweepAndKeptOnceTheSaveCommits() async throws {
        try await ScaleFixture.with { database in
            let saver = try await database.connect(), sweeper = try await database.connect()
            let store = PostgresStore(session: sweeper)
            let ana = try await PostgresClosetStoreTests.user(store, "ana")
            let digest = try await Self.orphan(ImageContractTests.photo, sweeper, storedAt: contractEpoch)
            let swept = DispatchSemaphore(value: 0)
            let (held, holding) = AsyncStream<Void>.makeStream()
            // The save's steps as `saveImage` takes them, paused after the blob is held until the sweep has run.
            async let saved = saver.transaction { connection in
                let rows = try connection.query("SELECT 1 AS held FROM media_blob WHERE sha256 = $1 FOR KEY SHARE", [.text(digest)])
                holding.yield()
                swept.wait()
                return try rows.count + connection.execute(
                    "INSERT INTO image (user_id, sha256, mime_type, created_at) VALUES ($1, $2, 'image/jpeg', now())", [.int(ana), .text(digest)])
            }
            for await _ in held { break }
            let removed = try await store.pruneUnusedImages(storedBefore: contractEpoch + 3600)
            swept.signal()
            #expect(try await saved == 2, "the save found the blob and pointed its row at it")
            #expect(removed == 0)
            #expect(try await store.imageBytes(userID: ana, sha256: digest) == ImageContractTests.photo)
            await saver.close()
            await sweeper.close()
        }
    }

    @Test func savesRacingSweepsOfTheSameOrphanedBytesAlwaysKeepTheSavedImage() async throws {
        try await ScaleFixture.with { database in
            let sessions = [try await database.connect(), try await database.connect(), try await database.connect()]
            let saver = PostgresStore(session: sessions[0])
            let sweepers = [PostgresStore(session: sessions[1]), PostgresStore(session: sessions[2])]
            let ana = try await PostgresClosetStoreTests.user(saver, "ana")
            for round in 0..<40 {
                let bytes = ImageContractTests.photo + [3, UInt8(round)]
                _ = try await Self.orphan(bytes, sessions[0], storedAt: contractEpoch)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for sweeper in sweepers { group.addTask { _ = try await sweeper.pruneUnusedImages(storedBefore: contractEpoch + 3600) } }
                    group.addTask { _ = try await saver.saveImage(bytes, userID: ana, mimeType: "image/jpeg", width: nil, height: nil, now: contractEpoch) }
                    try await group.waitForAll()
                }
                #expect(try await saver.imageBytes(userID: ana, sha256: MediaStore.digest(of: bytes)) == bytes, "round \(round)")
            }
            // Every round's bytes stay, once, and none is an orphan for a later sweep.
            #expect(try await Self.count(sessions[0], "media_blob") == 40)
            #expect(try await sweepers[0].pruneUnusedImages(storedBefore: contractEpoch + 3600) == 0)
            for session in sessions { await session.close() }
        }
    }
}
