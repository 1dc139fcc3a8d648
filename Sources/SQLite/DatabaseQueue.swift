import Dispatch

/// Serializes all access to one connection on a dedicated queue, off Swift's cooperative pool.
public final class DatabaseQueue: Sendable {
    /// Confines the connection to `queue`; it is only ever touched from blocks on that queue.
    private final class Box: @unchecked Sendable {
        let connection: Connection
        init(_ connection: Connection) { self.connection = connection }
    }

    private let box: Box
    private let queue: DispatchQueue
    /// The path the database was opened from.
    public let path: String

    /// Opens the database at `path` with WAL, foreign keys and a busy timeout.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(SQLiteError) {
        let connection = try Connection(path: path)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        if path != ":memory:" { try connection.query("PRAGMA journal_mode=WAL") }
        try connection.execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")
        self.box = Box(connection)
        self.queue = DispatchQueue(label: "wardrobe.sqlite")
        self.path = path
    }

    /// Runs `body` on the database queue and returns its result.
    @discardableResult
    public func run<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [box] in
                continuation.resume(with: Result { try body(box.connection) })
            }
        }
    }

    /// Runs `body` inside one transaction on the database queue.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await run { connection in try connection.transaction(body) }
    }

    /// Synchronous access for start-up, migrations and command-line tools (never from async code).
    public func sync<T>(_ body: (Connection) throws -> T) throws -> T {
        try queue.sync { try body(box.connection) }
    }

    /// Checkpoints the WAL and closes the connection.
    public func close() {
        queue.sync {
            _ = try? box.connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
            box.connection.close()
        }
    }
}
