import Foundation
import SQLite

extension Store {
    /// Stores image bytes in the user's media folder and records them; returns the row.
    /// Saving the same bytes twice returns the existing row. Bytes, mime type and size are checked against `ImageLimits` first.
    public func saveImage(
        _ bytes: [UInt8], userID: Int64, mimeType: String, width: Int?, height: Int?, now: Date
    ) async throws -> ImageRecord {
        try ImageLimits.checkImage(bytes, mimeType: mimeType, width: width, height: height)
        let fileExtension = Store.fileExtension(for: mimeType)
        let digest = try media.put(bytes, userID: userID, fileExtension: fileExtension)
        let record = try await database.write { db in
            try db.query(
                """
                INSERT OR IGNORE INTO images (user_id, sha256, mime_type, width, height, byte_count, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [userID, digest, mimeType, width, height, bytes.count, Store.timestamp(now)])
            return Store.image(from: try db.first("SELECT * FROM images WHERE user_id = ? AND sha256 = ?", [userID, digest])!)
        }
        // `pruneUnusedImages` may have removed a file that had no row between the put and the write; the row is there now, so no
        // sweep removes it again, and writing the file once more makes the pair whole.
        if media.existingPath(userID: userID, sha256: digest) == nil { try media.put(bytes, userID: userID, fileExtension: fileExtension) }
        return record
    }

    /// `ImageStore.pruneUnusedImages`: see there. Files (with their thumbnails) that no `images` row names, last
    /// written before `cutoff`: left by a crash between a row's deletion and its file's. Each is checked and removed
    /// inside a write, so a `saveImage` row either is seen (the file stays) or comes after (and writes the file again).
    public func pruneUnusedImages(storedBefore cutoff: Date) async throws -> Int {
        let candidates = media.storedImages(writtenBefore: cutoff)
        guard !candidates.isEmpty else { return 0 }
        let media = self.media
        return try await database.write { db in
            var removed = 0
            for candidate in candidates
            where try db.first("SELECT 1 AS used FROM images WHERE user_id = ? AND sha256 = ?", [candidate.userID, candidate.sha256]) == nil {
                try media.remove(userID: candidate.userID, sha256: candidate.sha256)
                removed += 1
            }
            return removed
        }
    }

    /// The image row for a digest, if this user has it.
    public func image(userID: Int64, sha256: String) async throws -> ImageRecord? {
        try await database.run { db in
            try db.first("SELECT * FROM images WHERE user_id = ? AND sha256 = ?", [userID, sha256]).map(Store.image(from:))
        }
    }

    /// The stored bytes of a user's image.
    public func imageBytes(userID: Int64, sha256: String) throws -> [UInt8] {
        try media.get(userID: userID, sha256: sha256)
    }

    static func image(from row: Row) -> ImageRecord {
        ImageRecord(
            id: row.int("id") ?? 0, userID: row.int("user_id") ?? 0, sha256: row.string("sha256") ?? "",
            mimeType: row.string("mime_type") ?? "application/octet-stream", width: row.int("width").map(Int.init),
            height: row.int("height").map(Int.init), byteCount: Int(row.int("byte_count") ?? 0))
    }

    /// The file extension used for a mime type.
    public static func fileExtension(for mimeType: String) -> String {
        switch mimeType.lowercased() {
        case "image/jpeg", "image/jpg": return "jpg"
        case "image/png": return "png"
        case "image/webp": return "webp"
        case "image/heic": return "heic"
        case "image/heif": return "heif"
        case "image/avif": return "avif"
        case "image/gif": return "gif"
        default: return "bin"
        }
    }
}

extension Store {
    /// The cached `side`-pixel thumbnail beside the image on disk, or nil when none was made yet.
    public func thumbnail(userID: Int64, sha256: String, side: Int) async -> [UInt8]? {
        media.thumbnail(userID: userID, sha256: sha256, side: side)
    }

    /// Caches a thumbnail beside its image (`MediaStore.thumbnailPath`).
    public func saveThumbnail(_ bytes: [UInt8], userID: Int64, sha256: String, side: Int) async throws {
        try ImageLimits.checkThumbnail(bytes, sha256: sha256, side: side)
        try media.putThumbnail(bytes, userID: userID, sha256: sha256, side: side)
    }
}
