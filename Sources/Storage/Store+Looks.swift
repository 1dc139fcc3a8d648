import Foundation
import JSON
import SQLite

extension Store {
    /// Saves the looks a job produced and marks the job done with `result`, in one transaction.
    ///
    /// Returns the saved looks (numbered per user), or nil when the job was no longer running
    /// (cancelled or recovered meanwhile): then nothing is written.
    public func saveLooks(_ looks: [LookRecord], finishingJob jobID: Int64, result: JSON, now: Date) async throws -> [LookRecord]? {
        try await database.write { db in
            guard try db.first("SELECT state FROM jobs WHERE id = ?", [jobID])?.string("state") == JobState.running.rawValue else {
                return nil
            }
            let saved = try looks.map { try Store.insert($0, db: db) }
            let numbers = JSON.array(saved.map { .int(Int64($0.number)) })
            try db.query(
                "UPDATE jobs SET state = 'done', result = ?, error = NULL, updated_at = ? WHERE id = ?",
                [result.setting("looks", numbers).serialized(), Store.timestamp(now), jobID])
            return saved
        }
    }

    /// Saves one look outside a job (imports, tests); returns it numbered.
    public func addLook(_ look: LookRecord) async throws -> LookRecord {
        try await database.write { db in try Store.insert(look, db: db) }
    }

    /// One look by the number the user sees.
    public func look(userID: Int64, number: Int) async throws -> LookRecord? {
        try await database.run { db in
            try db.first("SELECT * FROM looks WHERE user_id = ? AND number = ?", [userID, number]).map(Store.look(from:))
        }
    }

    /// A page of a user's looks, newest first.
    public func looks(userID: Int64, limit: Int, offset: Int) async throws -> [LookRecord] {
        try await database.run { db in
            try db.query(
                "SELECT * FROM looks WHERE user_id = ? ORDER BY number DESC LIMIT ? OFFSET ?", [userID, limit, offset]
            ).map(Store.look(from:))
        }
    }

    /// How many looks a user has.
    public func lookCount(userID: Int64) async throws -> Int {
        try await database.run { db in
            Int(try db.first("SELECT count(*) AS n FROM looks WHERE user_id = ?", [userID])?.int("n") ?? 0)
        }
    }

    /// The highest variation so far in a batch (0 when the batch is empty).
    public func lastVariation(userID: Int64, batchID: String) async throws -> Int {
        try await database.run { db in
            Int(try db.first(
                "SELECT coalesce(max(variation), 0) AS v FROM looks WHERE user_id = ? AND batch_id = ?", [userID, batchID]
            )?.int("v") ?? 0)
        }
    }

    /// Marks or unmarks a look as a favourite; false when there is no such look.
    @discardableResult
    public func setFavourite(_ favourite: Bool, userID: Int64, number: Int) async throws -> Bool {
        try await database.write { db in
            try db.query("UPDATE looks SET favourite = ? WHERE user_id = ? AND number = ?", [favourite, userID, number])
            return db.changes == 1
        }
    }

    static func insert(_ look: LookRecord, db: Connection) throws -> LookRecord {
        let next = try takeNumber(counter: "next_look_number", table: "looks", userID: look.userID, db: db)
        try db.query(
            """
            INSERT INTO looks (user_id, chat_id, number, person_sha256, garment_sha256, result_sha256, prompt, service, model,
              batch_id, variation, started_at, duration_ms, favourite, group_pick)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [look.userID, look.chatID, next, look.personSHA256, look.garmentSHA256, look.resultSHA256, look.prompt, look.service,
             look.model, look.batchID, look.variation, Store.timestamp(look.startedAt), look.durationMilliseconds, look.favourite,
             look.groupPick])
        return try db.first("SELECT * FROM looks WHERE id = ?", [db.lastInsertRowID]).map(Store.look(from:))!
    }

    static func look(from row: Row) -> LookRecord {
        LookRecord(
            id: row.int("id") ?? 0, userID: row.int("user_id") ?? 0, chatID: row.int("chat_id"), number: Int(row.int("number") ?? 0),
            personSHA256: row.string("person_sha256") ?? "", garmentSHA256: row.string("garment_sha256") ?? "",
            resultSHA256: row.string("result_sha256") ?? "", prompt: row.string("prompt") ?? "", service: row.string("service") ?? "",
            model: row.string("model") ?? "", batchID: row.string("batch_id"), variation: Int(row.int("variation") ?? 1),
            startedAt: Date(timeIntervalSince1970: row.double("started_at") ?? 0),
            durationMilliseconds: Int(row.int("duration_ms") ?? 0), favourite: row.bool("favourite"), groupPick: row.bool("group_pick"))
    }
}

extension Store {
    /// Deletes one look, then each of its images that nothing else uses any more (another look,
    /// a closet item, a try-on slot or a queued job); returns the look, or nil when there was none.
    public func deleteLook(userID: Int64, number: Int) async throws -> LookRecord? {
        let (look, orphans): (LookRecord?, [String]) = try await database.write { db in
            guard let look = try db.first("SELECT * FROM looks WHERE user_id = ? AND number = ?", [userID, number]).map(Store.look(from:)) else {
                return (nil, [])
            }
            try db.query("DELETE FROM looks WHERE id = ?", [look.id])
            var orphans: [String] = []
            for sha in Set([look.personSHA256, look.garmentSHA256, look.resultSHA256]) where try !Store.imageInUse(sha, userID: userID, db: db) {
                try db.query("DELETE FROM images WHERE user_id = ? AND sha256 = ?", [userID, sha])
                orphans.append(sha)
            }
            return (look, orphans)
        }
        // The rows are gone first, so a crash here leaves only an unreferenced file, never a row without its file.
        for sha in orphans { try? media.remove(userID: userID, sha256: sha) }
        return look
    }

    /// Whether a look, an item, a chat state (try-on slots) or an unfinished job still names the image.
    static func imageInUse(_ sha: String, userID: Int64, db: Connection) throws -> Bool {
        let row = try db.first(
            """
            SELECT EXISTS (SELECT 1 FROM looks WHERE user_id = ?1 AND (person_sha256 = ?2 OR garment_sha256 = ?2 OR result_sha256 = ?2))
              OR EXISTS (SELECT 1 FROM items WHERE user_id = ?1 AND photo_sha256 = ?2)
              OR EXISTS (SELECT 1 FROM chat_state WHERE user_id = ?1 AND instr(state, ?2) > 0)
              OR EXISTS (SELECT 1 FROM jobs WHERE user_id = ?1 AND state IN ('queued', 'running') AND instr(payload, ?2) > 0) AS used
            """, [userID, sha])
        return row?.bool("used") ?? true
    }
}
