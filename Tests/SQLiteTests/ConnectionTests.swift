import SQLite
import Testing

@Suite struct ConnectionTests {
    @Test func everyValueKindRoundTrips() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB, n TEXT)")
        try db.query("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [Int64.max, 2.5, "héllo \u{0}x", [UInt8]([0, 255, 7]), String?.none])
        let row = try #require(try db.first("SELECT * FROM t"))
        #expect(row.int("i") == Int64.max)
        #expect(row.double("d") == 2.5)
        #expect(row.string("s") == "héllo \u{0}x")
        #expect(row.blob("b") == [0, 255, 7])
        #expect(row["n"] == .null)
    }

    @Test func aFailedTransactionRollsBackEveryRow() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        #expect(throws: SQLiteError.self) {
            try db.transaction { db in
                try db.query("INSERT INTO t (v) VALUES ('a')")
                try db.query("INSERT INTO t (v) VALUES (NULL)")
            }
        }
        #expect(try db.query("SELECT * FROM t").isEmpty)
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t (v TEXT)")
        try db.transaction { db in
            try db.query("INSERT INTO t VALUES ('outer')")
            _ = try? db.transaction { db in
                try db.query("INSERT INTO t VALUES ('inner')")
                throw SQLiteError(code: 1, message: "abandon inner")
            }
        }
        #expect(try db.query("SELECT v FROM t").compactMap { $0.string("v") } == ["outer"])
    }

    @Test func constraintViolationsAreRecognisable() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t (k TEXT UNIQUE)")
        try db.query("INSERT INTO t VALUES ('x')")
        do {
            try db.query("INSERT INTO t VALUES ('x')")
            Issue.record("expected a constraint error")
        } catch {
            #expect(error.isConstraintViolation)
            #expect(error.description.contains("UNIQUE"))
        }
    }

    @Test func decodingInPlaceReadsEveryKindByPosition() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, n TEXT, digits TEXT)")
        try db.query("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [Int64.min, 2.5, "héllo", String?.none, "42"])
        try db.query("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [7, 0.0, "", "x", "-3"])
        struct Decoded: Equatable {
            let i: Int64?, d: Double?, s: String?, n: String?, digits: Int64?, nullIsNull: Bool, flag: Bool
        }
        let rows = try db.query("SELECT i, d, s, n, digits FROM t WHERE i < ? ORDER BY i", [100]) { row in
            Decoded(i: row.int(0), d: row.double(1), s: row.string(2), n: row.string(3), digits: row.int(4), nullIsNull: row.isNull(3), flag: row.bool(0))
        }
        #expect(rows == [
            Decoded(i: Int64.min, d: 2.5, s: "héllo", n: nil, digits: 42, nullIsNull: true, flag: true),
            Decoded(i: 7, d: 0, s: "", n: "x", digits: -3, nullIsNull: false, flag: true),
        ])
        // The statement is reset after decoding, so it runs again with new parameters.
        #expect(try db.query("SELECT i FROM t WHERE i < ? ORDER BY i", [0]) { $0.int(0) } == [Int64.min])
    }

    @Test func aWrongParameterCountIsAnErrorNotACrash() throws {
        let db = try Connection(path: ":memory:")
        #expect(throws: SQLiteError.self) { try db.query("SELECT ?", []) }
    }

    @Test func theQueueRunsWorkOffTheCallerAndReturnsResults() async throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try await queue.write { db in try db.execute("CREATE TABLE t (n INTEGER)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<50 {
                group.addTask { () async throws -> Void in
                    try await queue.write { db in _ = try db.query("INSERT INTO t VALUES (?)", [n]) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await queue.run { db in try db.first("SELECT count(*) AS c FROM t")?.int("c") } == 50)
        queue.close()
    }
}
