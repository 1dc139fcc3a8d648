import Foundation
import JSON
import Storage
import Support
import Testing
import WardrobeTestKit

@Suite struct HousekeepingTests {
    @Test func oldBookkeepingRowsGoAndCurrentOnesStay() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let chat = try await temp.store.chat(transport: "telegram", externalID: "1", kind: .privateChat)
        let old = clock.now().addingTimeInterval(-10 * 86_400)
        try await temp.store.markProcessed(transport: "telegram", updateID: "old", cursor: "2", now: old)
        try await temp.store.markProcessed(transport: "telegram", updateID: "new", cursor: "3", now: clock.now())
        let stale = try await temp.store.createButton(chatID: chat.id, userID: nil, action: "x", payload: [:], lifetime: 60, now: old)
        let live = try await temp.store.createButton(chatID: chat.id, userID: nil, action: "x", payload: [:], now: clock.now())
        let user = try await temp.store.user(transport: "telegram", externalID: "1")
        var failedJobs: [Int64] = []
        for at in [old, clock.now()] {
            let job = try await temp.store.enqueueJob(kind: "tryon", userID: user.id, chatID: chat.id, payload: [:], now: at)
            #expect(try await temp.store.failJob(id: job.id, error: "safety block", now: at))
            failedJobs.append(job.id)
        }
        let housekeeping = Housekeeping(store: temp.store, clock: clock, logger: Logger(label: "t", sink: MemoryLogSink()))
        let task = Task { try await housekeeping.run() }
        // The first pass runs at start; wait for it (generously, for a loaded machine), then stop.
        for _ in 0..<1000 where try await temp.store.isProcessed(transport: "telegram", updateID: "old") {
            try await Task.sleep(for: .milliseconds(10))
        }
        await housekeeping.shutdown()
        _ = await task.result
        #expect(try await temp.store.isProcessed(transport: "telegram", updateID: "old") == false)
        #expect(try await temp.store.isProcessed(transport: "telegram", updateID: "new"))
        #expect(try await temp.store.cursor(transport: "telegram") == "3", "the cursor is never pruned")
        let buttons = try await temp.store.database.run { db in try db.query("SELECT token FROM buttons").compactMap { $0.string("token") } }
        #expect(!buttons.contains(stale))
        #expect(buttons.contains(live))
        #expect(try await temp.store.job(id: failedJobs[0]) == nil, "a job failed ten days ago is pruned")
        #expect(try await temp.store.job(id: failedJobs[1])?.state == .failed, "today's stays")
    }

    @Test func imageFilesNoRowNamesAreRemovedOnceOlderThanTheCutoffAndSavedOnesStay() async throws {
        let temp = try TemporaryStore()
        defer { temp.cleanUp() }
        let store = temp.store
        let user = try await store.user(transport: "telegram", externalID: "1")
        let bytes: [UInt8] = Array(repeating: 7, count: 64)
        let saved = try await store.saveImage(bytes, userID: user.id, mimeType: "image/jpeg", width: nil, height: nil)
        // A file whose row is gone (a crash between the row's deletion and the file's), with a thumbnail, and a gone user's file.
        let orphan = try store.media.put(bytes + [1], userID: user.id, fileExtension: "jpg")
        try store.media.putThumbnail([1], userID: user.id, sha256: orphan, side: 240)
        let goneUsers = try store.media.put(bytes, userID: user.id + 100, fileExtension: "png")
        #expect(try await store.pruneUnusedImages(storedBefore: Date().addingTimeInterval(-3600)) == 0, "younger than the cutoff")
        #expect(try await store.pruneUnusedImages(storedBefore: Date().addingTimeInterval(60)) == 2)
        #expect(store.media.existingPath(userID: user.id, sha256: orphan) == nil)
        #expect(store.media.thumbnail(userID: user.id, sha256: orphan, side: 240) == nil)
        #expect(store.media.existingPath(userID: user.id + 100, sha256: goneUsers) == nil)
        #expect(try store.imageBytes(userID: user.id, sha256: saved.sha256) == bytes)
        #expect(try await store.pruneUnusedImages(storedBefore: Date().addingTimeInterval(60)) == 0)
    }
}
