import Foundation
import Storage
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

    /// Appends a line to `log`; only while no child writes to it (a child writes from where it opened the file).
    static func note(_ line: String, to log: String) {
        guard let handle = FileHandle(forWritingAtPath: log) else { return }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
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

    /// Waits until the worker whose data folder is in `folder` has no Telegram outbox row left to send
    /// (repeats, if any, have arrived by then); false when rows are still pending after `timeout`.
    static func outboxDrained(folder: String, timeout: Duration = .seconds(150)) async -> Bool {
        guard let store = try? Store(dataDirectory: "\(folder)/data") else { return false }
        defer { store.close() }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let pending = try? await store.pendingOutbox(transport: "telegram"), pending.isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Kills the process without warning and reaps it.
    static func kill9(_ process: Process) async {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = await waitForExit(process)
    }
}
