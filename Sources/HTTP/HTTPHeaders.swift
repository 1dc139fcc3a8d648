/// An ordered list of header fields with case-insensitive, multi-valued lookup.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field as received or to be sent.
    public struct Field: Sendable, Hashable {
        /// The field name, with the case it was given in.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// A field from its name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field] = []

    /// Empty headers.
    public init() {}

    /// Headers from name-value pairs, in order; a repeated name adds a second value.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Headers from a literal such as `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name` (any case), or nil when absent.
    public subscript(name: String) -> String? {
        fields.first { Self.same($0.name, name) }?.value
    }

    /// Every value for `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// True when a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any earlier ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` (any case) with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The fields as "Name: value" lines, for logs.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }

    /// ASCII case-insensitive comparison, as field names are ASCII tokens.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}
