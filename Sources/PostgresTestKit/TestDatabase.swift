import Foundation
import Postgres
import Support

/// A fresh database on the private test cluster of `make test-postgres`, dropped when the test ends.
///
/// The cluster's conninfo comes from `WARDROBE_TEST_POSTGRES`; suites that need it are disabled
/// with `.enabled(if: TestDatabase.isConfigured, …skipMessage)` so plain `swift test`
/// shows them as skipped and `make test` runs them.
public struct TestDatabase: Sendable {
    /// The environment variable holding the cluster's conninfo.
    public static let environmentKey = "WARDROBE_TEST_POSTGRES"
    /// Why a PostgreSQL suite is skipped.
    public static let skipMessage = "WARDROBE_TEST_POSTGRES is not set; `make test-postgres` starts a private cluster and runs this suite"

    /// The cluster's conninfo, when the tests run against one.
    public static var clusterConninfo: String? {
        guard let value = ProcessInfo.processInfo.environment[environmentKey], !value.isEmpty else { return nil }
        return value
    }

    /// True when a cluster is configured.
    public static var isConfigured: Bool { clusterConninfo != nil }

    /// The database's name (`wardrobe_test_…`).
    public let name: String
    /// A conninfo for this database (a later `dbname` overrides the cluster's).
    public let conninfo: String
    private let clusterConninfo: String

    /// Creates an empty database, runs `body` with it and drops it, also when `body` throws.
    public static func with<T: Sendable>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        let database = try await create()
        do {
            let value = try await body(database)
            try await database.drop()
            return value
        } catch {
            try? await database.drop()
            throw error
        }
    }

    /// Creates an empty database with a unique name.
    public static func create() async throws -> TestDatabase {
        guard let cluster = clusterConninfo else { throw PostgresError(kind: .argument, message: "\(environmentKey) is not set") }
        let name = "wardrobe_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try await PostgresSession.connect(cluster)
        do {
            try await admin.execute("CREATE DATABASE \(name)")
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
        return TestDatabase(name: name, conninfo: cluster + " dbname=\(name)", clusterConninfo: cluster)
    }

    /// Opens a new session on this database.
    public func connect() async throws -> PostgresSession {
        try await PostgresSession.connect(conninfo)
    }

    /// Drops the database, ending any session still connected to it.
    public func drop() async throws {
        let admin = try await PostgresSession.connect(clusterConninfo)
        try await admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        await admin.close()
    }

    /// Ends the server process `processID` as a crash would end its connection.
    public func terminate(processID: Int32) async throws {
        let admin = try await connect()
        try await admin.query("SELECT pg_terminate_backend($1::int)", [.int(Int64(processID))])
        await admin.close()
    }
}

/// Thrown by `withDeadline` when the awaited event did not come in time.
public struct DeadlineExceeded: InternalError, CustomStringConvertible {
    /// What was awaited.
    public let what: String
    public var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with `DeadlineExceeded` if it has not finished after `seconds`. For waiting
/// on an event with a bound, never for waiting a fixed time.
public func withDeadline<T: Sendable>(
    seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded(what: what) }
        return value
    }
}
