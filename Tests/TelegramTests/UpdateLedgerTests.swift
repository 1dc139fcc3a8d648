@testable import Telegram
import Testing

/// The poller's ledger around the state machine: an update's record and the offset that confirms it.
@Suite struct UpdateLedgerTests {
    /// Starts recording `ids` through a record that reports the watermark it was given and then waits
    /// for `commit()`, as a handled mark waits in the database queue for its group commit.
    private func heldRecord(_ ledger: UpdateLedger, _ ids: [Int64]) async -> (watermark: Int64?, commit: @Sendable () async -> Void) {
        let (given, report) = AsyncStream<Int64?>.makeStream()
        let (commits, allow) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await ledger.complete(ids) { watermark in
                report.yield(watermark)
                for await _ in commits { break }
            }
        }
        var reports = given.makeAsyncIterator()
        let watermark = await reports.next() ?? nil
        return (watermark, {
            allow.yield()
            _ = try? await task.value
        })
    }

    @Test func noFetchConfirmsAnUpdateWhoseRecordHasNotCommittedAndNoPersistedOffsetPassesOne() async {
        let ledger = UpdateLedger(machine: PollStateMachine(savedOffset: 5, pollTimeout: 50), albumWindow: 1)
        #expect(await ledger.nextAction() == .fetch(offset: 5, timeout: 50))
        #expect(await ledger.received([5, 6]) == [5, 6])
        // 6 is handled first; its record waits for its commit. 5 still runs, so 6's offset stays at 5.
        let six = await heldRecord(ledger, [6])
        #expect(six.watermark == 5)
        // 5 is handled while 6's record is still uncommitted: the offset stored with 5 must not pass 6,
        // or a kill after 5's commit and before 6's would have dropped 6 for good.
        let five = await heldRecord(ledger, [5])
        #expect(five.watermark == 6)
        // Both records are still waiting: a fetch now must not confirm either to Telegram.
        #expect(await ledger.nextAction() == .fetch(offset: 5, timeout: 0))
        await five.commit()
        #expect(await ledger.nextAction() == .fetch(offset: 6, timeout: 0))
        await six.commit()
        #expect(await ledger.nextAction() == .fetch(offset: 7, timeout: 50))
    }

    @Test func aFailedRecordIsReportedAndItsUpdatesStillLeaveTheWindow() async {
        struct Refused: Error {}
        let ledger = UpdateLedger(machine: PollStateMachine(savedOffset: 5, pollTimeout: 50), albumWindow: 1)
        #expect(await ledger.received([5]) == [5])
        await #expect(throws: Refused.self) { try await ledger.complete([5]) { _ in throw Refused() } }
        #expect(await ledger.nextAction() == .fetch(offset: 6, timeout: 50))
    }
}
