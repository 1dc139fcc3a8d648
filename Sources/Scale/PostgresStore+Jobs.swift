import Foundation
import JSON
import Postgres
import Storage

// Try-on jobs on PostgreSQL, shared by several workers (issue #16 §5). A claim writes this store's
// `worker` as the job's owner and a lease of `jobLeaseSeconds`; the owner renews it while the job
// runs (`renewJobLease`), and only the owner moves a running job on (retry, requeue, fail, done).
// A worker that dies stops renewing; once its lease has expired, another worker's `recoverJobs`
// queues the job again (or fails it after a second interruption), as SQLite does after a restart.
extension PostgresStore: JobStore {
    /// `JobStore.enqueueJob`: see there.
    public func enqueueJob(kind: String, userID: Int64, chatID: Int64?, payload: JSON, notBefore: Date?, now: Date) async throws -> JobRecord {
        let rows = try await session.query("""
            INSERT INTO user_job (kind, user_id, chat_id, state, payload, not_before, created_at, updated_at)
            VALUES ($1, $2, $3, 'queued', $4, to_timestamp($5::float8), to_timestamp($6::float8), to_timestamp($6::float8))
            RETURNING \(Self.jobColumns)
            """, [.text(kind), .int(userID), .optionalInt(chatID), .text(payload.serialized()), Timestamp.parameter(notBefore ?? now),
                  Timestamp.parameter(now)])
        guard let row = rows.first else { throw StorageError.notFound("the new job") }
        return try Self.job(from: row)
    }

    /// `JobStore.job`: see there.
    public func job(id: Int64) async throws -> JobRecord? {
        try await session.query("SELECT \(Self.jobColumns) FROM user_job WHERE id = $1", [.int(id)]).first.map(Self.job(from:))
    }

    /// `JobStore.claimJob`: see there. Claims of one kind take turns on a transaction-scoped advisory
    /// lock, so the running count and the per-user rule hold across every worker; the row itself is
    /// taken `FOR UPDATE SKIP LOCKED`, so a job being cancelled right now is passed over, not waited for.
    public func claimJob(kind: String, globalLimit: Int, now: Date) async throws -> JobRecord? {
        let owner = worker.text
        let expires = Timestamp.parameter(now.addingTimeInterval(jobLeaseSeconds))
        let lock = AdvisoryLockKey(name: "wardrobe:user_job:claim:\(kind)")
        return try await session.transaction { connection in
            try connection.query("SELECT pg_advisory_xact_lock($1::bigint)", [.int(lock.value)])
            let running = try connection.query(
                "SELECT count(*)::bigint AS n FROM user_job WHERE kind = $1 AND state = 'running'", [.text(kind)]).first?.int("n") ?? 0
            guard running < globalLimit else { return nil }
            guard let id = try connection.query("""
                SELECT id FROM user_job
                WHERE kind = $1 AND state = 'queued' AND not_before <= to_timestamp($2::float8)
                  AND user_id NOT IN (SELECT user_id FROM user_job WHERE kind = $1 AND state = 'running')
                ORDER BY not_before, id LIMIT 1
                FOR UPDATE SKIP LOCKED
                """, [.text(kind), Timestamp.parameter(now)]).first?.int("id")
            else { return nil }
            let rows = try connection.query("""
                UPDATE user_job SET state = 'running', attempts = attempts + 1, owner = $2, lease_expires_at = to_timestamp($3::float8),
                  updated_at = to_timestamp($4::float8)
                WHERE id = $1 RETURNING \(Self.jobColumns)
                """, [.int(id), .text(owner), expires, Timestamp.parameter(now)])
            return try rows.first.map(Self.job(from:))
        }
    }

    /// `JobStore.renewJobLease`: see there. Extends this worker's lease to `now + jobLeaseSeconds`.
    public func renewJobLease(id: Int64, now: Date) async throws -> Bool {
        try await session.execute(
            "UPDATE user_job SET lease_expires_at = to_timestamp($3::float8) WHERE id = $1 AND state = 'running' AND owner = $2",
            [.int(id), .text(worker.text), Timestamp.parameter(now.addingTimeInterval(jobLeaseSeconds))]) == 1
    }

    /// `JobStore.retryJob`: see there. False as well when another worker holds the job now.
    @discardableResult
    public func retryJob(id: Int64, notBefore: Date, error: String, now: Date) async throws -> Bool {
        try await session.execute("""
            UPDATE user_job SET state = 'queued', not_before = to_timestamp($3::float8), error = $4, owner = NULL, lease_expires_at = NULL,
              updated_at = to_timestamp($5::float8)
            WHERE id = $1 AND state = 'running' AND owner = $2
            """, [.int(id), .text(worker.text), Timestamp.parameter(notBefore), .text(error), Timestamp.parameter(now)]) == 1
    }

    /// `JobStore.requeueJob`: see there. False as well when another worker holds the job now.
    @discardableResult
    public func requeueJob(id: Int64, now: Date) async throws -> Bool {
        try await session.execute("""
            UPDATE user_job SET state = 'queued', attempts = greatest(attempts - 1, 0), owner = NULL, lease_expires_at = NULL,
              updated_at = to_timestamp($3::float8)
            WHERE id = $1 AND state = 'running' AND owner = $2
            """, [.int(id), .text(worker.text), Timestamp.parameter(now)]) == 1
    }

    /// `JobStore.failJob`: see there. A running job is failed only by the worker holding it.
    @discardableResult
    public func failJob(id: Int64, error: String, now: Date) async throws -> Bool {
        try await session.execute("""
            UPDATE user_job SET state = 'failed', error = $3, owner = NULL, lease_expires_at = NULL, updated_at = to_timestamp($4::float8)
            WHERE id = $1 AND (state = 'queued' OR (state = 'running' AND owner = $2))
            """, [.int(id), .text(worker.text), .text(error), Timestamp.parameter(now)]) == 1
    }

    /// `JobStore.cancelJob`: see there. Any worker cancels (the Cancel button arrives anywhere); the
    /// worker running it learns from `renewJobLease` or `saveLooks`.
    @discardableResult
    public func cancelJob(id: Int64, now: Date) async throws -> JobRecord? {
        try await session.transaction { connection in
            guard let row = try connection.query("SELECT \(Self.jobColumns) FROM user_job WHERE id = $1 FOR UPDATE", [.int(id)]).first else {
                return nil
            }
            let job = try Self.job(from: row)
            guard !job.state.isFinal else { return nil }
            try connection.execute(
                "UPDATE user_job SET state = 'cancelled', lease_expires_at = NULL, updated_at = to_timestamp($2::float8) WHERE id = $1",
                [.int(id), Timestamp.parameter(now)])
            return job
        }
    }

    /// `JobStore.claimDelivery`: see there. The conditional update is settled on the row: a second
    /// worker's update waits for the first to commit, then finds `delivered` set and changes nothing.
    public func claimDelivery(jobID: Int64, now: Date) async throws -> Bool {
        try await session.execute(
            "UPDATE user_job SET delivered = true, updated_at = to_timestamp($2::float8) WHERE id = $1 AND state = 'done' AND NOT delivered",
            [.int(jobID), Timestamp.parameter(now)]) == 1
    }

    /// `JobStore.recoverJobs`: see there. Only jobs whose lease expired by `now` are taken back; a
    /// live worker's running job is left alone. Call it at start and then every lease length, so a
    /// dead worker's jobs come back while the others keep running.
    public func recoverJobs(kind: String, failure: String, now: Date) async throws -> JobRecovery {
        let nowParameter = Timestamp.parameter(now)
        return try await session.transaction { connection in
            var recovery = JobRecovery()
            let stranded = try connection.query("""
                SELECT \(Self.jobColumns) FROM user_job
                WHERE kind = $1 AND state = 'running' AND (lease_expires_at IS NULL OR lease_expires_at <= to_timestamp($2::float8))
                ORDER BY id FOR UPDATE SKIP LOCKED
                """, [.text(kind), nowParameter]).map(Self.job(from:))
            for job in stranded {
                let restarts = Int(job.payload["restarts"]?.int ?? 0)
                if restarts == 0 {
                    let rows = try connection.query("""
                        UPDATE user_job SET state = 'queued', payload = $2, not_before = to_timestamp($3::float8), owner = NULL,
                          lease_expires_at = NULL, updated_at = to_timestamp($3::float8)
                        WHERE id = $1 RETURNING \(Self.jobColumns)
                        """, [.int(job.id), .text(job.payload.setting("restarts", .int(Int64(restarts + 1))).serialized()), nowParameter])
                    recovery.requeued += try rows.map(Self.job(from:))
                } else {
                    let rows = try connection.query("""
                        UPDATE user_job SET state = 'failed', error = $2, owner = NULL, lease_expires_at = NULL, updated_at = to_timestamp($3::float8)
                        WHERE id = $1 RETURNING \(Self.jobColumns)
                        """, [.int(job.id), .text(failure), nowParameter])
                    // Set aside as a poison job, as on SQLite, so `wardrobe doctor` lists it with the updates and events.
                    try connection.execute("""
                        INSERT INTO attempt (kind, item_id, chat_key, count, state, detail, first_at, last_at)
                        VALUES ($1, $2, '', $3, 'set_aside', $4, to_timestamp($5::float8), to_timestamp($6::float8))
                        ON CONFLICT (kind, item_id) DO UPDATE SET count = EXCLUDED.count, state = 'set_aside', detail = EXCLUDED.detail,
                          last_at = EXCLUDED.last_at
                        """, [.text("\(kind).job"), .text(String(job.id)), .int(restarts + 1),
                              .text("job of user \(job.userID) was running during \(restarts + 1) crashes"),
                              Timestamp.parameter(job.createdAt), nowParameter])
                    recovery.failed += try rows.map(Self.job(from:))
                }
            }
            recovery.undelivered = try connection.query(
                "SELECT \(Self.jobColumns) FROM user_job WHERE kind = $1 AND state = 'done' AND NOT delivered ORDER BY id", [.text(kind)]
            ).map(Self.job(from:))
            return recovery
        }
    }

    /// `JobStore.nextJobDate`: see there.
    public func nextJobDate(kind: String) async throws -> Date? {
        let rows = try await session.query(
            "SELECT extract(epoch FROM min(not_before))::float8 AS t FROM user_job WHERE kind = $1 AND state = 'queued'", [.text(kind)])
        guard let row = rows.first, try !row.isNull("t") else { return nil }
        return try Timestamp.date(row, "t")
    }

    /// `JobStore.jobs`: see there.
    public func jobs(userID: Int64, kind: String, since: Date) async throws -> [JobRecord] {
        try await session.query(
            "SELECT \(Self.jobColumns) FROM user_job WHERE user_id = $1 AND kind = $2 AND created_at >= to_timestamp($3::float8) ORDER BY id",
            [.int(userID), .text(kind), Timestamp.parameter(since)]
        ).map(Self.job(from:))
    }

    /// `JobStore.activeJobs`: see there.
    public func activeJobs(userID: Int64, kind: String) async throws -> [JobRecord] {
        try await session.query(
            "SELECT \(Self.jobColumns) FROM user_job WHERE user_id = $1 AND kind = $2 AND state IN ('queued', 'running') ORDER BY id",
            [.int(userID), .text(kind)]
        ).map(Self.job(from:))
    }

    /// `JobStore.pruneJobs`: see there. One statement; workers pruning at once delete each row once.
    public func pruneJobs(finishedBefore cutoff: Date) async throws -> Int {
        try await session.execute("""
            DELETE FROM user_job WHERE updated_at < to_timestamp($1::float8)
              AND (state IN ('failed', 'cancelled') OR (state = 'done' AND delivered))
            """, [Timestamp.parameter(cutoff)])
    }

    static let jobColumns = """
        id, kind, user_id, chat_id, state, payload, result, error, attempts, extract(epoch FROM not_before)::float8 AS not_before,
        extract(epoch FROM created_at)::float8 AS created_at, extract(epoch FROM updated_at)::float8 AS updated_at, delivered
        """

    static func job(from row: PostgresRow) throws -> JobRecord {
        let stateText = try row.string("state")
        guard let state = JobState(rawValue: stateText) else { throw StorageError.corrupt("job row has state \(stateText)") }
        return JobRecord(
            id: try row.int("id"), kind: try row.string("kind"), userID: try row.int("user_id"), chatID: try row.optionalInt("chat_id"),
            state: state, payload: try JSON.parse(try row.string("payload")), result: try row.optionalString("result").map { try JSON.parse($0) },
            error: try row.optionalString("error"), attempts: Int(try row.int("attempts")), notBefore: try Timestamp.date(row, "not_before"),
            createdAt: try Timestamp.date(row, "created_at"), updatedAt: try Timestamp.date(row, "updated_at"), delivered: try row.bool("delivered"))
    }
}

extension PostgresValue {
    /// An id that may be absent: the integer, or null.
    static func optionalInt(_ value: Int64?) -> PostgresValue { value.map { .int($0) } ?? .null }
}
