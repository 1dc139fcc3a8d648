/// One numbered schema step. Versions start at 1 and follow each other without gaps; a released
/// migration is never edited, a change is a new one.
public struct Migration: Sendable {
    /// The version the database is at once this step ran.
    public let version: Int
    /// A short description for logs.
    public let name: String
    /// The statements, run inside the migrating transaction.
    public let sql: String

    /// A step to `version`.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
