import Foundation

/// Starts `wardrobe-telegram-bench` from beside this binary, its output going straight to ours.
enum TelegramBenchLauncher {
    static let name = "wardrobe-telegram-bench"

    static func run(arguments: [String]) throws -> Int32 {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return CLI.fail("\(name) is not built next to this binary; build it with `swift build -c release --product \(name)` (make bench does)")
        }
        // What this process printed so far must come before the child's output, also into a pipe (nil: every stream).
        fflush(nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
