/// The column names of a result, shared by all its rows, with a name → position index.
public final class PostgresColumns: Sendable {
    /// Column names, in select order.
    public let names: [String]
    private let positions: [String: Int]

    /// An index over `names`; the first column of a name wins.
    public init(_ names: [String]) {
        self.names = names
        positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of `name`, if the result has such a column.
    public func position(of name: String) -> Int? { positions[name] }
}

/// One result row, copied out of libpq so it outlives the result. Typed reads throw when the column
/// is missing, null or of another type: a row that cannot be read is an error, never a default.
public struct PostgresRow: Sendable {
    /// The result's column names, shared by every row of the result.
    public let columns: PostgresColumns
    /// Column values, in select order.
    public let values: [PostgresValue]

    /// A row of `values` under `columns`.
    public init(columns: PostgresColumns, values: [PostgresValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the named column; throws when the result has no such column.
    public func value(_ name: String) throws(PostgresError) -> PostgresValue {
        guard let index = columns.position(of: name) else {
            throw PostgresError(kind: .column, message: "no column \(name) in the result (\(columns.names.joined(separator: ", ")))")
        }
        return values[index]
    }

    /// True when the named column is null.
    public func isNull(_ name: String) throws(PostgresError) -> Bool { try value(name) == .null }

    /// The text in `name` (text, varchar, jsonb, timestamps… arrive as text).
    public func string(_ name: String) throws(PostgresError) -> String {
        guard case .text(let text) = try value(name) else { throw mismatch(name, expected: "text") }
        return text
    }

    /// The text in `name`, or nil when null.
    public func optionalString(_ name: String) throws(PostgresError) -> String? {
        try isNull(name) ? nil : try string(name)
    }

    /// The integer in `name` (smallint, integer, bigint).
    public func int(_ name: String) throws(PostgresError) -> Int64 {
        guard case .int(let number) = try value(name) else { throw mismatch(name, expected: "integer") }
        return number
    }

    /// The integer in `name`, or nil when null.
    public func optionalInt(_ name: String) throws(PostgresError) -> Int64? {
        try isNull(name) ? nil : try int(name)
    }

    /// The floating-point number in `name` (real, double precision).
    public func double(_ name: String) throws(PostgresError) -> Double {
        guard case .double(let number) = try value(name) else { throw mismatch(name, expected: "double") }
        return number
    }

    /// The boolean in `name`.
    public func bool(_ name: String) throws(PostgresError) -> Bool {
        guard case .bool(let flag) = try value(name) else { throw mismatch(name, expected: "boolean") }
        return flag
    }

    /// The bytes in `name` (bytea).
    public func bytes(_ name: String) throws(PostgresError) -> [UInt8] {
        guard case .bytes(let bytes) = try value(name) else { throw mismatch(name, expected: "bytea") }
        return bytes
    }

    private func mismatch(_ name: String, expected: String) -> PostgresError {
        let found = (try? value(name).typeName) ?? "nothing"
        return PostgresError(kind: .column, message: "column \(name) holds \(found), expected \(expected)")
    }
}
