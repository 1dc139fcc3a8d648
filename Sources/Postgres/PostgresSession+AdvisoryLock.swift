extension PostgresSession {
    /// Takes the session-level advisory lock `key` if no other session holds it; never waits.
    /// The lock lasts until `advisoryUnlock` or the end of this session.
    public func tryAdvisoryLock(_ key: AdvisoryLockKey) async throws -> Bool {
        let rows = try await query("SELECT pg_try_advisory_lock($1::bigint) AS locked", [.int(key.value)])
        guard let row = rows.first else { throw PostgresError(kind: .column, message: "pg_try_advisory_lock returned no row") }
        return try row.bool("locked")
    }

    /// Releases one hold of `key` by this session; false when it did not hold it.
    @discardableResult
    public func advisoryUnlock(_ key: AdvisoryLockKey) async throws -> Bool {
        let rows = try await query("SELECT pg_advisory_unlock($1::bigint) AS released", [.int(key.value)])
        guard let row = rows.first else { throw PostgresError(kind: .column, message: "pg_advisory_unlock returned no row") }
        return try row.bool("released")
    }

    /// The server process holding the advisory lock `key` in this database, if any session does.
    public func advisoryLockHolder(_ key: AdvisoryLockKey) async throws -> Int32? {
        let halves = key.lockTableHalves
        let rows = try await query("""
            SELECT pid FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND objsubid = 1
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND classid = $1::bigint::oid AND objid = $2::bigint::oid
            """, [.int(halves.classID), .int(halves.objectID)])
        return try rows.first.map { Int32(clamping: try $0.int("pid")) }
    }
}
