import Foundation
import SQLite
import Storage
import Testing

@Suite struct MigrationTests {
    /// The schema as SQLite records it, for comparing two databases.
    static func schema(_ connection: Connection) throws -> [String] {
        try connection.query("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
            .map { "\($0.string("type") ?? ""):\($0.string("name") ?? ""):\($0.string("sql") ?? "")" }
    }

    @Test func anEmptyDatabaseMigratesToTheLatestVersion() throws {
        let connection = try Connection(path: ":memory:")
        try Migrations.apply(to: connection)
        #expect(try Migrations.version(of: connection) == Migrations.latestVersion)
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.string("name") }
        for table in ["users", "chats", "items", "images", "looks", "jobs", "chat_state", "schedules", "cursors", "processed_updates", "buttons"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
    }

    @Test(arguments: 1..<Migrations.latestVersion)
    func everyEarlierVersionMigratesToTheSameSchemaKeepingItsData(from version: Int) throws {
        let old = try Connection(path: ":memory:")
        try old.execute("PRAGMA foreign_keys=ON")
        try Migrations.apply(to: old, upTo: version)
        #expect(try Migrations.version(of: old) == version)
        try old.query("INSERT INTO users (transport, external_id, created_at) VALUES ('telegram', '42', 0)")
        try old.query("INSERT INTO cursors (transport, value, updated_at) VALUES ('telegram', '1001', 0)")
        try Migrations.apply(to: old)

        let fresh = try Connection(path: ":memory:")
        try Migrations.apply(to: fresh)
        #expect(try Self.schema(old) == Self.schema(fresh))
        #expect(try old.first("SELECT external_id FROM users")?.string("external_id") == "42")
        #expect(try old.first("SELECT value FROM cursors")?.string("value") == "1001")
    }

    @Test func numberingStartsPastTheHighestItemAndLookAfterMigrationSix() throws {
        let connection = try Connection(path: ":memory:")
        try Migrations.apply(to: connection, upTo: 5)
        try connection.query("INSERT INTO users (id, transport, external_id, created_at) VALUES (1, 'console', 'local', 0)")
        try connection.query(
            """
            INSERT INTO items (user_id, number, name, category, formality, warmth, fit, color_name, color_family, pattern, added_at)
            VALUES (1, 7, 'Shirt', 'top', 2, 2, 'regular', 'white', 'white', 'solid', 0)
            """)
        try Migrations.apply(to: connection)
        let row = try connection.first("SELECT next_item_number, next_look_number FROM users WHERE id = 1")
        #expect(row?.int("next_item_number") == 8)
        #expect(row?.int("next_look_number") == 1)
    }

    @Test func aFailingMigrationLeavesTheVersionAndSchemaUntouched() throws {
        let connection = try Connection(path: ":memory:")
        try Migrations.apply(to: connection, upTo: 1)
        try connection.execute("CREATE TABLE buttons (x INTEGER)")  // makes migration 2 fail half-way
        #expect(throws: (any Error).self) { try Migrations.apply(to: connection) }
        #expect(try Migrations.version(of: connection) == 1)
        #expect(try connection.first("SELECT name FROM sqlite_master WHERE name = 'buttons_by_expiry'") == nil)
    }

    @Test func aDatabaseFromANewerBuildIsRefused() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("PRAGMA user_version = \(Migrations.latestVersion + 1)")
        #expect(throws: StorageError.self) { try Migrations.apply(to: connection) }
    }

    @Test func theDatabaseUsesWALForeignKeysAndABusyTimeout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wd-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try Store(dataDirectory: folder)
        defer { store.close() }
        let mode = try store.database.sync { try $0.first("PRAGMA journal_mode")?.string("journal_mode") }
        let keys = try store.database.sync { try $0.first("PRAGMA foreign_keys")?.int("foreign_keys") }
        let timeout = try store.database.sync { try $0.first("PRAGMA busy_timeout")?.int("timeout") }
        #expect(mode == "wal")
        #expect(keys == 1)
        #expect((timeout ?? 0) > 0)
    }
}
