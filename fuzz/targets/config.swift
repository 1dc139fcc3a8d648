import Config

/// The config loader: a JSON file and `WARDROBE_*` environment overrides, then every typed read.
///
/// Input: the file text, then after a NUL byte one `NAME=value` environment line per NUL-separated part.
/// A bare value part is applied to the setting picked by its position, so the fuzzer reaches every parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parts = FuzzInput(data, size).nulSeparatedParts
    var environment: [String: String] = [:]
    for (index, part) in parts.dropFirst().enumerated() {
        if let equals = part.firstIndex(of: "="), part.hasPrefix("WARDROBE_") {
            environment[String(part[..<equals])] = String(part[part.index(after: equals)...])
        } else if !ConfigSchema.settings.isEmpty {
            environment[ConfigSchema.settings[index % ConfigSchema.settings.count].environmentName] = part
        }
    }
    let file = parts.first.flatMap { $0.isEmpty ? nil : $0 }
    guard let configuration = try? ConfigLoader.load(text: file, source: "fuzz.json", environment: environment) else { return 0 }
    for setting in ConfigSchema.settings {
        _ = configuration.string(setting.key)
        _ = configuration.int(setting.key)
        _ = configuration.double(setting.key)
        _ = configuration.bool(setting.key)
        _ = configuration.strings(setting.key)
    }
    return 0
}
