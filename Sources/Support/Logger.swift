import Foundation

/// A levelled, structured logger in the swift-log shape, writing one logfmt line per event.
///
/// Every line passes through the shared `Redactor`, so secrets never reach the output.
public struct Logger: Sendable {
    /// Which part of the system is logging, e.g. "telegram".
    public let label: String
    /// Lines below this level are dropped.
    public var level: LogLevel
    /// Key-value pairs attached to every line (chat, update, job ids…).
    public private(set) var metadata: [(String, String)]
    private let sink: any LogSink
    private let redactor: Redactor
    private let now: @Sendable () -> Date

    public init(
        label: String, level: LogLevel = .info, sink: any LogSink = StandardErrorSink(),
        redactor: Redactor = Redactor(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.label = label
        self.level = level
        self.metadata = []
        self.sink = sink
        self.redactor = redactor
        self.now = now
    }

    /// A child logger for another component, sharing sink, level and redaction.
    public func child(label: String) -> Logger {
        var copy = Logger(label: label, level: level, sink: sink, redactor: redactor, now: now)
        copy.metadata = metadata
        return copy
    }

    /// A child logger carrying one more metadata pair on every line.
    public func with(_ key: String, _ value: CustomStringConvertible) -> Logger {
        var copy = self
        copy.metadata.removeAll { $0.0 == key }
        copy.metadata.append((key, value.description))
        return copy
    }

    /// Logs `message` at `level` with extra metadata for this line only.
    public func log(_ level: LogLevel, _ message: String, _ extra: [String: CustomStringConvertible] = [:]) {
        guard level >= self.level else { return }
        var fields: [(String, String)] = [
            ("ts", Logger.timestamp(now())), ("level", level.name), ("logger", label), ("msg", message),
        ]
        fields += metadata
        fields += extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value.description) }
        let line = fields.map { "\(Logger.key($0.0))=\(Logger.quote(redactor.redact($0.1)))" }.joined(separator: " ")
        sink.write(line: line)
    }

    public func trace(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.trace, message, extra) }
    public func debug(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.debug, message, extra) }
    public func info(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.info, message, extra) }
    public func notice(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.notice, message, extra) }
    public func warning(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.warning, message, extra) }
    public func error(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.error, message, extra) }
    public func critical(_ message: String, _ extra: [String: CustomStringConvertible] = [:]) { log(.critical, message, extra) }

    /// logfmt quoting: bare when safe, else double-quoted with escapes.
    ///
    /// Control characters (C0, DEL, C1) and the bidi controls are written as `\u{…}` escapes, so a
    /// chat message can neither break the line nor send terminal escape sequences or reorder text
    /// on the operator's screen. Works on Unicode scalars: a "\r\n" grapheme is two escapes.
    static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || isControl($0) }
        guard needsQuotes else { return value }
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if isControl(scalar) {
                    escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\""
    }

    /// C0 controls, DEL, C1 controls, the bidi embeddings/overrides/isolates and the directional marks.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A key made safe for logfmt: anything but letters, digits, `_`, `-` and `.` becomes `_`.
    static func key(_ name: String) -> String {
        let safe = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        return safe.isEmpty ? "_" : String(safe)
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().timeZone(separator: .omitted).time(includingFractionalSeconds: true).timeSeparator(.colon))
    }
}
