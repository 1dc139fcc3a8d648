/// A failed SQLite call, with the result code, SQLite's message and the statement.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The primary or extended SQLite result code.
    public let code: Int32
    /// SQLite's own message.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// True for SQLITE_CONSTRAINT and its extended codes.
    public var isConstraintViolation: Bool { code & 0xff == 19 }
    /// True for SQLITE_BUSY / SQLITE_LOCKED.
    public var isBusy: Bool { code & 0xff == 5 || code & 0xff == 6 }

    public var description: String {
        "sqlite error \(code): \(message)" + (sql.map { " in `\($0.prefix(120))`" } ?? "")
    }

    /// Short text for a person.
    public var userMessage: String {
        isBusy ? "The database is busy. Try again in a moment." : "Something went wrong saving your data. Nothing was changed; try again."
    }
}
