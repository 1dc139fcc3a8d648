import Foundation
import Synchronization

/// Where finished log lines go.
public protocol LogSink: Sendable {
    /// Writes one complete line (without the trailing newline).
    func write(line: String)
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
