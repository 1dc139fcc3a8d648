internal import CSQLite

/// A prepared statement; owned by its connection, finalized on deinit or when the connection closes.
final class Statement {
    private(set) var handle: OpaquePointer?
    let sql: String

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        self.sql = sql
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        handle = statement
    }

    deinit { finalize() }

    func finalize() {
        if let handle { sqlite3_finalize(handle) }
        handle = nil
    }

    func bind(_ values: [SQLValue], connection: OpaquePointer) throws(SQLiteError) {
        guard let handle else { return }
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw SQLiteError(code: SQLITE_RANGE, message: "expected \(expected) parameters, got \(values.count)", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .int(let number): code = sqlite3_bind_int64(handle, index, number)
            case .double(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                code = text.withCString { wd_sqlite_bind_text(handle, index, $0, Int32(text.utf8.count)) }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    wd_sqlite_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count))
                }
            }
            guard code == SQLITE_OK else {
                throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
            }
        }
    }

    /// Steps to completion, copying every row.
    func rows(connection: OpaquePointer) throws(SQLiteError) -> [Row] {
        guard let handle else { return [] }
        let count = Int(sqlite3_column_count(handle))
        // Made at the first row: most writes return none, and every reply makes several writes.
        var names: ColumnNames?
        return try decodeRows(connection: connection) { row in
            let known = names ?? ColumnNames((0..<count).map { String(cString: sqlite3_column_name(handle, Int32($0))) })
            names = known
            return Row(names: known, values: (0..<count).map { row.value($0) })
        }
    }

    /// Steps to completion, handing each row to `decode` in place.
    func decodeRows<T>(connection: OpaquePointer, _ decode: (borrowing ColumnReader) throws(SQLiteError) -> T) throws(SQLiteError) -> [T] {
        guard let handle else { return [] }
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
            }
            let reader = ColumnReader(handle: handle)
            result.append(try decode(reader))
        }
        return result
    }
}
