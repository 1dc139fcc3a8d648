internal import CSQLite

/// The current row of a stepping statement, read by column position without copying the row.
///
/// Only valid inside the `decode` closure of `Connection.query(_:_:decode:)`, which borrows it
/// (it cannot be copied out).
/// Reading in place skips the `Row` copy and the name lookups, which matters for wide results
/// read often (a whole closet per `/outfit`).
public struct ColumnReader: ~Copyable {
    private let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }

    /// Number of result columns.
    public var count: Int { Int(sqlite3_column_count(handle)) }

    /// Whether the column holds NULL.
    public func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }

    /// The integer in `column`, nil when NULL (text and floats are converted as `Row.int` does).
    public func int(_ column: Int) -> Int64? {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, Int32(column))
        case SQLITE_FLOAT: return Int64(sqlite3_column_double(handle, Int32(column)))
        case SQLITE_NULL: return nil
        default: return string(column).flatMap { Int64($0) }
        }
    }

    /// The double in `column`, nil when NULL.
    public func double(_ column: Int) -> Double? {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(handle, Int32(column))
        case SQLITE_NULL: return nil
        default: return string(column).flatMap { Double($0) }
        }
    }

    /// The text in `column` (numbers rendered as SQLite renders them), nil when NULL.
    public func string(_ column: Int) -> String? {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL ? nil : text(Int32(column))
    }

    /// The column as stored, for copying a whole row into a `Row`.
    public func value(_ column: Int) -> SQLValue {
        let index = Int32(column)
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .int(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .double(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(text(index) ?? "")
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(handle, index))
            guard length > 0, let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: length)))
        default: return .null
        }
    }

    /// The column's bytes as UTF-8 text (SQLite converts numbers); nil when SQLite gives no pointer.
    private func text(_ index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let length = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// The 0/1 boolean in `column`; NULL is false.
    public func bool(_ column: Int) -> Bool { (int(column) ?? 0) != 0 }
}
