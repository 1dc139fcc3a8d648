import Support
import Telegram
import Testing

/// The getUpdates state machine, without I/O.
@Suite struct PollStateMachineTests {
    func machine(saved: Int64? = nil) -> PollStateMachine {
        PollStateMachine(savedOffset: saved, pollTimeout: 50, backoff: Backoff(base: 1, cap: 8), conflictBackoff: Backoff(base: 5, cap: 60), progressInterval: 0.25)
    }

    @Test func theFirstFetchUsesTheSavedOffsetAndTheLongPollTimeout() {
        var fresh = machine()
        #expect(fresh.nextAction() == .fetch(offset: nil, timeout: 50))
        var resumed = machine(saved: 501)
        #expect(resumed.nextAction() == .fetch(offset: 501, timeout: 50))
    }

    @Test func theWatermarkStaysAtTheLowestUpdateStillInFlightWithNonContiguousIDs() {
        var state = machine(saved: 10)
        #expect(state.received([10, 13, 20]) == [10, 13, 20])
        #expect(state.finished([13]) == 10)
        #expect(state.finished([20]) == 10)
        #expect(state.finished([10]) == 21)
        #expect(state.nextAction() == .fetch(offset: 21, timeout: 50))
    }

    @Test func theWatermarkStoredWithAnUpdateCountsEveryOtherUnrecordedUpdateAsInFlight() {
        var state = machine(saved: 5)
        #expect(state.received([5, 6, 7]) == [5, 6, 7])
        #expect(state.watermark(finishing: [6]) == 5)
        // 6 may be handled but not yet recorded: the offset stored with 5 stops at it.
        #expect(state.watermark(finishing: [5]) == 6)
        #expect(state.watermark(finishing: [5, 6, 7]) == 8)
        // Asking changes nothing; only a recorded update moves the watermark.
        #expect(state.offset == 5 && state.inFlightCount == 3)
        state.finished([6])
        #expect(state.watermark(finishing: [5]) == 7)
        state.finished([7])
        #expect(state.watermark(finishing: [5]) == 8)
        #expect(state.offset == 5)
    }

    @Test func whileUpdatesAreInFlightFetchesDoNotHoldAndRedeliveriesAreDropped() {
        var state = machine(saved: 1)
        #expect(state.received([1, 2]) == [1, 2])
        #expect(state.nextAction() == .fetch(offset: 1, timeout: 0))
        state.finished([2])
        // Telegram redelivers everything from the watermark: 1 is in flight, 2 is done, 3 is new.
        #expect(state.received([1, 2, 3]) == [3])
        #expect(state.received([1, 2, 3]) == [])
        #expect(state.nextAction() == .waitForProgress(seconds: 0.25))
        #expect(state.nextAction() == .fetch(offset: 1, timeout: 0))
        state.finished([1, 3])
        #expect(state.nextAction() == .fetch(offset: 4, timeout: 50))
        #expect(state.received([2, 3]) == [])
    }

    @Test func afterAFullBatchTheNextFetchWaitsUntilHalfTheWindowIsFree() {
        var state = PollStateMachine(savedOffset: 1, pollTimeout: 50, progressInterval: 0.25, limit: 10)
        #expect(state.received(Array(1...10)) == Array(1...10))
        #expect(state.room == 0 && !state.isReadyToFetch)
        #expect(state.nextAction() == .waitForProgress(seconds: 0.25))
        // Finishing 2, 3, 4 and 9 frees four places above the watermark (1 is still in flight).
        state.finished([2, 3, 4, 9])
        #expect(state.offset == 1 && state.room == 0 && !state.isReadyToFetch)
        state.finished([1])
        #expect(state.offset == 5 && state.room == 4 && !state.isReadyToFetch)
        state.finished([5])
        #expect(state.offset == 6 && state.room == 5 && state.isReadyToFetch)
        // However the wait ended, the next action is a fetch; it brings the five free places.
        #expect(state.nextAction() == .fetch(offset: 6, timeout: 0))
        #expect(state.received([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) == [11, 12, 13, 14, 15])
        #expect(state.room == 0)
        #expect(state.nextAction() == .waitForProgress(seconds: 0.25))
        // A wait that ran out (progressInterval) is followed by a fetch even without room.
        #expect(state.nextAction() == .fetch(offset: 6, timeout: 0))
        // A batch smaller than the limit: nothing more is waiting, so only a moved watermark matters.
        #expect(state.received([6, 7]) == [])
        #expect(state.nextAction() == .waitForProgress(seconds: 0.25))
        #expect(!state.isReadyToFetch)
        state.finished([6])
        #expect(state.isReadyToFetch)
        #expect(state.nextAction() == .fetch(offset: 7, timeout: 0))
        #expect(state.received([7, 16]) == [16])
        #expect(state.nextAction() == .fetch(offset: 7, timeout: 0))
    }

    @Test func releasedUpdatesComeBackAsNewAndTheWatermarkNeverPassesThem() {
        var state = machine(saved: 5)
        #expect(state.received([5]) == [5])
        #expect(state.received([5, 8, 9]) == [8, 9])
        // The processed-ids lookup failed for 8 and 9: they go back.
        state.released([8, 9])
        #expect(state.finished([5]) == 6)
        #expect(state.nextAction() == .fetch(offset: 6, timeout: 50))
        #expect(state.received([8, 9]) == [8, 9])
        // With nothing else taken, the watermark rests on the lowest released update.
        state.released([8, 9])
        #expect(state.offset == 8)
        state.released([42])
        #expect(state.offset == 8)
    }

    @Test func failuresBackOffExponentiallyWithJitterAndASuccessResets() {
        var state = machine()
        var delays: [Double] = []
        for attempt in 1...5 {
            #expect(state.failed(.server(status: 502, description: "Bad Gateway")) == .retry(attempt: attempt))
            guard case .backOff(let seconds) = state.nextAction() else { Issue.record("expected a backoff"); return }
            delays.append(seconds)
        }
        let ceilings: [Double] = [1, 2, 4, 8, 8]
        for (delay, ceiling) in zip(delays, ceilings) { #expect(delay >= ceiling / 2 && delay <= ceiling) }
        #expect(state.nextAction() == .fetch(offset: nil, timeout: 50))
        _ = state.received([])
        #expect(state.failures == 0)
        #expect(state.failed(.malformedResponse("truncated")) == .retry(attempt: 1))
    }

    @Test func aRejectedTokenStopsForGood() {
        var state = machine()
        #expect(state.failed(.unauthorized("Unauthorized")) == .stop)
        #expect(state.nextAction() == .stop(.unauthorized("Unauthorized")))
        #expect(state.nextAction() == .stop(.unauthorized("Unauthorized")))
    }

    @Test func conflictsAreReportedOnceAndBackedOff() {
        var state = machine()
        #expect(state.failed(.conflict("webhook is active")) == .firstConflict)
        guard case .backOff(let first) = state.nextAction() else { Issue.record("expected a backoff"); return }
        #expect(first >= 2.5 && first <= 5)
        #expect(state.failed(.conflict("webhook is active")) == .repeatedConflict)
        _ = state.nextAction()
        _ = state.received([])
        #expect(state.failed(.conflict("another poller")) == .firstConflict)
    }

    @Test func aRateLimitedFetchWaitsExactlyRetryAfter() {
        var state = machine()
        _ = state.failed(.tooManyRequests(retryAfter: 7, description: "Too Many Requests: retry after 7"))
        #expect(state.nextAction() == .backOff(seconds: 7))
    }
}
