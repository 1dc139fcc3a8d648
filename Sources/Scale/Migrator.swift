import Postgres

/// Brings a PostgreSQL database to the schema this binary knows, version by version.
///
/// All pending steps run in one transaction under a transaction-scoped advisory lock, so workers
/// starting together migrate once and the others wait, then find nothing to do; a failing step
/// leaves the database as it was (PostgreSQL's DDL is transactional).
public struct Migrator: Sendable {
    /// The steps, in version order.
    public let migrations: [Migration]
    /// Serializes migrating processes; the name is fixed so every version of wardrobe agrees.
    static let lockKey = AdvisoryLockKey(name: "wardrobe:schema-migration")

    /// A migrator over `migrations` (the shipped schema by default).
    public init(migrations: [Migration] = ScaleSchema.migrations) {
        precondition(migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version }, "migrations are numbered 1, 2, 3… without gaps")
        self.migrations = migrations
    }

    /// The newest version this binary knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The database's schema version (0 when it was never migrated).
    public func currentVersion(_ session: PostgresSession) async throws -> Int {
        try await session.run { connection in try Self.version(connection) }
    }

    /// Applies every step above the database's version, up to `target` (the latest by default),
    /// and returns the versions applied now.
    @discardableResult
    public func migrate(_ session: PostgresSession, upTo target: Int? = nil) async throws -> [Int] {
        let target = min(target ?? latestVersion, latestVersion)
        let migrations = migrations
        let known = latestVersion
        return try await session.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock($1::bigint)", [.int(Self.lockKey.value)])
            try connection.executeScript("""
                CREATE TABLE IF NOT EXISTS schema_version (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let current = try Self.version(connection)
            guard current <= known else { throw ScaleError.schemaTooNew(database: current, known: known) }
            var applied: [Int] = []
            for migration in migrations where migration.version > current && migration.version <= target {
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO schema_version (version, name) VALUES ($1, $2)", [.int(migration.version), .text(migration.name)])
                applied.append(migration.version)
            }
            return applied
        }
    }

    private static func version(_ connection: PostgresConnection) throws -> Int {
        let rows = try connection.query("SELECT to_regclass('schema_version') IS NOT NULL AS present")
        guard try rows.first?.bool("present") == true else { return 0 }
        let version = try connection.query("SELECT coalesce(max(version), 0)::bigint AS version FROM schema_version")
        return Int(try version.first?.int("version") ?? 0)
    }
}
