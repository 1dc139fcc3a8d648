import Postgres
import PostgresTestKit
import Scale
import Testing

@Suite(.needsPostgres) struct MigratorTests {
    @Test func anEmptyDatabaseIsMigratedToTheLatestVersionAndARerunDoesNothing() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            let migrator = Migrator()
            #expect(try await migrator.currentVersion(session) == 0)
            #expect(try await migrator.migrate(session) == Array(1...migrator.latestVersion))
            #expect(try await migrator.currentVersion(session) == migrator.latestVersion)
            for table in [
                "inbox", "inbox_cursor", "chat_lease", "job", "job_delivery", "daily_send", "chat_user", "chat", "chat_member", "chat_state",
                "button", "attempt", "outbox", "outbox_file", "sent_message", "look_number", "look", "user_job", "vote", "ballot", "schedule",
                "schedule_send", "sent_choice", "telegram_file",
            ] {
                let rows = try await session.query("SELECT to_regclass($1) IS NOT NULL AS present", [.text(table)])
                #expect(try rows.first?.bool("present") == true, "\(table)")
            }
            #expect(try await migrator.migrate(session) == [])
            let count = try await session.query("SELECT count(*)::bigint AS n FROM schema_version")
            #expect(try count.first?.int("n") == Int64(migrator.latestVersion))
            await session.close()
        }
    }

    @Test func everyEarlierVersionMigratesToTheLatest() async throws {
        let migrator = Migrator()
        for start in 0...migrator.latestVersion {
            try await TestDatabase.with { database in
                let session = try await database.connect()
                #expect(try await migrator.migrate(session, upTo: start) == Array(stride(from: 1, through: start, by: 1)))
                #expect(try await migrator.currentVersion(session) == start)
                #expect(try await migrator.migrate(session) == Array(stride(from: start + 1, through: migrator.latestVersion, by: 1)))
                #expect(try await migrator.currentVersion(session) == migrator.latestVersion)
                await session.close()
            }
        }
    }

    @Test func workersStartingTogetherMigrateOnce() async throws {
        try await TestDatabase.with { database in
            let sessions = [try await database.connect(), try await database.connect(), try await database.connect()]
            let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
                for session in sessions { group.addTask { try await Migrator().migrate(session) } }
                var all: [Int] = []
                for try await versions in group { all += versions }
                return all
            }
            #expect(applied.sorted() == Array(1...Migrator().latestVersion))
            for session in sessions { await session.close() }
        }
    }

    @Test func aDatabaseNewerThanTheBinaryIsRefused() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            try await Migrator().migrate(session)
            try await session.execute("INSERT INTO schema_version (version, name) VALUES (99, 'from the future')")
            await #expect(throws: ScaleError.schemaTooNew(database: 99, known: Migrator().latestVersion)) {
                try await Migrator().migrate(session)
            }
            await session.close()
        }
    }
}
