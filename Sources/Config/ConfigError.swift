import Support
/// A configuration problem, named by its key so one line says what to fix.
public struct ConfigError: InternalError, Sendable, Equatable, CustomStringConvertible {
    /// The dotted key, e.g. `telegram.poll_timeout`, or the file path for file-level problems.
    public let key: String
    /// What is wrong.
    public let problem: String

    public init(key: String, problem: String) {
        self.key = key
        self.problem = problem
    }

    /// The one line printed on start-up.
    public var description: String { "config error: \(key): \(problem)" }
    /// Same line for a person.
    public var userMessage: String { description }
}
