import Support

/// A failed PostgreSQL call: what failed, the server's SQLSTATE when it sent one, its message and
/// the statement. Internal: a database failure is the operator's, never a chat user's.
public struct PostgresError: InternalError, Sendable, CustomStringConvertible {
    /// Which step failed.
    public enum Kind: Sendable, Hashable {
        /// Opening the connection, or the connection broke during a call.
        case connection
        /// The server refused or failed a statement.
        case statement
        /// A result column was missing, null or of another type than asked for.
        case column
        /// A value was refused before it was sent (an interior NUL in text, a bad session state).
        case argument
    }

    /// Which step failed.
    public let kind: Kind
    /// The five-character SQLSTATE code, when the server sent one (e.g. "23505").
    public let sqlState: String?
    /// The server's or libpq's message, one line.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// An error of `kind` with the server's details.
    public init(kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        // libpq's messages end in a newline and may span lines; logs want one line.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.sql = sql
    }

    /// A unique constraint was violated (SQLSTATE 23505).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// The session is gone: libpq lost the connection, or the server ended the backend (class 08
    /// connection exceptions, 57P01–57P03 shutdown and termination). A new session is needed.
    public var isConnectionLost: Bool {
        if kind == .connection { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// The transaction lost a serialization or deadlock race and can be run again (40001, 40P01).
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    public var description: String {
        "postgres \(kind) error" + (sqlState.map { " \($0)" } ?? "") + ": \(message)"
            + (sql.map { " in `\($0.prefix(120))`" } ?? "")
    }
}
