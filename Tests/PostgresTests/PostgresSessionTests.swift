import Postgres
import PostgresTestKit
import Testing

@Suite(.needsPostgres) struct PostgresSessionTests {
    @Test func typedValuesRoundTripThroughParameters() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            let bytes: [UInt8] = [0, 1, 0x5c, 0x78, 255, 0]
            let rows = try await session.query(
                "SELECT $1::text AS name, $2::bigint AS number, $3::boolean AS flag, $4::bytea AS data, $5::text AS nothing, $6::float8 AS ratio, $7::bytea AS empty",
                [.text("Jacke «grün» 🧥"), .int(Int64.min), .bool(true), .bytes(bytes), .null, .double(-2.5), .bytes([])])
            await session.close()
            let row = try #require(rows.first)
            #expect(try row.string("name") == "Jacke «grün» 🧥")
            #expect(try row.int("number") == Int64.min)
            #expect(try row.bool("flag") == true)
            #expect(try row.bytes("data") == bytes)
            #expect(try row.isNull("nothing"))
            #expect(try row.optionalString("nothing") == nil)
            #expect(try row.double("ratio") == -2.5)
            #expect(try row.bytes("empty") == [])
        }
    }

    @Test func readingAColumnAsAnotherTypeThrows() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            let rows = try await session.query("SELECT 'seven'::text AS word, NULL::bigint AS missing")
            await session.close()
            let row = try #require(rows.first)
            #expect(throws: PostgresError.self) { try row.int("word") }
            #expect(throws: PostgresError.self) { try row.int("missing") }
            #expect(throws: PostgresError.self) { try row.string("absent") }
            #expect(try row.optionalInt("missing") == nil)
        }
    }

    @Test func aStatementErrorCarriesTheSQLState() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            try await session.execute("CREATE TABLE piece (id bigint PRIMARY KEY)")
            #expect(try await session.execute("INSERT INTO piece VALUES ($1)", [1]) == 1)
            do {
                try await session.execute("INSERT INTO piece VALUES ($1)", [1])
                Issue.record("the duplicate key was accepted")
            } catch let error as PostgresError {
                #expect(error.isUniqueViolation)
                #expect(error.kind == .statement)
                #expect(!error.isConnectionLost)
            }
            // The session stays usable after a failed statement.
            #expect(try await session.query("SELECT count(*)::bigint AS n FROM piece").first?.int("n") == 1)
            await session.close()
        }
    }

    @Test func aTransactionCommitsAllOrNothing() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            try await session.execute("CREATE TABLE piece (name text NOT NULL)")
            try await session.transaction { connection in
                try connection.execute("INSERT INTO piece VALUES ('kept')")
            }
            await #expect(throws: PostgresError.self) {
                try await session.transaction { connection in
                    try connection.execute("INSERT INTO piece VALUES ('lost')")
                    try connection.execute("INSERT INTO piece VALUES (NULL)")
                }
            }
            // A failing nested transaction rolls back only its savepoint.
            try await session.transaction { connection in
                try connection.execute("INSERT INTO piece VALUES ('outer')")
                _ = try? connection.transaction { inner in try inner.execute("INSERT INTO piece VALUES (NULL)") }
            }
            let names = try await session.query("SELECT name FROM piece ORDER BY name").map { try $0.string("name") }
            await session.close()
            #expect(names == ["kept", "outer"])
        }
    }

    @Test func textWithANulByteIsRefusedBeforeSending() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            do {
                try await session.query("SELECT $1::text", [.text("a\u{0}b")])
                Issue.record("a NUL byte was sent")
            } catch let error as PostgresError {
                #expect(error.kind == .argument)
            }
            #expect(await session.isAlive())
            await session.close()
        }
    }

    @Test func aServerThatIsNotThereIsAConnectionError() async throws {
        do {
            _ = try await PostgresSession.connect("host=/nonexistent-wardrobe-socket-dir port=5432 dbname=x connect_timeout=2")
            Issue.record("connected to nothing")
        } catch let error as PostgresError {
            #expect(error.kind == .connection)
            #expect(error.isConnectionLost)
        }
    }

    @Test func aTerminatedSessionReportsTheLostConnection() async throws {
        try await TestDatabase.with { database in
            let session = try await database.connect()
            #expect(await session.isAlive())
            try await database.terminate(processID: session.processID)
            do {
                try await session.query("SELECT 1")
                Issue.record("the terminated session answered")
            } catch let error as PostgresError {
                #expect(error.isConnectionLost, "\(error)")
            }
            #expect(await session.isAlive() == false)
            await session.close()
        }
    }
}
