import Chat
import Foundation
import Synchronization
import Testing
import TryOn

@Suite struct TryOnFlowConsoleTests {
    @Test func theConsoleGetsProgressLinesAndTheResultFileWithNumberedChoices() async throws {
        let bot = try TryOnHarness()
        defer { Task { await bot.close() } }
        let lines = Mutex<[String]>([])
        let console = ConsoleTransport(outputFolder: "\(bot.folder)/console") { line in lines.withLock { $0.append(line) } }
        bot.transports.register(console)
        let selfie = "\(bot.folder)/selfie.jpg", garment = "\(bot.folder)/shirt.jpg"
        try Data(try TryOnHarness.selfie()).write(to: URL(fileURLWithPath: selfie))
        try Data(try TryOnHarness.garment()).write(to: URL(fileURLWithPath: garment))
        bot.startWorker()
        var number = 0
        func type(_ line: String) async throws {
            number += 1
            let event = try #require(console.event(for: line, number: number))
            await bot.router.handle(event, via: console)
        }
        try await type("/photo \(selfie) me")
        try await type("/photo \(garment) wear")
        try await bot.eventually("result file") { lines.withLock { $0.contains { $0.hasPrefix("🖼  ") } } }
        try await bot.eventually("buttons") { lines.withLock { $0.contains { $0.contains("1️⃣ Dress this look") } } }
        let output = lines.withLock { $0 }
        #expect(output.contains { $0.hasPrefix("Queued…") })
        #expect(output.contains { $0.hasPrefix("Generating…") })
        let file = try #require(output.first { $0.hasPrefix("🖼  ") }?.dropFirst(3).split(separator: " ").first.map(String.init))
        #expect(file.hasSuffix(".png") && FileManager.default.fileExists(atPath: file))
        // Typing the number presses the button (no inline buttons on the console).
        try await type("4")
        #expect(lines.withLock { $0.last } == "Kept look #1 as a favourite ⭐")
    }
}
