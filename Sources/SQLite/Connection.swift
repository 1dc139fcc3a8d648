internal import CSQLite

/// One SQLite connection: the single owner of its `sqlite3*` handle and prepared statements.
///
/// Not thread-safe by itself; `DatabaseQueue` serializes access.
public final class Connection {
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]
    private var transactionDepth = 0

    /// Opens (creating if needed) the database at `path`; ":memory:" for an in-memory one.
    public init(path: String) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: "\(message) (\(path))")
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
    }

    deinit { close() }

    /// Finalizes every statement and closes the handle; further calls throw.
    public func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Sets how long a locked database is retried before SQLITE_BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        if let handle { sqlite3_busy_timeout(handle, milliseconds) }
    }

    /// Runs one or more statements without parameters or results.
    public func execute(_ sql: String) throws(SQLiteError) {
        let connection = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// Runs a statement with parameters and returns its rows (empty for writes).
    @discardableResult
    public func query(_ sql: String, _ parameters: [any SQLBindable] = []) throws(SQLiteError) -> [Row] {
        let connection = try open()
        let statement = try prepared(sql, connection: connection)
        try statement.bind(parameters.map(\.sqlValue), connection: connection)
        return try statement.rows(connection: connection)
    }

    /// Runs a query and turns each row into a value in place, reading columns by position.
    /// Cheaper than `query(_:_:)` for wide or long results; `decode` must not keep the reader.
    public func query<T>(
        _ sql: String, _ parameters: [any SQLBindable] = [], decode: (borrowing ColumnReader) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        let connection = try open()
        let statement = try prepared(sql, connection: connection)
        try statement.bind(parameters.map(\.sqlValue), connection: connection)
        return try statement.decodeRows(connection: connection, decode)
    }

    /// The first row of a query, or nil.
    public func first(_ sql: String, _ parameters: [any SQLBindable] = []) throws(SQLiteError) -> Row? {
        try query(sql, parameters).first
    }

    /// The rowid of the last insert.
    public var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Whether a transaction is open (SQLite rolls one back by itself after some errors, e.g. a full disk).
    public var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// Rows changed by the last statement.
    public var changes: Int { handle.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Runs `body` in a transaction (a savepoint when nested); rolls back if it throws, or if the
    /// commit itself fails (e.g. a deferred foreign key). The nesting depth is restored either way.
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        let depth = transactionDepth
        let name = depth < Connection.savepointNames.count ? Connection.savepointNames[depth] : "sp\(depth)"
        // Begin, savepoint, release and commit run as cached statements: every grouped write takes a
        // savepoint, and `sqlite3_exec` would parse and prepare each of them anew every time.
        if depth == 0 { try step("BEGIN IMMEDIATE") } else { try step("SAVEPOINT \(name)") }
        transactionDepth = depth + 1
        defer { transactionDepth = depth }
        let result: T
        do {
            result = try body(self)
            if depth == 0 { try step("COMMIT") } else { try step("RELEASE \(name)") }
        } catch {
            // Quietly: after some errors SQLite has already rolled back by itself.
            if depth == 0 {
                try? execute("ROLLBACK")
            } else {
                try? execute("ROLLBACK TO \(name)")
                try? execute("RELEASE \(name)")
            }
            throw error
        }
        return result
    }

    /// Savepoint names of the first nesting levels, made once.
    private static let savepointNames = (0..<8).map { "sp\($0)" }

    /// Runs a statement without parameters or results through the statement cache.
    private func step(_ sql: String) throws(SQLiteError) {
        let connection = try open()
        _ = try prepared(sql, connection: connection).decodeRows(connection: connection) { _ throws(SQLiteError) in () }
    }

    private func open() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "database is closed") }
        return handle
    }

    private func prepared(_ sql: String, connection: OpaquePointer) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(connection: connection, sql: sql)
        // Keep the cache bounded: dynamic SQL should not grow it without limit.
        if statements.count > 256 { statements.removeAll() }
        statements[sql] = statement
        return statement
    }
}
