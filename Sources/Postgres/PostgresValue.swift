/// A value sent as a statement parameter or read from a result column.
///
/// Parameters travel in PostgreSQL's text format (bytes in binary), so the server infers their type
/// from the statement; write a cast (`$1::bigint`) where the context leaves it open.
public enum PostgresValue: Sendable, Hashable {
    case null
    case text(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case bytes([UInt8])
}

extension PostgresValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension PostgresValue {
    /// `.text(value)`, or `.null` when nil.
    public static func text(_ value: String?) -> PostgresValue { value.map { .text($0) } ?? .null }

    /// `.int(value)` from any integer width.
    public static func int(_ value: Int) -> PostgresValue { .int(Int64(value)) }

    /// The name of the case, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .text: "text"
        case .int: "integer"
        case .double: "double"
        case .bool: "boolean"
        case .bytes: "bytea"
        }
    }
}
