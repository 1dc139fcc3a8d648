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
