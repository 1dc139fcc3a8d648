import Defaults
import Foundation
import Testing

@Suite struct DataFilesTests {
    static let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").standardized.path

    @Test func everyBuiltInFileIsExactlyTheOneInBotConfig() throws {
        #expect(!DataFiles.names.isEmpty)
        for name in DataFiles.names {
            let onDisk = try String(contentsOfFile: "\(Self.configFolder)/\(name)", encoding: .utf8)
            // When this fails, run deploy/embed-data-files.sh (make embed-data-files) and commit the result.
            #expect(DataFiles.builtIn(name) == onDisk, "\(name) differs from bot-config/; run deploy/embed-data-files.sh")
        }
    }

    @Test func everyDataFileInBotConfigIsBuiltIn() throws {
        // wardrobe.json is the config file, whose defaults live in ConfigSchema; examples/ are not read by the bot.
        // The message catalogs live one level down, in locales/.
        let locales = try FileManager.default.contentsOfDirectory(atPath: Self.configFolder + "/locales").map { "locales/\($0)" }
        let names = (try FileManager.default.contentsOfDirectory(atPath: Self.configFolder) + locales)
            .filter { $0.hasSuffix(".json") && $0 != "wardrobe.json" }.sorted()
        #expect(names == DataFiles.names, "add new data files to DATA_FILES in deploy/embed-data-files.sh")
    }

    @Test func anUnknownNameHasNoBuiltInCopy() {
        #expect(DataFiles.builtIn("nope.json") == nil)
        #expect(DataFiles.builtIn("wardrobe.json") == nil)
    }
}
