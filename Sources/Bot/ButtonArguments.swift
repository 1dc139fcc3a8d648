import Chat
import JSON
import Localization
import Storage

/// A pressed button's saved payload, read as typed and range-checked values. The bot writes the
/// payloads itself, but a row from an older version, or one damaged in the database, must never turn
/// into item 0 or page -1: a value that is missing, of another type or out of range refuses the press
/// with `chat.button.unreadable` ("send the command again"), and nothing is changed.
struct ButtonArguments: Sendable {
    let payload: JSON

    /// The number under `key`, which must lie in `range`.
    func int(_ key: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = try optionalInt(key, in: range) else { throw Self.unreadable }
        return value
    }

    /// The number under `key` in `range`, or nil when the payload has none.
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let json = payload[key], json != .null else { return nil }
        guard let value = json.int, let small = Int(exactly: value), range.contains(small) else { throw Self.unreadable }
        return small
    }

    /// The database id under `key` (positive).
    func id(_ key: String) throws -> Int64 {
        guard let value = payload[key]?.int, value > 0 else { throw Self.unreadable }
        return value
    }

    /// The database ids under `key`: 1–`maxCount` positive numbers.
    func ids(_ key: String, maxCount: Int = 64) throws -> [Int64] {
        guard let array = payload[key]?.array, (1...maxCount).contains(array.count) else { throw Self.unreadable }
        return try array.map { element in
            guard let value = element.int, value > 0 else { throw Self.unreadable }
            return value
        }
    }

    /// The text under `key`, at most `maxLength` characters.
    func string(_ key: String, maxLength: Int = 512) throws -> String {
        guard let value = try optionalString(key, maxLength: maxLength) else { throw Self.unreadable }
        return value
    }

    /// The text under `key` (at most `maxLength` characters), or nil when the payload has none.
    func optionalString(_ key: String, maxLength: Int = 512) throws -> String? {
        guard let json = payload[key], json != .null else { return nil }
        guard let value = json.string, value.count <= maxLength else { throw Self.unreadable }
        return value
    }

    /// The texts under `key`: at most `maxCount`, each at most `maxLength` characters (none when absent).
    func strings(_ key: String, maxCount: Int = 64, maxLength: Int = 512) throws -> [String] {
        guard let json = payload[key], json != .null else { return [] }
        guard let array = json.array, array.count <= maxCount else { throw Self.unreadable }
        return try array.map { element in
            guard let value = element.string, value.count <= maxLength else { throw Self.unreadable }
            return value
        }
    }

    /// The named value under `key`, e.g. a category or a service.
    func value<T: RawRepresentable>(_ key: String, as type: T.Type) throws -> T where T.RawValue == String {
        guard let value = try optionalValue(key, as: type) else { throw Self.unreadable }
        return value
    }

    /// The named value under `key`, or nil when the payload has none.
    func optionalValue<T: RawRepresentable>(_ key: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = try optionalString(key, maxLength: 64) else { return nil }
        guard let value = T(rawValue: text) else { throw Self.unreadable }
        return value
    }

    static var unreadable: LocalizedUserMessageError { LocalizedUserMessageError("chat.button.unreadable") }
}

extension ButtonRecord {
    /// The payload as typed, range-checked values (see `ButtonArguments`).
    var arguments: ButtonArguments { ButtonArguments(payload: payload) }
}
