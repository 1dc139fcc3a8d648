/// Severity of a log line, lowest first.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    /// The lowercase name written into the log line.
    public var name: String {
        switch self {
        case .trace: return "trace"
        case .debug: return "debug"
        case .info: return "info"
        case .notice: return "notice"
        case .warning: return "warning"
        case .error: return "error"
        case .critical: return "critical"
        }
    }

    /// Parses a level name such as "info" or "WARNING".
    public init?(name: String) {
        guard let level = LogLevel.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = level
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
