import Foundation
import JSON
import SQLite

/// The durable job queue: rows in `jobs`, claimed by a worker one at a time.
///
/// Every state change is a conditional `UPDATE … WHERE state = …`, so a job that was cancelled
/// or recovered meanwhile is never moved on by a stale worker.
extension Store {
    /// Adds a queued job and returns it.
    public func enqueueJob(
        kind: String, userID: Int64, chatID: Int64?, payload: JSON, notBefore: Date?, now: Date
    ) async throws -> JobRecord {
        try await database.write { db in
            try db.query(
                """
                INSERT INTO jobs (kind, user_id, chat_id, state, payload, not_before, created_at, updated_at)
                VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)
                """,
                [kind, userID, chatID, payload.serialized(), Store.timestamp(notBefore ?? now), Store.timestamp(now), Store.timestamp(now)])
            return try Store.job(db, id: db.lastInsertRowID)!
        }
    }

    /// The job with this id, if any.
    public func job(id: Int64) async throws -> JobRecord? {
        try await database.run { db in try Store.job(db, id: id) }
    }

    /// Claims the oldest runnable job of `kind` and marks it running, or returns nil.
    ///
    /// Runnable: queued, `not_before` has passed, and its user has no job of this kind running.
    /// Nothing is claimed while `globalLimit` jobs of this kind are running.
    public func claimJob(kind: String, globalLimit: Int, now: Date) async throws -> JobRecord? {
        try await database.write { db in
            let running = try db.first("SELECT count(*) AS n FROM jobs WHERE kind = ? AND state = 'running'", [kind])?.int("n") ?? 0
            guard running < globalLimit else { return nil }
            guard let row = try db.first(
                """
                SELECT id FROM jobs
                WHERE kind = ? AND state = 'queued' AND not_before <= ?
                  AND user_id NOT IN (SELECT user_id FROM jobs WHERE kind = ? AND state = 'running')
                ORDER BY not_before, id LIMIT 1
                """, [kind, Store.timestamp(now), kind]), let id = row.int("id")
            else { return nil }
            try db.query(
                "UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?", [Store.timestamp(now), id])
            return try Store.job(db, id: id)
        }
    }

    /// Puts a running job back in the queue to retry at `notBefore`; false when it is no longer running.
    @discardableResult
    public func retryJob(id: Int64, notBefore: Date, error: String, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE jobs SET state = 'queued', not_before = ?, error = ?, updated_at = ? WHERE id = ? AND state = 'running'",
                [Store.timestamp(notBefore), error, Store.timestamp(now), id])
            return db.changes == 1
        }
    }

    /// Returns a running job to the queue without counting the attempt (shutdown before it finished).
    @discardableResult
    public func requeueJob(id: Int64, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE jobs SET state = 'queued', attempts = max(attempts - 1, 0), updated_at = ? WHERE id = ? AND state = 'running'",
                [Store.timestamp(now), id])
            return db.changes == 1
        }
    }

    /// Fails a job that is not final yet; false when it already was.
    @discardableResult
    public func failJob(id: Int64, error: String, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE jobs SET state = 'failed', error = ?, updated_at = ? WHERE id = ? AND state IN ('queued', 'running')",
                [error, Store.timestamp(now), id])
            return db.changes == 1
        }
    }

    /// Cancels a queued or running job; returns the job as it was before, or nil when it was already final.
    @discardableResult
    public func cancelJob(id: Int64, now: Date) async throws -> JobRecord? {
        try await database.write { db in
            guard let job = try Store.job(db, id: id), !job.state.isFinal else { return nil }
            try db.query("UPDATE jobs SET state = 'cancelled', updated_at = ? WHERE id = ?", [Store.timestamp(now), id])
            return job
        }
    }

    /// Marks a finished job's result as handed over. True exactly once per job: the caller that gets true delivers.
    public func claimDelivery(jobID: Int64, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.query(
                "UPDATE jobs SET delivered = 1, updated_at = ? WHERE id = ? AND state = 'done' AND delivered = 0",
                [Store.timestamp(now), jobID])
            return db.changes == 1
        }
    }

    /// Start-up recovery for `kind`: a job left `running` by a crash is queued again once (counted in
    /// its payload's `restarts`); a second time it fails with `failure`. Also lists finished, undelivered jobs.
    public func recoverJobs(kind: String, failure: String, now: Date) async throws -> JobRecovery {
        try await database.write { db in
            var recovery = JobRecovery()
            for row in try db.query("SELECT * FROM jobs WHERE kind = ? AND state = 'running' ORDER BY id", [kind]) {
                var job = Store.job(from: row)
                let restarts = Int(job.payload["restarts"]?.int ?? 0)
                if restarts == 0 {
                    job.payload = job.payload.setting("restarts", .int(Int64(restarts + 1)))
                    try db.query(
                        "UPDATE jobs SET state = 'queued', payload = ?, not_before = ?, updated_at = ? WHERE id = ?",
                        [job.payload.serialized(), Store.timestamp(now), Store.timestamp(now), job.id])
                    job.state = .queued
                    recovery.requeued.append(job)
                } else {
                    try db.query(
                        "UPDATE jobs SET state = 'failed', error = ?, updated_at = ? WHERE id = ?", [failure, Store.timestamp(now), job.id])
                    // Set aside as a poison job, so `wardrobe doctor` lists it with the updates and events.
                    try db.query(
                        """
                        INSERT OR REPLACE INTO attempts (kind, item_id, chat_key, count, state, detail, first_at, last_at)
                        VALUES (?, ?, '', ?, 'set_aside', ?, ?, ?)
                        """,
                        ["\(kind).job", String(job.id), restarts + 1, "job of user \(job.userID) was running during \(restarts + 1) crashes",
                         Store.timestamp(job.createdAt), Store.timestamp(now)])
                    job.state = .failed
                    job.error = failure
                    recovery.failed.append(job)
                }
            }
            recovery.undelivered = try db.query(
                "SELECT * FROM jobs WHERE kind = ? AND state = 'done' AND delivered = 0 ORDER BY id", [kind]
            ).map(Store.job(from:))
            return recovery
        }
    }

    /// The earliest `not_before` of a queued job of `kind`, to know when to look again.
    public func nextJobDate(kind: String) async throws -> Date? {
        try await database.run { db in
            try db.first("SELECT min(not_before) AS t FROM jobs WHERE kind = ? AND state = 'queued'", [kind])?
                .double("t").map { Date(timeIntervalSince1970: $0) }
        }
    }

    /// A user's jobs of `kind` created at or after `since`, oldest first (for quotas).
    public func jobs(userID: Int64, kind: String, since: Date) async throws -> [JobRecord] {
        try await database.run { db in
            try db.query(
                "SELECT * FROM jobs WHERE user_id = ? AND kind = ? AND created_at >= ? ORDER BY id",
                [userID, kind, Store.timestamp(since)]).map(Store.job(from:))
        }
    }

    /// Deletes jobs that ended before `cutoff`: failed, cancelled, or done and delivered. A done job whose
    /// result was not delivered yet stays for start-up recovery to deliver.
    public func pruneJobs(finishedBefore cutoff: Date) async throws -> Int {
        try await database.write { db in
            try db.query(
                "DELETE FROM jobs WHERE updated_at < ? AND (state IN ('failed', 'cancelled') OR (state = 'done' AND delivered = 1))",
                [Store.timestamp(cutoff)])
            return db.changes
        }
    }

    /// A user's queued and running jobs of `kind`, oldest first.
    public func activeJobs(userID: Int64, kind: String) async throws -> [JobRecord] {
        try await database.run { db in
            try db.query(
                "SELECT * FROM jobs WHERE user_id = ? AND kind = ? AND state IN ('queued', 'running') ORDER BY id",
                [userID, kind]).map(Store.job(from:))
        }
    }

    static func job(_ db: Connection, id: Int64) throws -> JobRecord? {
        try db.first("SELECT * FROM jobs WHERE id = ?", [id]).map(Store.job(from:))
    }

    static func job(from row: Row) -> JobRecord {
        JobRecord(
            id: row.int("id") ?? 0, kind: row.string("kind") ?? "", userID: row.int("user_id") ?? 0, chatID: row.int("chat_id"),
            state: JobState(rawValue: row.string("state") ?? "") ?? .failed,
            payload: (try? JSON.parse(row.string("payload") ?? "{}")) ?? [:],
            result: row.string("result").flatMap { try? JSON.parse($0) }, error: row.string("error"),
            attempts: Int(row.int("attempts") ?? 0), notBefore: Date(timeIntervalSince1970: row.double("not_before") ?? 0),
            createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0),
            updatedAt: Date(timeIntervalSince1970: row.double("updated_at") ?? 0), delivered: row.bool("delivered"))
    }
}
