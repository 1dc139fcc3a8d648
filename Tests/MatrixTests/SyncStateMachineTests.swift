import Matrix
import Support
import Testing

@Suite struct SyncStateMachineTests {
    static let backoff = Backoff(base: 1, cap: 8)

    static func machine(since: String? = nil, filter: String? = "f1", token: Bool = true, password: Bool = true) -> SyncStateMachine {
        SyncStateMachine(since: since, filterID: filter, hasToken: token, canLogIn: password, timeoutMilliseconds: 30_000, backoff: backoff)
    }

    @Test func theFirstSyncReturnsAtOnceWithoutASinceToken() {
        var machine = Self.machine()
        #expect(machine.start() == .sync(since: nil, filterID: "f1", timeoutMilliseconds: 0))
    }

    @Test func aHandledSyncMovesTheTokenAndLongPollsFromIt() {
        var machine = Self.machine()
        _ = machine.start()
        #expect(machine.synced(nextBatch: "s1") == .sync(since: "s1", filterID: "f1", timeoutMilliseconds: 30_000))
        #expect(machine.since == "s1")
    }

    @Test func aStoredTokenResumesWithALongPoll() {
        var machine = Self.machine(since: "s9")
        #expect(machine.start() == .sync(since: "s9", filterID: "f1", timeoutMilliseconds: 30_000))
    }

    @Test func withoutATokenItLogsInThenCreatesTheFilter() {
        var machine = Self.machine(filter: nil, token: false)
        #expect(machine.start() == .logIn)
        #expect(machine.loggedIn() == .createFilter)
        #expect(machine.filterCreated("f2") == .sync(since: nil, filterID: "f2", timeoutMilliseconds: 0))
    }

    @Test func withoutTokenOrPasswordItStopsWithAClearError() {
        var machine = Self.machine(token: false, password: false)
        #expect(machine.start() == .stop(.missingCredentials))
    }

    @Test func anUnknownTokenWithAPasswordLogsInAgainButNeverHotLoops() {
        var machine = Self.machine(since: "s1")
        _ = machine.start()
        #expect(machine.failed(.unknownToken(softLogout: true, message: "expired")) == .logIn)
        #expect(machine.loggedIn() == .sync(since: "s1", filterID: "f1", timeoutMilliseconds: 30_000))
        // Rejected again right after the login: wait before the next login.
        guard case .wait(let seconds) = machine.failed(.unknownToken(softLogout: false, message: "again")) else {
            Issue.record("expected a wait")
            return
        }
        #expect(seconds >= 0.5 && seconds <= 1)
        #expect(machine.waited() == .logIn)
    }

    @Test func anUnknownTokenWithoutAPasswordStops() {
        var machine = Self.machine(since: "s1", password: false)
        _ = machine.start()
        let error = MatrixError.unknownToken(softLogout: false, message: "gone")
        #expect(machine.failed(error) == .stop(error))
    }

    @Test func aWrongPasswordStops() {
        var machine = Self.machine(token: false)
        #expect(machine.start() == .logIn)
        let error = MatrixError.forbidden(message: "Invalid password")
        #expect(machine.failed(error) == .stop(error))
    }

    @Test func networkFailuresBackOffExponentiallyUpToTheCap() {
        var machine = Self.machine(since: "s1")
        _ = machine.start()
        var ceilings: [Double] = []
        for _ in 1...6 {
            guard case .wait(let seconds) = machine.failed(.network(.timeout("slow"))) else {
                Issue.record("expected a wait")
                return
            }
            ceilings.append(seconds)
            #expect(machine.waited() == .sync(since: "s1", filterID: "f1", timeoutMilliseconds: 30_000))
        }
        for (index, delay) in ceilings.enumerated() {
            let ceiling = Self.backoff.ceiling(attempt: index + 1)
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
        #expect(ceilings.last! <= 8)
        _ = machine.synced(nextBatch: "s2")
        #expect(machine.failures == 0)
    }

    @Test func aRateLimitWaitsAsLongAsTheServerSays() {
        var machine = Self.machine(since: "s1")
        _ = machine.start()
        #expect(machine.failed(.rateLimited(retryAfter: 7.5)) == .wait(seconds: 7.5))
    }

    @Test func aForgottenFilterIsCreatedAgain() {
        var machine = Self.machine(since: "s1")
        _ = machine.start()
        #expect(machine.failed(.server(status: 400, code: "M_INVALID_PARAM", message: "No such filter")) == .createFilter)
        #expect(machine.filterCreated("f3") == .sync(since: "s1", filterID: "f3", timeoutMilliseconds: 30_000))
    }
}
