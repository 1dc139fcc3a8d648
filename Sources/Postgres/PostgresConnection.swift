internal import CPostgres

/// One libpq connection (one server session). Blocking and not thread-safe: use it from one thread
/// at a time, as `PostgresSession` does from its own queue.
public final class PostgresConnection {
    /// The libpq handle; nil once closed.
    private var handle: OpaquePointer?
    /// Savepoints open inside the current transaction, for nested `transaction` calls.
    private var savepointDepth = 0

    /// Connects with a libpq conninfo string (`host=/run/postgresql dbname=wardrobe`, or a
    /// `postgresql://` URI). The conninfo is never put into the error: it may hold a password.
    public init(conninfo: String) throws(PostgresError) {
        guard !conninfo.utf8.contains(0) else { throw PostgresError(kind: .argument, message: "the conninfo holds a NUL byte") }
        guard let connection = PQconnectdb(conninfo) else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(kind: .connection, message: message)
        }
        wd_pq_silence_notices(connection)
        handle = connection
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Ends the session; the server releases its session-level advisory locks. Later calls throw.
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    /// Connects again with the same parameters after the server ended the session (a restart, a
    /// failover): a new server session, so nothing session-scoped (locks, LISTEN) survives.
    public func reset() {
        guard let handle else { return }
        PQreset(handle)
        savepointDepth = 0
    }

    /// The server process serving this session (`pg_backend_pid()`), 0 once closed.
    public var backendProcessID: Int32 { handle.map { PQbackendPID($0) } ?? 0 }

    /// True while libpq considers the connection usable. A server-side termination shows only on
    /// the next call, so a caller that must know sends a statement.
    public var isOpen: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// True inside a transaction block (also one that failed and waits for its rollback).
    public var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Runs one statement with `$1…` parameters and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> [PostgresRow] {
        try run(sql, parameters).rows
    }

    /// Runs one statement with `$1…` parameters and returns how many rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> Int {
        try run(sql, parameters).affectedRows
    }

    /// Runs several `;`-separated statements without parameters (schema scripts), as one
    /// implicit transaction unless the script has its own BEGIN/COMMIT.
    public func executeScript(_ sql: String) throws(PostgresError) {
        let handle = try openHandle(sql: sql)
        guard !sql.utf8.contains(0) else { throw PostgresError(kind: .argument, message: "the statement holds a NUL byte", sql: sql) }
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        _ = try read(result, handle: handle, sql: sql)
    }

    /// Runs `body` in a transaction: all of its changes or none. Nested calls use savepoints.
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let nested = isInTransaction
        let savepoint = "wardrobe_\(savepointDepth + 1)"
        try executeScript(nested ? "SAVEPOINT \(savepoint)" : "BEGIN")
        if nested { savepointDepth += 1 }
        defer { if nested { savepointDepth -= 1 } }
        do {
            let value = try body(self)
            try executeScript(nested ? "RELEASE SAVEPOINT \(savepoint)" : "COMMIT")
            return value
        } catch {
            // A broken connection has nothing to roll back; the original error says why.
            if isOpen { try? executeScript(nested ? "ROLLBACK TO SAVEPOINT \(savepoint)" : "ROLLBACK") }
            throw error
        }
    }

    // MARK: - libpq calls

    private struct Outcome {
        var rows: [PostgresRow]
        var affectedRows: Int
    }

    /// The open handle, for the notification reader in another file of this type.
    func socketHandle() throws(PostgresError) -> OpaquePointer { try openHandle(sql: nil) }

    private func openHandle(sql: String?) throws(PostgresError) -> OpaquePointer {
        guard let handle else { throw PostgresError(kind: .connection, message: "the session is closed", sql: sql) }
        return handle
    }

    private func run(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> Outcome {
        let handle = try openHandle(sql: sql)
        guard !sql.utf8.contains(0) else { throw PostgresError(kind: .argument, message: "the statement holds a NUL byte", sql: sql) }
        let encoded = try EncodedParameters(parameters, sql: sql)
        defer { encoded.deallocate() }
        let result = encoded.values.withUnsafeBufferPointer { values in
            PQexecParams(handle, sql, Int32(parameters.count), encoded.types, values.baseAddress, encoded.lengths, encoded.formats, 0)
        }
        defer { PQclear(result) }
        return try read(result, handle: handle, sql: sql)
    }

    /// Copies the rows out of `result`, or throws the server's error.
    private func read(_ result: OpaquePointer?, handle: OpaquePointer, sql: String) throws(PostgresError) -> Outcome {
        guard let result else {
            throw PostgresError(kind: .connection, message: String(cString: PQerrorMessage(handle)), sql: sql)
        }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            let sqlState = wd_pq_sqlstate(result).map { String(cString: $0) }
            var message = String(cString: PQresultErrorMessage(result))
            if message.isEmpty { message = String(cString: PQerrorMessage(handle)) }
            let kind: PostgresError.Kind = PQstatus(handle) == CONNECTION_OK ? .statement : .connection
            throw PostgresError(kind: kind, sqlState: sqlState, message: message, sql: sql)
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        let columnCount = PQnfields(result)
        guard columnCount > 0 else { return Outcome(rows: [], affectedRows: affected) }
        let columns = PostgresColumns((0..<columnCount).map { String(cString: PQfname(result, $0)) })
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [PostgresRow] = []
        let rowCount = PQntuples(result)
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [PostgresValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                values.append(try decode(result, row: row, column: column, type: types[Int(column)], columns: columns, sql: sql))
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        return Outcome(rows: rows, affectedRows: affected)
    }

    /// One text-format cell as a value of its column's type.
    private func decode(
        _ result: OpaquePointer, row: Int32, column: Int32, type: Oid, columns: PostgresColumns, sql: String
    ) throws(PostgresError) -> PostgresValue {
        if PQgetisnull(result, row, column) != 0 { return .null }
        guard let cell = PQgetvalue(result, row, column) else { return .null }
        if type == ColumnType.bytea {
            var length = 0
            guard let bytes = PQunescapeBytea(UnsafeRawPointer(cell).assumingMemoryBound(to: UInt8.self), &length) else {
                throw PostgresError(kind: .column, message: "cannot decode bytea column \(columns.names[Int(column)])", sql: sql)
            }
            defer { PQfreemem(bytes) }
            return .bytes(Array(UnsafeBufferPointer(start: bytes, count: length)))
        }
        let text = String(cString: cell)
        let parsed: PostgresValue?
        switch type {
        case ColumnType.int2, ColumnType.int4, ColumnType.int8, ColumnType.oid: parsed = Int64(text).map { .int($0) }
        case ColumnType.float4, ColumnType.float8: parsed = Double(text).map { .double($0) }
        case ColumnType.bool: parsed = text == "t" ? .bool(true) : text == "f" ? .bool(false) : nil
        default: parsed = .text(text)
        }
        guard let parsed else {
            throw PostgresError(kind: .column, message: "cannot read column \(columns.names[Int(column)]) of type \(type)", sql: sql)
        }
        return parsed
    }
}

/// The type OIDs the wrapper reads into typed values (pg_type.dat); every other type arrives as text.
enum ColumnType {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
}
