import Foundation
import JSON

/// Builds a `Configuration` from defaults, then the JSON file, then `WARDROBE_*` environment variables.
public enum ConfigLoader {
    /// Loads `path` (missing file = defaults only) and applies `environment` overrides.
    public static func load(path: String?, environment: [String: String]) throws(ConfigError) -> Configuration {
        var fileText: String?
        if let path, FileManager.default.fileExists(atPath: path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ConfigError(key: path, problem: "the file can't be read")
            }
            fileText = String(decoding: data, as: UTF8.self)
        }
        return try load(text: fileText, source: path ?? "config", environment: environment)
    }

    /// Loads from JSON text (nil = defaults only) and applies `environment` overrides.
    public static func load(text: String?, source: String = "config", environment: [String: String]) throws(ConfigError) -> Configuration {
        var values = Configuration.defaults.values
        if let text {
            let document: JSON
            do { document = try JSON.parse(text) } catch {
                throw ConfigError(key: source, problem: "not valid JSON (\(error.description))")
            }
            guard case .object = document else { throw ConfigError(key: source, problem: "must be a JSON object") }
            try flatten(document, prefix: "", into: &values)
        }
        for setting in ConfigSchema.settings {
            guard let raw = environment[setting.environmentName] else { continue }
            values[setting.key] = try parseEnvironment(raw, setting: setting)
        }
        return Configuration(values: values)
    }

    private static func flatten(_ node: JSON, prefix: String, into values: inout [String: JSON]) throws(ConfigError) {
        guard let members = node.object else { return }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let key = prefix.isEmpty ? name : "\(prefix).\(name)"
            if name.hasPrefix("_") { continue }  // "_comment" keys document the file
            if let setting = ConfigSchema.spec(for: key) {
                values[key] = try validate(value, setting: setting)
            } else if case .object = value, ConfigSchema.settings.contains(where: { $0.key.hasPrefix(key + ".") }) {
                try flatten(value, prefix: key, into: &values)
            } else {
                throw ConfigError(key: key, problem: "unknown setting" + suggestion(for: key))
            }
        }
    }

    static func validate(_ value: JSON, setting: SettingSpec) throws(ConfigError) -> JSON {
        let fail = ConfigError(key: setting.key, problem: "must be \(setting.kind.expectation) (got \(value.serialized()))")
        switch setting.kind {
        case .bool:
            guard value.bool != nil else { throw fail }
        case .int(let range):
            guard let number = value.int, range.contains(number) else { throw fail }
            return .int(number)
        case .double(let range):
            guard let number = value.double, range.contains(number) else { throw fail }
        case .string:
            guard let text = value.string, !text.isEmpty else { throw fail }
        case .optionalString:
            guard value.isNull || value.string != nil else { throw fail }
        case .url:
            guard let text = value.string, isHTTPURL(text) else { throw fail }
            return .string(trimmingSlash(text))
        case .optionalURL:
            if value.isNull { return .null }
            guard let text = value.string, isHTTPURL(text) else { throw fail }
            return .string(trimmingSlash(text))
        case .choice(let words):
            guard let text = value.string, words.contains(text) else { throw fail }
        case .stringList:
            guard let items = value.array, items.allSatisfy({ $0.string != nil }) else { throw fail }
        case .listenAddress:
            guard let text = value.string, ListenAddress(text) != nil else { throw fail }
        case .optionalListenAddress:
            if value.isNull { return .null }
            guard let text = value.string, ListenAddress(text) != nil else { throw fail }
        case .urlPath:
            guard let text = value.string, text.hasPrefix("/"), text.utf8.count <= 256,
                  text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) })
            else { throw fail }
        }
        return value
    }

    private static func parseEnvironment(_ raw: String, setting: SettingSpec) throws(ConfigError) -> JSON {
        let value: JSON
        switch setting.kind {
        case .bool:
            switch raw.lowercased() {
            case "1", "true", "yes", "on": value = true
            case "0", "false", "no", "off": value = false
            default: value = .string(raw)
            }
        case .int: value = Int64(raw).map(JSON.int) ?? .string(raw)
        case .double: value = Double(raw).map(JSON.double) ?? .string(raw)
        case .stringList: value = .array(raw.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) })
        case .optionalString, .optionalURL, .optionalListenAddress: value = raw.isEmpty ? .null : .string(raw)
        default: value = .string(raw)
        }
        do { return try validate(value, setting: setting) } catch {
            throw ConfigError(key: setting.environmentName, problem: error.problem)
        }
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static func trimmingSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    private static func suggestion(for key: String) -> String {
        let last = key.split(separator: ".").last.map(String.init) ?? key
        let close = ConfigSchema.settings.map(\.key).first { $0.hasSuffix(last) || $0.split(separator: ".").last.map { $0.hasPrefix(last.prefix(4)) } == true }
        return close.map { " (did you mean \($0)?)" } ?? ""
    }
}
