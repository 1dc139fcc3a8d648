import Foundation
import Synchronization

/// Where finished log lines go.
public protocol LogSink: Sendable {
    /// Writes one complete line (without the trailing newline).
    func write(line: String)
    /// Writes one line logged at `level`; sinks that route by level implement this one.
    func write(line: String, level: LogLevel)
}

extension LogSink {
    /// By default the level does not matter.
    public func write(line: String, level: LogLevel) { write(line: line) }
}

/// For the terminal chat: every line goes to a log file, and only warnings and errors also reach
/// the terminal, so log lines don't land in the middle of the conversation.
public final class ConsoleLogSink: LogSink {
    // Mutex: lines come from many tasks; one append per line keeps them whole.
    private let file: Mutex<FileHandle?>
    private let terminalLevel: LogLevel
    /// The log file.
    public let path: String

    /// Appends to `path` (created 0600 if missing); lines at `terminalLevel` or above also go to standard error.
    public init(path: String, terminalLevel: LogLevel = .warning) {
        self.path = path
        self.terminalLevel = terminalLevel
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
        file = Mutex(handle)
    }

    /// A line without a level counts as info: file only.
    public func write(line: String) { write(line: line, level: .info) }

    /// The line to the file; to the terminal too at `terminalLevel` or above.
    public func write(line: String, level: LogLevel) {
        let data = Data((line + "\n").utf8)
        let written = file.withLock { handle -> Bool in
            guard let handle else { return false }
            return (try? handle.write(contentsOf: data)) != nil
        }
        // A line that can't reach the file still reaches the terminal rather than vanish.
        if level >= terminalLevel || !written { FileHandle.standardError.write(data) }
    }
}

/// Writes log lines to standard error, one `write` call per line so lines never interleave.
public struct StandardErrorSink: LogSink {
    public init() {}

    public func write(line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Keeps log lines in memory; used by tests and by `wardrobe doctor` to collect output.
public final class MemoryLogSink: LogSink {
    private let storage = Mutex<[String]>([])

    public init() {}

    public func write(line: String) { storage.withLock { $0.append(line) } }

    /// Every line written so far.
    public var lines: [String] { storage.withLock { $0 } }
}
