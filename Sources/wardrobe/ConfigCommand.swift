import Config
import JSON

/// `wardrobe config defaults|docs|check`: the settings Wardrobe understands.
enum ConfigCommand {
    static func run(app: App, arguments: [String]) -> Int32 {
        switch arguments.first {
        case "defaults":
            print(ConfigSchema.defaultDocument.serialized(pretty: true))
        case "docs":
            print("| Key | Environment variable | Default | Meaning |\n|---|---|---|---|")
            for setting in ConfigSchema.settings {
                print("| `\(setting.key)` | `\(setting.environmentName)` | `\(setting.defaultValue.serialized())` | \(setting.help) |")
            }
        case "check":
            print("config ok: data in \(app.dataDirectory), log level \(app.configuration.string("log.level") ?? "info")")
        default:
            return CLI.fail("usage: wardrobe config defaults | config docs | config check")
        }
        return 0
    }
}
