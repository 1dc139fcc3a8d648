import Foundation
import Postgres
import PostgresTestKit
import Scale
import Support
import Testing
import WardrobeTestKit

@Suite(.needsPostgres) struct LeaderElectionTests {
    /// Runs `election` in a task whose `lead` records itself in `log` and leads until cancelled.
    static func campaign(_ election: LeaderElection, as name: String, log: EventLog) -> Task<Void, any Error> {
        Task {
            try await election.run {
                await log.record("\(name) leads")
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    await log.record("\(name) stepped down")
                    throw error
                }
            }
        }
    }

    @Test func aStandbyTakesOverWhenTheLeadersSessionIsKilled() async throws {
        try await TestDatabase.with { database in
            let name = "poller:telegram:7001"
            let key = AdvisoryLockKey(name: name)
            let fast = LeaderElection.Configuration(retrySeconds: 0.1, checkSeconds: 0.1)
            let log = EventLog()
            let leader = Self.campaign(
                LeaderElection(name: name, conninfo: database.conninfo, configuration: fast, clock: SystemClock(), logger: ScaleFixture.logger),
                as: "first", log: log)
            try await log.waitFor("first leads", "the first candidate to lead")
            // The standby's retries run on a manual clock, so the test sees each failed try as a sleep.
            let standbyClock = ManualClock()
            let standby = Self.campaign(
                LeaderElection(name: name, conninfo: database.conninfo, configuration: fast, clock: standbyClock, logger: ScaleFixture.logger),
                as: "second", log: log)
            try await waitForSleeper("the standby's first try", on: standbyClock)
            standbyClock.advance(by: 0.1)
            try await waitForSleeper("the standby's second try", on: standbyClock)
            #expect(await log.contains("second leads") == false)

            let admin = try await database.connect()
            let holder = try #require(try await admin.advisoryLockHolder(key))
            let killed = ContinuousClock.now
            try await database.terminate(processID: holder)
            // Each manual-clock tick is one more try; the standby leads once the server freed the lock. The test
            // ticks only when the standby has gone to sleep again, so it waits on the standby, never spins.
            try await withDeadline(seconds: 30, "the standby to take over") {
                while await !log.contains("second leads") {
                    try await waitForSleeper("the standby's next try", on: standbyClock)
                    standbyClock.advance(by: 0.1)
                }
            }
            print("election: standby took over \(ContinuousClock.now - killed) after the leader's session was killed")
            try await log.waitFor("first stepped down", "the deposed leader to notice")
            let now = try #require(try await admin.advisoryLockHolder(key))
            #expect(now != holder)
            leader.cancel()
            standby.cancel()
            _ = await (leader.result, standby.result)
            await admin.close()
        }
    }

    @Test func aStandbyWithDefaultSettingsTakesOverAtItsFirstTryAfterTheLeaderStops() async throws {
        try await TestDatabase.with { database in
            let name = "poller:matrix:@wardrobe:example.org"
            let key = AdvisoryLockKey(name: name)
            let log = EventLog()
            let leader = Self.campaign(
                LeaderElection(name: name, conninfo: database.conninfo, clock: SystemClock(), logger: ScaleFixture.logger),
                as: "first", log: log)
            try await log.waitFor("first leads", "the first candidate to lead")
            // The standby keeps the default settings; its waits between tries run on a manual clock, so the test
            // measures the take-over in the standby's own time instead of racing the machine's load.
            let standbyClock = ManualClock()
            let settings = LeaderElection.Configuration()
            #expect(settings.retrySeconds <= 5)
            let standby = Self.campaign(
                LeaderElection(name: name, conninfo: database.conninfo, clock: standbyClock, logger: ScaleFixture.logger),
                as: "second", log: log)
            try await waitForSleeper("the standby's first try", on: standbyClock)
            let admin = try await database.connect()
            let first = try #require(try await admin.advisoryLockHolder(key))
            // The leader's process stops its work (a graceful stop): its session closes with it, and the server
            // frees the lock once it has seen the session end.
            leader.cancel()
            _ = await leader.result
            #expect(await log.contains("first stepped down"))
            try await withDeadline(seconds: 30, "the server to free the stopped leader's lock") {
                while try await admin.advisoryLockHolder(key) != nil { await Task.yield() }
            }
            // One wait of the default retry interval later, the standby's next try takes the lock.
            standbyClock.advance(by: settings.retrySeconds)
            try await log.waitFor("second leads", "the standby to take over at its next try")
            let second = try #require(try await admin.advisoryLockHolder(key))
            #expect(second != first)
            #expect(await log.events == ["first leads", "first stepped down", "second leads"])
            standby.cancel()
            _ = await standby.result
            await admin.close()
        }
    }
}
