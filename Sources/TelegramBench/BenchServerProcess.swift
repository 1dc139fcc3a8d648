import Foundation

/// The fake Bot API's child process, read line by line from its standard output.
final class BenchServerProcess: @unchecked Sendable {
    // @unchecked: `buffer` is touched only by `readLine`, which one task at a time calls.
    private let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    init(command: [String]) throws {
        guard let executable = command.first else { throw BenchError("no server command") }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.standardOutput = output
        try process.run()
    }

    /// Blocks until a line starting with `prefix` arrives; returns the rest of it.
    func readLine(prefix: String) throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
                continue
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("the server process ended before printing \(prefix)") }
            buffer += chunk
        }
    }

    /// Ends the child process.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
