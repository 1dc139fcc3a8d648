/// Why a JSON text could not be parsed or a value could not be serialized.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// jansson's description of the problem.
    public let reason: String
    /// 1-based line of the problem, 0 when unknown.
    public let line: Int
    /// 1-based column of the problem, 0 when unknown.
    public let column: Int

    public init(reason: String, line: Int = 0, column: Int = 0) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String {
        line > 0 ? "invalid JSON at line \(line), column \(column): \(reason)" : "invalid JSON: \(reason)"
    }

    /// Short text for a person: what happened and what to do.
    public var userMessage: String { "That isn't valid JSON (\(description)). Fix it and try again." }
}
