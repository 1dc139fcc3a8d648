import JSON

/// What an archive holds: versions, row counts and every file with its size and SHA-256.
public struct BackupManifest: Sendable, Equatable {
    /// One file in the archive.
    public struct File: Sendable, Equatable {
        /// The path inside the archive and the data folder, e.g. `media/3/ab/ab12….jpg`.
        public var path: String
        /// The size in bytes.
        public var size: UInt64
        /// The lowercase hex SHA-256 of the contents.
        public var sha256: String
    }

    /// The archive format version.
    public var format: Int
    /// When the snapshot was taken (ISO 8601, UTC).
    public var createdAt: String
    /// The Wardrobe version and commit that wrote it.
    public var wardrobeVersion: String
    /// The SQLite library version that took the snapshot.
    public var sqliteVersion: String
    /// The database's schema version (`PRAGMA user_version`).
    public var schemaVersion: Int
    /// Whether the media folder is included.
    public var includesMedia: Bool
    /// Rows per table in the snapshot.
    public var tableRows: [String: Int]
    /// Every file except the manifest itself, in archive order.
    public var files: [File]

    /// The manifest as JSON text.
    var json: JSON {
        [
            "format": .int(Int64(format)), "created_at": .string(createdAt), "wardrobe_version": .string(wardrobeVersion),
            "sqlite_version": .string(sqliteVersion), "schema_version": .int(Int64(schemaVersion)),
            "includes_media": .bool(includesMedia),
            "counts": ["tables": .object(tableRows.mapValues { .int(Int64($0)) }), "files": .int(Int64(files.count)),
                       "bytes": .int(Int64(clamping: files.reduce(0) { $0 + $1.size }))],
            "files": .array(files.map { ["path": .string($0.path), "size": .int(Int64(clamping: $0.size)), "sha256": .string($0.sha256)] }),
        ]
    }

    /// Reads a manifest back; `archive` only names the file in errors.
    init(json: JSON, archive: String) throws(BackupError) {
        func bad(_ detail: String) -> BackupError { .manifestMismatch(path: archive, detail: "manifest: \(detail)") }
        guard let format = json["format"]?.int, let createdAt = json["created_at"]?.string,
              let wardrobeVersion = json["wardrobe_version"]?.string, let sqliteVersion = json["sqlite_version"]?.string,
              let schemaVersion = json["schema_version"]?.int, let includesMedia = json["includes_media"]?.bool,
              let tables = json["counts"]?["tables"]?.object, let files = json["files"]?.array else {
            throw bad("missing fields")
        }
        self.format = Int(format)
        self.createdAt = createdAt
        self.wardrobeVersion = wardrobeVersion
        self.sqliteVersion = sqliteVersion
        self.schemaVersion = Int(clamping: schemaVersion)
        self.includesMedia = includesMedia
        var rows: [String: Int] = [:]
        for (table, count) in tables {
            guard let count = count.int, count >= 0 else { throw bad("bad row count for \(table)") }
            rows[table] = Int(clamping: count)
        }
        tableRows = rows
        var list: [File] = []
        for file in files {
            guard let path = file["path"]?.string, let size = file["size"]?.int, size >= 0, let sha256 = file["sha256"]?.string else {
                throw bad("bad file entry")
            }
            list.append(File(path: path, size: UInt64(size), sha256: sha256))
        }
        self.files = list
    }

    /// A manifest for a new archive in the current format.
    init(
        createdAt: String, wardrobeVersion: String, sqliteVersion: String, schemaVersion: Int, includesMedia: Bool,
        tableRows: [String: Int], files: [File]
    ) {
        format = Int(ArchiveFormat.version)
        self.createdAt = createdAt
        self.wardrobeVersion = wardrobeVersion
        self.sqliteVersion = sqliteVersion
        self.schemaVersion = schemaVersion
        self.includesMedia = includesMedia
        self.tableRows = tableRows
        self.files = files
    }

    /// The number of media files listed.
    public var mediaFileCount: Int { files.filter { $0.path.hasPrefix(ArchiveFormat.mediaFolder + "/") }.count }
}
