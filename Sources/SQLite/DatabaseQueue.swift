import Dispatch
import Synchronization

/// Serializes all access to one connection on a dedicated queue, off Swift's cooperative pool.
///
/// Writes that are waiting together commit together (group commit): each runs in its own savepoint
/// inside one transaction, so a failing write rolls back only its own changes, and every caller
/// returns only once its changes are committed. A busy bot writes far fewer WAL pages and takes far
/// fewer file locks this way than with one transaction per write.
public final class DatabaseQueue: Sendable {
    /// Confines the connection to `queue`; it is only ever touched from blocks on that queue.
    private final class Box: @unchecked Sendable {
        let connection: Connection
        init(_ connection: Connection) { self.connection = connection }
    }

    /// Writes waiting for the next group, and whether a drain is already queued.
    private struct Pending {
        var writes: [any GroupedWrite] = []
        var drainQueued = false
    }

    private let box: Box
    private let queue: DispatchQueue
    private let pending = Mutex(Pending())
    /// The path the database was opened from.
    public let path: String
    /// WAL pages between automatic checkpoints.
    static let checkpointPages = 8000

    /// Opens the database at `path` with WAL, foreign keys and a busy timeout.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(SQLiteError) {
        let connection = try Connection(path: path)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        if path != ":memory:" { try connection.query("PRAGMA journal_mode=WAL") }
        try connection.execute("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;")
        // A busy bot rewrites the same few pages (the outbox's tail, the cursor) in every commit; a checkpoint
        // copies each page once however often the WAL holds it, so checkpointing every 8,000 pages instead of
        // SQLite's 1,000 copies and syncs far less. The WAL then grows to about 32 MB, and is cut back to that
        // size after a checkpoint if a long reader made it grow further.
        try connection.execute("PRAGMA wal_autocheckpoint=\(DatabaseQueue.checkpointPages); PRAGMA journal_size_limit=\(DatabaseQueue.checkpointPages * 4096);")
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

    /// Runs `body` in a transaction on the database queue: all of its changes or none. It may share
    /// the commit with other writes waiting at the same time; it returns once that commit is done.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let queueDrain = pending.withLock { pending in
                pending.writes.append(Write(body: body, continuation: continuation))
                defer { pending.drainQueued = true }
                return !pending.drainQueued
            }
            if queueDrain { queue.async { [self] in drainWrites() } }
        }
    }

    /// Synchronous access for start-up, migrations and command-line tools (never from async code).
    public func sync<T>(_ body: (Connection) throws -> T) throws -> T {
        try queue.sync { try body(box.connection) }
    }

    /// Writes waiting for the next group commit.
    var waitingWrites: Int { pending.withLock { $0.writes.count } }

    /// Checkpoints the WAL and closes the connection.
    public func close() {
        queue.sync {
            _ = try? box.connection.query("PRAGMA wal_checkpoint(TRUNCATE)")
            box.connection.close()
        }
    }

    /// Runs every waiting write in one transaction, each in its own savepoint, then answers them all.
    private func drainWrites() {
        let group = pending.withLock { pending in
            defer { pending = Pending() }
            return pending.writes
        }
        let connection = box.connection
        var commitError: (any Error)?
        do {
            // A write's own `transaction` nests as a savepoint inside this one.
            try connection.transaction { connection in
                for write in group {
                    // After an error that rolled the whole transaction back, later writes would commit
                    // on their own while being reported as failed: they are not run at all.
                    guard connection.isInTransaction else { throw SQLiteError(code: 1, message: "the transaction was rolled back") }
                    write.run(connection)
                }
            }
        } catch {
            commitError = error
        }
        for write in group { write.finish(commitError: commitError) }
    }
}

/// One waiting write, its type erased so writes of different results can share a group.
private protocol GroupedWrite: Sendable {
    /// Runs the body in a savepoint of the group's transaction, keeping its result.
    func run(_ connection: Connection)
    /// Answers the caller: the kept result, or the group's commit failure.
    func finish(commitError: (any Error)?)
}

private final class Write<T: Sendable>: GroupedWrite, @unchecked Sendable {
    // @unchecked: `result` is set and read only on the database queue, between `run` and `finish`.
    private let body: @Sendable (Connection) throws -> T
    private let continuation: CheckedContinuation<T, any Error>
    private var result: Result<T, any Error>?

    init(body: @escaping @Sendable (Connection) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func run(_ connection: Connection) {
        result = Result { try connection.transaction(body) }
    }

    func finish(commitError: (any Error)?) {
        switch (result, commitError) {
        case (.failure(let error)?, _): continuation.resume(throwing: error)
        case (_, let error?): continuation.resume(throwing: error)
        case (.success(let value)?, nil): continuation.resume(returning: value)
        case (nil, nil): continuation.resume(throwing: SQLiteError(code: 1, message: "write was not run"))
        }
    }
}
