import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A built executable of this package run as a child process, for tests that kill real workers.
struct ChildProcess {
    /// The executable built next to the test bundle (`.build/debug/NAME`).
    static func binary(_ name: String) -> String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts `binary` with `arguments`, output appended to `log`.
    static func launch(_ binary: String, _ arguments: [String], environment: [String: String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        if !FileManager.default.fileExists(atPath: log) { FileManager.default.createFile(atPath: log, contents: nil) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        output.seekToEndOfFile()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `wardrobe keys set NAME` with the value on standard input; true when it succeeded.
    static func setSecret(binary: String, arguments: [String], environment: [String: String], name: String, value: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + ["keys", "set", name]
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        pipe.fileHandleForWriting.write(Data((value + "\n").utf8))
        try pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Waits for the process to end, up to `timeout`; true when it ended.
    static func waitForExit(_ process: Process, timeout: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return !process.isRunning
    }

    /// Kills the process without warning and reaps it.
    static func kill9(_ process: Process) async {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = await waitForExit(process)
    }
}
