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
    }
}
