@testable import Matrix
import Testing

/// The stored sync position follows the oldest batch still being handled.
@Suite struct SyncLedgerTests {
    @Test func thePositionMovesOnlyPastBatchesWhoseEventsAndOlderOnesAreAllHandled() async {
        let ledger = SyncLedger()
        #expect(await ledger.begin(eventIDs: ["$a1", "$a2"], nextBatch: "s2") == nil)
        #expect(await ledger.begin(eventIDs: ["$b1"], nextBatch: "s3") == nil)
        // A batch without events behind open ones waits for them.
        #expect(await ledger.begin(eventIDs: [], nextBatch: "s4") == nil)
        #expect(await ledger.isInFlight("$b1"))
        #expect(await ledger.inFlightCount == 3)
        // The younger batch finishing first does not move the position past the older one.
        #expect(await ledger.finished("$b1") == nil)
        #expect(await ledger.finished("$a2") == nil)
        await ledger.recorded("$b1")
        await ledger.recorded("$a2")
        #expect(await !ledger.isInFlight("$b1"))
        // The last event of the oldest batch passes it and every finished batch behind it.
        #expect(await ledger.finished("$a1") == "s4")
        #expect(await ledger.inFlightCount == 0)
        // With nothing open, a batch without events is stored at once; an unknown id changes nothing.
        #expect(await ledger.begin(eventIDs: [], nextBatch: "s5") == "s5")
        #expect(await ledger.finished("$unknown") == nil)
    }

    @Test func thePositionNeverPassesAnEventWhoseRecordIsStillCommitting() async {
        let ledger = SyncLedger()
        _ = await ledger.begin(eventIDs: ["$1", "$2"], nextBatch: "s2")
        // $1 is handled and its record is on its way; $2 finishing must not store a position past $1, since
        // $2's record could commit first and a kill before $1's would lose $1 for good.
        #expect(await ledger.finished("$1") == nil)
        #expect(await ledger.finished("$2") == nil)
        await ledger.recorded("$2")
        await ledger.recorded("$1")
        // Both recorded: the next sync batch (even an empty one) carries the position past them.
        #expect(await ledger.begin(eventIDs: [], nextBatch: "s3") == "s3")
        // Recorded before the last one finishes: that one carries it in its own record.
        _ = await ledger.begin(eventIDs: ["$3", "$4"], nextBatch: "s4")
        #expect(await ledger.finished("$3") == nil)
        await ledger.recorded("$3")
        #expect(await ledger.finished("$4") == "s4")
    }

    @Test func waitingForRoomReturnsOnceEnoughEventsAreHandled() async {
        let ledger = SyncLedger()
        _ = await ledger.begin(eventIDs: ["$1", "$2", "$3"], nextBatch: "s2")
        let waiter = Task { await ledger.waitUntilFewer(than: 2); return await ledger.inFlightCount }
        _ = await ledger.finished("$1")
        _ = await ledger.finished("$2")
        #expect(await waiter.value == 1)
        // Already below the limit: returns at once.
        await ledger.waitUntilFewer(than: 5)
    }

    @Test func aHandledEventCountsAsInFlightUntilItsRecordIsCommitted() async {
        let ledger = SyncLedger()
        _ = await ledger.begin(eventIDs: ["$1"], nextBatch: "s2")
        #expect(await ledger.finished("$1") == "s2")
        // Handled, but `processed_updates` does not say so yet: a gap fill must still skip it.
        #expect(await ledger.isInFlight("$1"))
        #expect(await ledger.inFlightCount == 0)
        await ledger.recorded("$1")
        #expect(await !ledger.isInFlight("$1"))
    }
}
