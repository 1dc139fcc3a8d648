import Foundation
import Postgres
import Storage

// Images on PostgreSQL (Scale migration 5), content-addressed: each distinct byte string is one
// `media_blob` row, each user's copy an `image` index row, each cached thumbnail a `thumbnail` row of
// the blob. Workers on different machines read the same rows; no shared disk is needed.
extension PostgresStore: ImageStore {
    /// `ImageStore.saveImage`: see there. The bytes cross the network only when no user stored them yet.
    public func saveImage(_ bytes: [UInt8], userID: Int64, mimeType: String, width: Int?, height: Int?, now: Date) async throws -> ImageRecord {
        try ImageLimits.checkImage(bytes, mimeType: mimeType, width: width, height: height)
        let digest = MediaStore.digest(of: bytes)
        return try await session.transaction { connection in
            try Self.holdBlob(connection, sha256: digest, bytes: bytes, now: now)
            try connection.execute("""
                INSERT INTO image (user_id, sha256, mime_type, width, height, created_at)
                VALUES ($1, $2, $3, $4::integer, $5::integer, to_timestamp($6::float8)) ON CONFLICT (user_id, sha256) DO NOTHING
                """, [.int(userID), .text(digest), .text(mimeType), width.map { PostgresValue.int($0) } ?? .null, height.map { PostgresValue.int($0) } ?? .null,
                      Timestamp.parameter(now)])
            guard let record = try Self.image(connection, userID: userID, sha256: digest) else { throw StorageError.notFound("image \(digest.prefix(12))") }
            return record
        }
    }

    /// `ImageStore.image`: see there.
    public func image(userID: Int64, sha256: String) async throws -> ImageRecord? {
        guard ImageLimits.isDigest(sha256) else { return nil }
        return try await session.run { try Self.image($0, userID: userID, sha256: sha256) }
    }

    /// `ImageStore.imageBytes`: see there. Only a user who saved the image reads it.
    public func imageBytes(userID: Int64, sha256: String) async throws -> [UInt8] {
        let rows = ImageLimits.isDigest(sha256)
            ? try await session.query("""
                SELECT media_blob.bytes FROM image JOIN media_blob ON media_blob.sha256 = image.sha256
                WHERE image.user_id = $1 AND image.sha256 = $2
                """, [.int(userID), .text(sha256)])
            : []
        guard let row = rows.first else { throw StorageError.notFound("image \(sha256.prefix(12))") }
        return try row.bytes("bytes")
    }

    /// `ImageStore.thumbnail`: see there. A failed read is a cache miss: the caller makes the thumbnail again.
    public func thumbnail(userID: Int64, sha256: String, side: Int) async -> [UInt8]? {
        guard ImageLimits.isDigest(sha256) else { return nil }
        let rows = try? await session.query("""
            SELECT thumbnail.bytes FROM image JOIN thumbnail ON thumbnail.sha256 = image.sha256
            WHERE image.user_id = $1 AND image.sha256 = $2 AND thumbnail.side = $3
            """, [.int(userID), .text(sha256), .int(side)])
        return try? rows?.first?.bytes("bytes")
    }

    /// `ImageStore.saveThumbnail`: see there. The thumbnail belongs to the blob, so every user with the image
    /// shares it; it is stored only for an image this user has (else `StorageError.notFound`).
    public func saveThumbnail(_ bytes: [UInt8], userID: Int64, sha256: String, side: Int) async throws {
        try ImageLimits.checkThumbnail(bytes, sha256: sha256, side: side)
        let stored = try await session.execute("""
            INSERT INTO thumbnail (sha256, side, bytes, created_at)
            SELECT image.sha256, $3, $4, now() FROM image WHERE image.user_id = $1 AND image.sha256 = $2
            ON CONFLICT (sha256, side) DO UPDATE SET bytes = EXCLUDED.bytes, created_at = EXCLUDED.created_at
            """, [.int(userID), .text(sha256), .int(side), .bytes(bytes)])
        guard stored == 1 else { throw StorageError.notFound("image \(sha256.prefix(12))") }
    }

    /// `ImageStore.pruneUnusedImages`: see there. Blobs no `image` row points at, in batches of
    /// `blobSweepBatch`, each batch its own short transaction (see `removeUnreferencedBlobs` for why a
    /// concurrent save keeps its blob). Blobs other workers hold are skipped until the next sweep.
    public func pruneUnusedImages(storedBefore cutoff: Date) async throws -> Int {
        var removed = 0
        while true {
            let batch = try await session.transaction { connection in
                try Self.removeUnreferencedBlobs(connection, among: nil, storedBefore: cutoff, limit: Self.blobSweepBatch)
            }
            removed += batch.removed
            if batch.examined < Self.blobSweepBatch { return removed }
        }
    }

    /// How many blobs one sweep transaction locks and deletes at most.
    static let blobSweepBatch = 200
}

extension PostgresStore {
    /// Makes sure the blob `sha256` exists and stays until this transaction ends.
    ///
    /// A present blob is locked `FOR KEY SHARE`, which is enough to keep a concurrent `deleteUser` from removing
    /// it before this transaction's `image` row points at it, and its bytes are not sent again. A missing one is
    /// inserted; when another worker inserts the same bytes at once, the insert waits for it and then finds the row.
    static func holdBlob(_ connection: PostgresConnection, sha256: String, bytes: [UInt8], now: Date) throws {
        for _ in 0..<3 {
            if try !connection.query("SELECT 1 AS held FROM media_blob WHERE sha256 = $1 FOR KEY SHARE", [.text(sha256)]).isEmpty { return }
            let inserted = try connection.execute("""
                INSERT INTO media_blob (sha256, bytes, created_at) VALUES ($1, $2, to_timestamp($3::float8)) ON CONFLICT (sha256) DO NOTHING
                """, [.text(sha256), .bytes(bytes), Timestamp.parameter(now)])
            if inserted == 1 { return }
        }
        // Inserted and removed by others three times in a row: give up rather than loop.
        throw StorageError.notFound("image \(sha256.prefix(12))")
    }

    /// The user's image record for a digest, with the blob's size, or nil when the user has no such image.
    static func image(_ connection: PostgresConnection, userID: Int64, sha256: String) throws -> ImageRecord? {
        let rows = try connection.query("""
            SELECT image.id, image.user_id, image.sha256, image.mime_type, image.width, image.height,
              octet_length(media_blob.bytes)::bigint AS byte_count
            FROM image JOIN media_blob ON media_blob.sha256 = image.sha256 WHERE image.user_id = $1 AND image.sha256 = $2
            """, [.int(userID), .text(sha256)])
        guard let row = rows.first else { return nil }
        return ImageRecord(
            id: try row.int("id"), userID: try row.int("user_id"), sha256: try row.string("sha256"), mimeType: try row.string("mime_type"),
            width: try row.optionalInt("width").map(Int.init), height: try row.optionalInt("height").map(Int.init),
            byteCount: Int(try row.int("byte_count")))
    }
}
