import Config
import Foundation
import JSON
import Testing

@Suite struct ConfigTests {
    @Test func defaultsApplyWithoutAFile() throws {
        let config = try ConfigLoader.load(text: nil, environment: [:])
        #expect(config.string("data_directory") == "./data")
        #expect(config.int("telegram.poll_timeout_seconds") == 50)
        #expect(config.bool("import.allow_private_networks") == false)
        #expect(config.string("matrix.homeserver_url") == nil)
    }

    @Test func fileValuesOverrideDefaultsAndEnvironmentOverridesTheFile() throws {
        let text = #"{"telegram":{"api_base_url":"http://127.0.0.1:8081/","poll_timeout_seconds":10},"import":{"allow_private_networks":true}}"#
        let config = try ConfigLoader.load(
            text: text, environment: ["WARDROBE_TELEGRAM_POLL_TIMEOUT_SECONDS": "20", "WARDROBE_MATRIX_INVITE_ALLOWLIST": "@a:b, example.org"])
        #expect(config.string("telegram.api_base_url") == "http://127.0.0.1:8081")
        #expect(config.int("telegram.poll_timeout_seconds") == 20)
        #expect(config.bool("import.allow_private_networks"))
        #expect(config.strings("matrix.invite_allowlist") == ["@a:b", "example.org"])
    }

    @Test func anUnknownKeyIsNamedInOneLine() {
        #expect(throws: ConfigError(key: "telegram.pol_timeout", problem: "unknown setting")) {
            _ = try ConfigLoader.load(text: #"{"telegram":{"pol_timeout":5}}"#, environment: [:])
        }
    }

    @Test func aWrongTypeNamesTheKeyAndWhatIsExpected() {
        do {
            _ = try ConfigLoader.load(text: #"{"telegram":{"poll_timeout_seconds":"soon"}}"#, environment: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.key == "telegram.poll_timeout_seconds")
            #expect(error.description == #"config error: telegram.poll_timeout_seconds: must be an integer from 1 to 50 (got "soon")"#)
        }
    }

    @Test func outOfRangeAndBadURLsAreRefused() {
        #expect(throws: ConfigError.self) { try ConfigLoader.load(text: #"{"tryon":{"global_concurrency":0}}"#, environment: [:]) }
        #expect(throws: ConfigError.self) { try ConfigLoader.load(text: #"{"matrix":{"homeserver_url":"ftp://x"}}"#, environment: [:]) }
        #expect(throws: ConfigError.self) { try ConfigLoader.load(text: #"{"tryon":{"default_service":"dalle"}}"#, environment: [:]) }
    }

    @Test func aBadEnvironmentValueNamesTheVariable() {
        do {
            _ = try ConfigLoader.load(text: nil, environment: ["WARDROBE_IMPORT_ALLOW_PRIVATE_NETWORKS": "maybe"])
            Issue.record("expected an error")
        } catch {
            #expect(error.key == "WARDROBE_IMPORT_ALLOW_PRIVATE_NETWORKS")
        }
    }

    @Test func malformedJSONIsOneClearLine() {
        do {
            _ = try ConfigLoader.load(text: "{\"log\": {\"level\": \"info\",}", source: "bot-config/wardrobe.json", environment: [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("config error: bot-config/wardrobe.json: not valid JSON"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theShippedExampleListsEverySettingWithItsDefault() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/wardrobe.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = try JSON.parse(text)
        for setting in ConfigSchema.settings {
            var node: JSON? = document
            for part in setting.key.split(separator: ".") { node = node?[String(part)] }
            #expect(node == setting.defaultValue, "\(setting.key) in bot-config/wardrobe.json should be \(setting.defaultValue.serialized())")
        }
        _ = try ConfigLoader.load(text: text, environment: [:])
    }
}

@Suite struct ConfigDocsTests {
    @Test func everySettingIsDocumented() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/configuration.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for setting in ConfigSchema.settings {
            #expect(text.contains("`\(setting.key)`"), "docs/configuration.md lacks \(setting.key); regenerate with `wardrobe config docs`")
        }
    }
}
