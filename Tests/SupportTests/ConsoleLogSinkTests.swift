import Foundation
import Support
import Testing

@Suite struct ConsoleLogSinkTests {
    @Test func everyLineGoesToTheFileWhateverItsLevel() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID()).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let logger = Logger(label: "chat", level: .info, sink: ConsoleLogSink(path: path))
        logger.info("update handled")
        logger.debug("below the level")
        logger.warning("telegram unreachable")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("msg=\"update handled\"") || lines[0].contains("msg=update"))
        #expect(lines[1].contains("level=warning"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
