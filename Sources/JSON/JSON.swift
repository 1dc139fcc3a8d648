/// A JSON value: parsed and serialized through jansson, used everywhere the
/// bot reads or writes JSON (config, wire formats, stored blobs).
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
}

/// What `JSON.parse(bytes:pruning:)` leaves out of its copy: object and array members under keys that
/// `skipsMember` names, and objects and arrays nested deeper than `maximumDepth` (they become null).
/// Scalar members always stay.
public struct JSONPruning: Sendable {
    /// The deepest level copied; the root is level 0.
    public let maximumDepth: Int
    /// Whether an object or array under this key is left out.
    public let skipsMember: @Sendable (String) -> Bool

    public init(maximumDepth: Int, skipsMember: @escaping @Sendable (String) -> Bool) {
        self.maximumDepth = maximumDepth
        self.skipsMember = skipsMember
    }
}

extension JSON {
    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or nil when out of range or not an array.
    public subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The string value, or nil for any other kind.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer value; integral doubles count too.
    public var int: Int64? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
        default: return nil
        }
    }

    /// The numeric value as a double, for ints and doubles.
    public var double: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The boolean value, or nil for any other kind.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or nil for any other kind.
    public var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members of an object, or nil for any other kind.
    public var object: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A copy of this object with `key` set to `value`; non-objects become objects.
    public func setting(_ key: String, _ value: JSON) -> JSON {
        var members = object ?? [:]
        members[key] = value
        return .object(members)
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON {
    /// Wraps an optional string, mapping nil to `null`.
    public init(_ value: String?) { self = value.map(JSON.string) ?? .null }
    /// Wraps an integer.
    public init(_ value: Int) { self = .int(Int64(value)) }
    /// Wraps an optional integer, mapping nil to `null`.
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    /// Wraps an optional double, mapping nil to `null`.
    public init(_ value: Double?) { self = value.map(JSON.double) ?? .null }
}
