internal import CJansson
#if canImport(Glibc)
import Glibc
#endif

extension JSON {
    /// Parses a JSON text of any kind (object, array or scalar).
    public static func parse(_ text: String) throws(JSONError) -> JSON {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 bytes holding a JSON text of any kind.
    public static func parse(bytes: [UInt8]) throws(JSONError) -> JSON {
        try parse(bytes: bytes, pruning: nil)
    }

    /// Parses UTF-8 bytes, leaving out of the copy what `pruning` says no reader needs. Copying jansson's tree into
    /// Swift values is most of the cost of reading a large document, so a search for a few objects in a shop's
    /// script state skips the subtrees it would not search anyway.
    public static func parse(bytes: [UInt8], pruning: JSONPruning?) throws(JSONError) -> JSON {
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
        let root: UnsafeMutablePointer<json_t>? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    json_loadb($0, buffer.count, flags, &error)
                }
            }
        }
        guard let root else {
            if bytes.isEmpty { throw JSONError(reason: "empty input") }
            let reason = withUnsafeBytes(of: error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw JSONError(reason: reason, line: Int(error.line), column: Int(error.column))
        }
        defer { wd_json_decref(root) }
        return JSON(borrowing: root, pruning: pruning, depth: 0)
    }

    /// The compact (or indented) JSON text, with object keys sorted so output is stable. Text only a
    /// program reads (a request body, a stored row) can skip the sorting: `sortingKeys: false`.
    public func serialized(pretty: Bool = false, sortingKeys: Bool = true) -> String {
        String(decoding: serializedBytes(pretty: pretty, sortingKeys: sortingKeys), as: UTF8.self)
    }

    /// `serialized` as UTF-8 bytes, written by jansson straight into the array (no intermediate C string).
    public func serializedBytes(pretty: Bool = false, sortingKeys: Bool = true) -> [UInt8] {
        let root = makeJansson()
        defer { wd_json_decref(root) }
        var flags = JSON_ENCODE_ANY | (15 << 11)  // JSON_REAL_PRECISION(15)
        if sortingKeys { flags |= JSON_SORT_KEYS }
        flags |= pretty ? 2 : JSON_COMPACT
        var capacity = 4096
        while true {
            var bytes = [UInt8](repeating: 0, count: capacity)
            let needed = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) { json_dumpb(root, $0, capacity, Int(flags)) }
            }
            // 0 is a failure (nothing valid to write); more than the capacity means: again, with room for it.
            if needed == 0 { return Array("null".utf8) }
            if needed <= capacity {
                bytes.removeLast(capacity - needed)
                return bytes
            }
            capacity = needed
        }
    }

    private init(borrowing node: UnsafeMutablePointer<json_t>, pruning: JSONPruning?, depth: Int) {
        if let pruning, depth > pruning.maximumDepth, Self.isContainer(node) {
            self = .null
            return
        }
        switch json_type(UInt32(wd_json_typeof(node))) {
        case JSON_OBJECT:
            var members: [String: JSON] = [:]
            members.reserveCapacity(json_object_size(node))
            var iterator = json_object_iter(node)
            while let current = iterator {
                if let key = json_object_iter_key(current), let value = json_object_iter_value(current) {
                    let name = String(cString: key)
                    let pruned = pruning.map { Self.isContainer(value) && $0.skipsMember(name) } ?? false
                    if !pruned { members[name] = JSON(borrowing: value, pruning: pruning, depth: depth + 1) }
                }
                iterator = json_object_iter_next(node, current)
            }
            self = .object(members)
        case JSON_ARRAY:
            let count = json_array_size(node)
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if let element = json_array_get(node, index) { elements.append(JSON(borrowing: element, pruning: pruning, depth: depth + 1)) }
            }
            self = .array(elements)
        case JSON_STRING:
            let length = json_string_length(node)
            if let value = json_string_value(node) {
                self = .string(value.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                })
            } else {
                self = .string("")
            }
        case JSON_INTEGER: self = .int(Int64(json_integer_value(node)))
        case JSON_REAL: self = .double(json_real_value(node))
        case JSON_TRUE: self = .bool(true)
        case JSON_FALSE: self = .bool(false)
        default: self = .null
        }
    }

    private static func isContainer(_ node: UnsafeMutablePointer<json_t>) -> Bool {
        let type = json_type(UInt32(wd_json_typeof(node)))
        return type == JSON_OBJECT || type == JSON_ARRAY
    }

    /// A new jansson tree owning one reference; the caller releases it.
    private func makeJansson() -> UnsafeMutablePointer<json_t> {
        switch self {
        case .null: return json_null()
        case .bool(let value): return value ? json_true() : json_false()
        case .int(let value): return json_integer(json_int_t(value))
        case .double(let value): return value.isFinite ? json_real(value) : json_null()
        case .string(let value):
            var copy = value
            return copy.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    json_stringn_nocheck(chars.baseAddress, chars.count)
                }
            } ?? json_null()
        case .array(let elements):
            let array = json_array()!
            for element in elements { _ = wd_json_array_append_new(array, element.makeJansson()) }
            return array
        case .object(let members):
            let object = json_object()!
            for (key, value) in members {
                // Keys with embedded NUL cannot be stored by jansson's C-string keys.
                _ = key.withCString { json_object_set_new_nocheck(object, $0, value.makeJansson()) }
            }
            return object
        }
    }
}
