import Foundation
import JSON
import Postgres
import Storage

// Looks on PostgreSQL, as `Storage.Store` keeps them on SQLite: numbered per user from a counter
// (`look_number`) that never goes down, so a deleted look's number is never given out again.
extension PostgresStore: LookStore {
    /// `LookStore.saveLooks`: see there. Only the worker holding the job (its claimer, lease not
    /// taken over) saves; otherwise nothing is written and the answer is nil.
    public func saveLooks(_ looks: [LookRecord], finishingJob jobID: Int64, result: JSON, now: Date) async throws -> [LookRecord]? {
        let owner = worker.text
        return try await session.transaction { connection in
            // The row lock makes a cancel or a recovery on another worker wait for this commit, or this wait for theirs.
            guard let job = try connection.query("SELECT state, owner FROM user_job WHERE id = $1 FOR UPDATE", [.int(jobID)]).first,
                try job.string("state") == JobState.running.rawValue, try job.optionalString("owner") == owner
            else { return nil }
            let saved = try looks.map { try Self.insertLook($0, connection) }
            let numbers = JSON.array(saved.map { .int(Int64($0.number)) })
            try connection.execute("""
                UPDATE user_job SET state = 'done', result = $2, error = NULL, owner = NULL, lease_expires_at = NULL,
                  updated_at = to_timestamp($3::float8)
                WHERE id = $1
                """, [.int(jobID), .text(result.setting("looks", numbers).serialized()), Timestamp.parameter(now)])
            return saved
        }
    }

    /// `LookStore.addLook`: see there.
    public func addLook(_ look: LookRecord) async throws -> LookRecord {
        try await session.transaction { connection in try Self.insertLook(look, connection) }
    }

    /// `LookStore.look`: see there.
    public func look(userID: Int64, number: Int) async throws -> LookRecord? {
        try await session.query("SELECT \(Self.lookColumns) FROM look WHERE user_id = $1 AND number = $2", [.int(userID), .int(number)])
            .first.map(Self.look(from:))
    }

    /// `LookStore.looks`: see there. A negative limit or offset counts as zero.
    public func looks(userID: Int64, limit: Int, offset: Int) async throws -> [LookRecord] {
        try await session.query(
            "SELECT \(Self.lookColumns) FROM look WHERE user_id = $1 ORDER BY number DESC LIMIT $2 OFFSET $3",
            [.int(userID), .int(max(limit, 0)), .int(max(offset, 0))]
        ).map(Self.look(from:))
    }

    /// `LookStore.lookCount`: see there.
    public func lookCount(userID: Int64) async throws -> Int {
        let rows = try await session.query("SELECT count(*)::bigint AS n FROM look WHERE user_id = $1", [.int(userID)])
        return Int(try rows.first?.int("n") ?? 0)
    }

    /// `LookStore.lastVariation`: see there.
    public func lastVariation(userID: Int64, batchID: String) async throws -> Int {
        let rows = try await session.query(
            "SELECT coalesce(max(variation), 0)::bigint AS v FROM look WHERE user_id = $1 AND batch_id = $2", [.int(userID), .text(batchID)])
        return Int(try rows.first?.int("v") ?? 0)
    }

    /// `LookStore.setFavourite`: see there.
    @discardableResult
    public func setFavourite(_ favourite: Bool, userID: Int64, number: Int) async throws -> Bool {
        try await session.execute(
            "UPDATE look SET favourite = $1 WHERE user_id = $2 AND number = $3", [.bool(favourite), .int(userID), .int(number)]) == 1
    }

    /// `LookStore.deleteLook`: see there. As on SQLite, one transaction deletes the look, then the user's
    /// image rows of its pictures that nothing else of theirs names (another look, a piece's photo, a
    /// try-on slot in a chat state, an unfinished job), then the blobs no user points at any more.
    public func deleteLook(userID: Int64, number: Int) async throws -> LookRecord? {
        try await session.transaction { connection in
            guard let look = try connection.query(
                "DELETE FROM look WHERE user_id = $1 AND number = $2 RETURNING \(Self.lookColumns)", [.int(userID), .int(number)]
            ).first.map(Self.look(from:)) else { return nil }
            var unused: [String] = []
            for sha in Set([look.personSHA256, look.garmentSHA256, look.resultSHA256]) where try !Self.imageInUse(sha, userID: userID, connection) {
                if try connection.execute("DELETE FROM image WHERE user_id = $1 AND sha256 = $2", [.int(userID), .text(sha)]) == 1 {
                    unused.append(sha)
                }
            }
            try Self.removeUnreferencedBlobs(connection, among: unused)
            return look
        }
    }

    /// `LookStore.setGroupPick`: see there.
    @discardableResult
    public func setGroupPick(userID: Int64, lookNumber: Int) async throws -> Bool {
        try await session.execute("UPDATE look SET group_pick = true WHERE user_id = $1 AND number = $2", [.int(userID), .int(lookNumber)]) == 1
    }

    /// Whether a look, a closet piece, a chat state (try-on slots) or an unfinished job of `userID` still
    /// names the image `sha256`: the SQLite store's test, inside the caller's transaction.
    static func imageInUse(_ sha256: String, userID: Int64, _ connection: PostgresConnection) throws -> Bool {
        let rows = try connection.query("""
            SELECT EXISTS (SELECT 1 FROM look WHERE user_id = $1 AND (person_sha256 = $2 OR garment_sha256 = $2 OR result_sha256 = $2))
              OR EXISTS (SELECT 1 FROM closet_item WHERE user_id = $1 AND photo_sha256 = $2)
              OR EXISTS (SELECT 1 FROM chat_state WHERE user_id = $1 AND strpos(state, $2) > 0)
              OR EXISTS (SELECT 1 FROM user_job WHERE user_id = $1 AND state IN ('queued', 'running') AND strpos(payload, $2) > 0) AS used
            """, [.int(userID), .text(sha256)])
        return try rows.first?.bool("used") ?? true
    }

    static let lookColumns = """
        id, user_id, chat_id, number, person_sha256, garment_sha256, result_sha256, prompt, service, model, batch_id, variation,
        extract(epoch FROM started_at)::float8 AS started_at, duration_ms, favourite, group_pick
        """

    /// Inserts `look` under the user's next number and returns it as stored.
    static func insertLook(_ look: LookRecord, _ connection: PostgresConnection) throws -> LookRecord {
        // The counter row's lock orders two workers numbering the same user's looks; the highest
        // number in use is a floor, as on SQLite, in case rows arrived another way.
        let numbered = try connection.query("""
            INSERT INTO look_number (user_id, next_number)
            VALUES ($1, (SELECT coalesce(max(number), 0) + 2 FROM look WHERE user_id = $1))
            ON CONFLICT (user_id) DO UPDATE SET next_number =
              greatest(look_number.next_number, (SELECT coalesce(max(number), 0) + 1 FROM look WHERE user_id = $1)) + 1
            RETURNING next_number - 1 AS number
            """, [.int(look.userID)])
        guard let number = try numbered.first?.int("number") else { throw StorageError.notFound("numbering for user \(look.userID)") }
        let rows = try connection.query("""
            INSERT INTO look (user_id, chat_id, number, person_sha256, garment_sha256, result_sha256, prompt, service, model,
              batch_id, variation, started_at, duration_ms, favourite, group_pick)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, to_timestamp($12::float8), $13, $14, $15)
            RETURNING \(lookColumns)
            """, [.int(look.userID), .optionalInt(look.chatID), .int(number), .text(look.personSHA256), .text(look.garmentSHA256),
                  .text(look.resultSHA256), .text(look.prompt), .text(look.service), .text(look.model), .text(look.batchID),
                  .int(look.variation), Timestamp.parameter(look.startedAt), .int(look.durationMilliseconds), .bool(look.favourite),
                  .bool(look.groupPick)])
        guard let row = rows.first else { throw StorageError.notFound("the new look") }
        return try self.look(from: row)
    }

    static func look(from row: PostgresRow) throws -> LookRecord {
        LookRecord(
            id: try row.int("id"), userID: try row.int("user_id"), chatID: try row.optionalInt("chat_id"), number: Int(try row.int("number")),
            personSHA256: try row.string("person_sha256"), garmentSHA256: try row.string("garment_sha256"),
            resultSHA256: try row.string("result_sha256"), prompt: try row.string("prompt"), service: try row.string("service"),
            model: try row.string("model"), batchID: try row.optionalString("batch_id"), variation: Int(try row.int("variation")),
            startedAt: try Timestamp.date(row, "started_at"), durationMilliseconds: Int(try row.int("duration_ms")),
            favourite: try row.bool("favourite"), groupPick: try row.bool("group_pick"))
    }
}
