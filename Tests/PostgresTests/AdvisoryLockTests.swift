import Postgres
import PostgresTestKit
import Testing

@Suite(.needsPostgres) struct AdvisoryLockTests {
    @Test func onlyOneSessionHoldsALockUntilItsSessionEnds() async throws {
        try await TestDatabase.with { database in
            let key = AdvisoryLockKey(name: "poller:telegram:42")
            let first = try await database.connect()
            let second = try await database.connect()
            #expect(try await first.tryAdvisoryLock(key))
            #expect(try await second.tryAdvisoryLock(key) == false)
            #expect(try await second.advisoryLockHolder(key) == first.processID)
            // Another key is free.
            #expect(try await second.tryAdvisoryLock(AdvisoryLockKey(name: "poller:telegram:43")))
            await first.close()
            // The server ends the closed session's process (and frees its locks) a moment later.
            try await withDeadline(seconds: 5, "the closed session's lock to be freed") {
                while try await !second.tryAdvisoryLock(key) { await Task.yield() }
            }
            #expect(try await second.advisoryLockHolder(key) == second.processID)
            #expect(try await second.advisoryUnlock(key))
            #expect(try await second.advisoryLockHolder(key) == nil)
            await second.close()
        }
    }
}
