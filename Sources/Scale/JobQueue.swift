import Foundation
import Postgres
import Support

/// Durable jobs shared by every worker: claimed with `FOR UPDATE SKIP LOCKED`, leased with a
/// heartbeat, retried on another worker when a lease expires, set aside after `maxAttempts`
/// claims, and delivered once through a unique delivery marker.
public struct JobQueue: Sendable {
    /// The session this queue talks through (one per worker).
    public let session: PostgresSession
    /// Lease length and attempts, as for the inbox.
    public let configuration: InboxConfiguration
    /// The time source for due times and leases.
    public let clock: any WallClock

    /// A queue over `session`, reading time from `clock`.
    public init(session: PostgresSession, configuration: InboxConfiguration = InboxConfiguration(), clock: any WallClock) {
        self.session = session
        self.configuration = configuration
        self.clock = clock
    }

    /// Queues `request` to run from `availableAt` (now by default). Returns its id, or nil when a
    /// job with the same dedupe key is already queued or was run.
    @discardableResult
    public func enqueue(_ request: JobRequest, availableAt: Date? = nil) async throws -> Int64? {
        let now = clock.now()
        let rows = try await session.query("""
            INSERT INTO job (kind, chat_key, payload, dedupe_key, available_at, created_at)
            VALUES ($1, $2, $3::jsonb, $4, to_timestamp($5::float8), to_timestamp($6::float8))
            ON CONFLICT (dedupe_key) DO NOTHING
            RETURNING id
            """, [.text(request.kind), .text(request.chatKey), .text(request.payload), .text(request.dedupeKey),
                  Timestamp.parameter(availableAt ?? now), Timestamp.parameter(now)])
        return try rows.first?.int("id")
    }

    /// Claims the oldest due job of `kind`: a queued one, or a running one whose lease expired (its
    /// worker died). Nil when none is due.
    public func claimNext(kind: String, owner: WorkerID) async throws -> JobClaim? {
        let now = clock.now()
        let nowParameter = Timestamp.parameter(now)
        let expires = Timestamp.parameter(now.addingTimeInterval(configuration.leaseSeconds))
        let maxAttempts = configuration.maxAttempts
        return try await session.transaction { connection in
            let rows = try connection.query("""
                SELECT id, kind, chat_key, payload::text AS payload, attempts FROM job
                WHERE kind = $1
                  AND ((state = 'queued' AND available_at <= to_timestamp($2::float8))
                    OR (state = 'running' AND lease_expires_at <= to_timestamp($2::float8)))
                ORDER BY available_at, id
                LIMIT 1
                FOR UPDATE SKIP LOCKED
                """, [.text(kind), nowParameter])
            guard let row = rows.first else { return nil }
            let id = try row.int("id")
            let previousAttempts = Int(try row.int("attempts"))
            if previousAttempts >= maxAttempts {
                try connection.execute("""
                    UPDATE job SET state = 'set_aside', owner = NULL, lease_expires_at = NULL, finished_at = to_timestamp($2::float8)
                    WHERE id = $1
                    """, [.int(id), nowParameter])
                return .setAside(try Self.job(row, attempt: previousAttempts))
            }
            try connection.execute("""
                UPDATE job SET state = 'running', owner = $2, lease_expires_at = to_timestamp($3::float8), attempts = attempts + 1
                WHERE id = $1
                """, [.int(id), .text(owner.text), expires])
            return .run(try Self.job(row, attempt: previousAttempts + 1))
        }
    }

    /// Extends `owner`'s lease on `job`; false when it expired and another worker claimed the job.
    public func renewLease(_ job: LeasedJob, owner: WorkerID) async throws -> Bool {
        let expires = clock.now().addingTimeInterval(configuration.leaseSeconds)
        return try await session.execute(
            "UPDATE job SET lease_expires_at = to_timestamp($3::float8) WHERE id = $1 AND owner = $2 AND state = 'running'",
            [.int(job.id), .text(owner.text), Timestamp.parameter(expires)]) == 1
    }

    /// Runs `body` while renewing the job's lease; see `LeaseHeartbeat`.
    public func withLease<T: Sendable>(_ job: LeasedJob, owner: WorkerID, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let heartbeat = LeaseHeartbeat(intervalSeconds: configuration.heartbeatSeconds, clock: clock)
        return try await heartbeat.run(what: "job \(job.id)", renew: { try await renewLease(job, owner: owner) }, body)
    }

    /// Finishes `job` and delivers its result once: the delivery marker is inserted first, and only
    /// when this call inserted it does `deliver` run, in the same transaction (write the reply to
    /// the outbox there). Returns false when the result was already delivered, by this or another
    /// worker that ran the same job after a lease expired; then `deliver` did not run.
    @discardableResult
    public func finish(
        _ job: LeasedJob, owner: WorkerID, deliver: @escaping @Sendable (PostgresConnection) throws -> Void
    ) async throws -> Bool {
        let now = Timestamp.parameter(clock.now())
        return try await session.transaction { connection in
            let marked = try connection.execute("""
                INSERT INTO job_delivery (job_id, owner, delivered_at) VALUES ($1, $2, to_timestamp($3::float8))
                ON CONFLICT (job_id) DO NOTHING
                """, [.int(job.id), .text(owner.text), now])
            if marked == 1 { try deliver(connection) }
            try connection.execute("""
                UPDATE job SET state = 'done', owner = NULL, lease_expires_at = NULL, finished_at = to_timestamp($2::float8)
                WHERE id = $1 AND state <> 'done'
                """, [.int(job.id), now])
            return marked == 1
        }
    }

    /// Puts `job` back in the queue to run again at `at` (a transient failure: rate limit, timeout).
    /// False when `owner` no longer holds it.
    @discardableResult
    public func retry(_ job: LeasedJob, owner: WorkerID, at: Date) async throws -> Bool {
        try await session.execute("""
            UPDATE job SET state = 'queued', owner = NULL, lease_expires_at = NULL, available_at = to_timestamp($3::float8)
            WHERE id = $1 AND owner = $2 AND state = 'running'
            """, [.int(job.id), .text(owner.text), Timestamp.parameter(at)]) == 1
    }

    /// Job counts by state for `kind`, for health checks and metrics.
    public func counts(kind: String) async throws -> [String: Int] {
        let rows = try await session.query("SELECT state, count(*)::bigint AS n FROM job WHERE kind = $1 GROUP BY state", [.text(kind)])
        var counts: [String: Int] = [:]
        for row in rows { counts[try row.string("state")] = Int(try row.int("n")) }
        return counts
    }

    private static func job(_ row: PostgresRow, attempt: Int) throws -> LeasedJob {
        LeasedJob(
            id: try row.int("id"), kind: try row.string("kind"), chatKey: try row.string("chat_key"),
            payload: try row.string("payload"), attempt: attempt)
    }
}
