/// The column names of a result, shared by all its rows, with a name → position index.
public final class ColumnNames: Sendable {
    /// Column names, in select order.
    public let names: [String]
    private let positions: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        // The first column of a name wins, as SQLite's own lookup does.
        positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of `name`, if the result has such a column.
    public func position(of name: String) -> Int? { positions[name] }
}

/// One result row, copied out of SQLite so it outlives the statement.
public struct Row: Sendable {
    /// The result's column names, shared by every row of the result.
    public let names: ColumnNames
    /// Column values, in select order.
    public let values: [SQLValue]

    public init(names: ColumnNames, values: [SQLValue]) {
        self.names = names
        self.values = values
    }

    public init(columns: [String], values: [SQLValue]) {
        self.init(names: ColumnNames(columns), values: values)
    }

    /// Column names, in select order.
    public var columns: [String] { names.names }

    /// The value of the named column, or `.null` when absent.
    public subscript(name: String) -> SQLValue {
        guard let index = names.position(of: name) else { return .null }
        return values[index]
    }

    /// The value at `index`.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The integer in `name`, or nil when null or not a number.
    public func int(_ name: String) -> Int64? {
        switch self[name] {
        case .int(let value): return value
        case .double(let value): return Int64(value)
        case .text(let text): return Int64(text)
        default: return nil
        }
    }

    /// The double in `name`, or nil when null.
    public func double(_ name: String) -> Double? {
        switch self[name] {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .text(let text): return Double(text)
        default: return nil
        }
    }

    /// The text in `name`, or nil when null.
    public func string(_ name: String) -> String? {
        switch self[name] {
        case .text(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .null: return nil
        }
    }

    /// The bytes in `name`, or nil when null.
    public func blob(_ name: String) -> [UInt8]? {
        switch self[name] {
        case .blob(let bytes): return bytes
        case .text(let text): return Array(text.utf8)
        default: return nil
        }
    }

    /// The boolean stored as 0/1 in `name`.
    public func bool(_ name: String) -> Bool { (int(name) ?? 0) != 0 }
}
