internal import CSQLite

extension Connection {
    /// Writes a consistent copy of the whole database to a new file at `path` (`VACUUM INTO`).
    ///
    /// It reads inside one read transaction, so in WAL mode writers on other connections keep committing
    /// while it runs and none of their half-done work reaches the copy. The file must not exist yet.
    public func snapshot(into path: String) throws(SQLiteError) {
        try query("VACUUM INTO ?", [path])
    }
}

/// Facts about the linked SQLite library.
public enum SQLiteLibrary {
    /// The library's version, e.g. "3.40.1".
    public static var version: String { String(cString: sqlite3_libversion()) }
}
