import Dispatch

/// One PostgreSQL session on its own serial queue, so libpq's blocking calls never run on Swift's
/// cooperative pool. Calls are served in order; session state (advisory locks, LISTEN) belongs to
/// this one server session and ends with it.
public final class PostgresSession: Sendable {
    /// Confines the connection to `queue`; it is only ever touched from blocks on that queue.
    private final class Box: @unchecked Sendable {
        let connection: PostgresConnection
        init(_ connection: PostgresConnection) { self.connection = connection }
    }

    private let box: Box
    private let queue: DispatchQueue
    /// Whether a lost connection is opened again for the next call (see `connect`).
    private let reconnecting: Bool
    /// The server process serving this session, for `pg_terminate_backend` and `pg_locks`.
    public let processID: Int32

    private init(box: Box, queue: DispatchQueue, reconnecting: Bool) {
        self.box = box
        self.queue = queue
        self.reconnecting = reconnecting
        self.processID = box.connection.backendProcessID
    }

    /// Opens a session with a libpq conninfo string; the connect itself runs on the session's queue.
    ///
    /// With `reconnecting`, a call that finds the connection lost (the server restarted) fails as
    /// before, and the session connects again for the next call, so a worker recovers once the
    /// server is back. Never for a session whose state matters, such as an advisory lock: a new
    /// connection would not hold it.
    public static func connect(_ conninfo: String, label: String = "wardrobe.postgres", reconnecting: Bool = false) async throws -> PostgresSession {
        let queue = DispatchQueue(label: label)
        let box: Box = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result<Box, any Error> { Box(try PostgresConnection(conninfo: conninfo)) })
            }
        }
        return PostgresSession(box: box, queue: queue, reconnecting: reconnecting)
    }

    /// Runs `body` with the connection on the session's queue and returns its result.
    @discardableResult
    public func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [box, reconnecting] in
                if reconnecting, !box.connection.isOpen { box.connection.reset() }
                let result = Result<T, any Error> { try body(box.connection) }
                // The failed call's outcome is unknown to the caller, so it is not repeated here; the next call gets a fresh connection.
                if reconnecting, case .failure(let error as PostgresError) = result, error.isConnectionLost { box.connection.reset() }
                continuation.resume(with: result)
            }
        }
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> [PostgresRow] {
        try await run { try $0.query(sql, parameters) }
    }

    /// Runs one statement and returns how many rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> Int {
        try await run { try $0.execute(sql, parameters) }
    }

    /// Runs `body` in a transaction on the session's queue: all of its changes or none.
    @discardableResult
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        try await run { try $0.transaction(body) }
    }

    /// True when the server answers on this session; false once it was closed, terminated or lost.
    public func isAlive() async -> Bool {
        (try? await query("SELECT 1")) != nil
    }

    /// Ends the session after the calls already queued.
    public func close() async {
        await withCheckedContinuation { continuation in
            queue.async { [box] in
                box.connection.close()
                continuation.resume()
            }
        }
    }
}
