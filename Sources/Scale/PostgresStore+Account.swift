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
    ///
    /// A blob another transaction holds (`holdBlob` while saving it for another user) is skipped, not waited for:
    /// it is about to be referenced. If another user's `image` row committed after this statement's snapshot, the
    /// foreign key refuses the delete (23503); the step is rolled back to its savepoint and run again, and the
    /// new snapshot sees that row and keeps the blob.
    static func removeUnreferencedBlobs(_ connection: PostgresConnection, among digests: [String]) throws {
        guard !digests.isEmpty else { return }
        let list = PostgresValue.text("{" + digests.joined(separator: ",") + "}")
        for attempt in 1...3 {
            do {
                try connection.transaction { connection in
                    _ = try connection.execute("""
                        DELETE FROM media_blob WHERE sha256 IN (
                          SELECT sha256 FROM media_blob WHERE sha256 = ANY($1::text[])
                            AND NOT EXISTS (SELECT 1 FROM image WHERE image.sha256 = media_blob.sha256)
                          FOR UPDATE SKIP LOCKED)
                        """, [list])
                }
                return
            } catch let error as PostgresError where error.sqlState == "23503" && attempt < 3 {
                continue
            }
        }
    }
}
