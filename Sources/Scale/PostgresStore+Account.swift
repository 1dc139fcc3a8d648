import Foundation
import Postgres
import Storage

// A user's data as a whole on PostgreSQL: `/export` and `/forget`.
extension PostgresStore: AccountStore {
    /// `AccountStore.closetExport`: see there. The pieces and the wear log are read from one snapshot.
    public func closetExport(userID: Int64) async throws -> ClosetExport {
        let (items, wears) = try await session.transaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            return (try Self.items(connection, userID: userID), try Self.wears(connection, userID: userID, since: nil))
        }
        return ClosetExport(items: items, wears: wears)
    }

    /// `AccountStore.deleteUser`: see there. One transaction: the user's ballots (kept by voter key, not by
    /// row), then the user's row, from which every row of theirs cascades (closet, wears, image index rows, chat
    /// state, memberships, buttons, and the looks, jobs and schedules of later migrations), then the image blobs
    /// no other user points at, with their thumbnails. An unknown id deletes nothing.
    public func deleteUser(id: Int64) async throws {
        try await session.transaction { connection in
            let users = try connection.query(
                "SELECT transport || ':' || external_id AS key FROM chat_user WHERE id = $1 FOR UPDATE", [.int(id)])
            guard let key = try users.first?.string("key") else { return }
            // Ballots arrive with the votes' migration; this code runs on databases from before it too.
            if try connection.query("SELECT to_regclass('ballot') IS NOT NULL AS present").first?.bool("present") == true {
                try connection.execute("DELETE FROM ballot WHERE voter = $1", [.text(key)])
            }
            let digests = try connection.query("SELECT sha256 FROM image WHERE user_id = $1", [.int(id)]).map { try $0.string("sha256") }
            try connection.execute("DELETE FROM chat_user WHERE id = $1", [.int(id)])
            try Self.removeUnreferencedBlobs(connection, among: digests)
        }
    }
}

extension PostgresStore {
    /// Deletes those of `digests` whose blob no `image` row points at any more; their thumbnails cascade.
    static func removeUnreferencedBlobs(_ connection: PostgresConnection, among digests: [String]) throws {
        guard !digests.isEmpty else { return }
        _ = try removeUnreferencedBlobs(connection, among: digests, storedBefore: nil, limit: digests.count)
    }

    /// Deletes up to `limit` blobs that no `image` row points at (only those of `digests`, and only those
    /// stored before `storedBefore`, when given); returns how many it looked at and how many it deleted.
    ///
    /// Two statements, correct under READ COMMITTED while other workers save the same bytes:
    /// 1. the candidates are locked `FOR UPDATE SKIP LOCKED`. A blob a saver holds (`holdBlob` takes it
    ///    `FOR KEY SHARE` until its transaction ends) is skipped: it is about to be referenced. Once this
    ///    transaction holds a blob, a new `image` row cannot point at it before this transaction ends (the
    ///    foreign key's check takes the same lock), and a saver's `holdBlob` waits, then stores the bytes again;
    /// 2. the delete runs with a new snapshot, so it sees every `image` row committed before the lock, also
    ///    one that committed after the first statement's snapshot, and keeps those blobs.
    static func removeUnreferencedBlobs(
        _ connection: PostgresConnection, among digests: [String]?, storedBefore cutoff: Date?, limit: Int
    ) throws -> (examined: Int, removed: Int) {
        let locked = try connection.query("""
            SELECT sha256 FROM media_blob
            WHERE ($1::text[] IS NULL OR sha256 = ANY($1::text[])) AND ($2::float8 IS NULL OR created_at < to_timestamp($2::float8))
              AND NOT EXISTS (SELECT 1 FROM image WHERE image.sha256 = media_blob.sha256)
            ORDER BY sha256 LIMIT $3 FOR UPDATE SKIP LOCKED
            """, [digests.map(Self.textArray) ?? .null, cutoff.map(Timestamp.parameter) ?? .null, .int(limit)]
        ).map { try $0.string("sha256") }
        guard !locked.isEmpty else { return (0, 0) }
        let removed = try connection.execute("""
            DELETE FROM media_blob WHERE sha256 = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM image WHERE image.sha256 = media_blob.sha256)
            """, [Self.textArray(locked)])
        return (locked.count, removed)
    }

    /// A `text[]` parameter of digests (64 hex digits each, so no element needs quoting).
    static func textArray(_ digests: [String]) -> PostgresValue { .text("{" + digests.joined(separator: ",") + "}") }
}
