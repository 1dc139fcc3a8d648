import JSON

/// The loaded configuration: every setting's value after defaults, the file and the environment.
public struct Configuration: Sendable {
    /// Values by dotted key.
    public let values: [String: JSON]

    init(values: [String: JSON]) {
        self.values = values
    }

    /// The raw value of a key declared in `ConfigSchema`.
    public subscript(key: String) -> JSON {
        precondition(ConfigSchema.spec(for: key) != nil, "undeclared config key \(key)")
        return values[key] ?? .null
    }

    /// A string setting (nil when null).
    public func string(_ key: String) -> String? { self[key].string }
    /// An integer setting.
    public func int(_ key: String) -> Int { Int(self[key].int ?? 0) }
    /// A number setting.
    public func double(_ key: String) -> Double { self[key].double ?? 0 }
    /// A boolean setting.
    public func bool(_ key: String) -> Bool { self[key].bool ?? false }
    /// A list-of-strings setting.
    public func strings(_ key: String) -> [String] { self[key].array?.compactMap(\.string) ?? [] }

    /// The configuration with nothing but defaults.
    public static var defaults: Configuration {
        Configuration(values: Dictionary(uniqueKeysWithValues: ConfigSchema.settings.map { ($0.key, $0.defaultValue) }))
    }
}
