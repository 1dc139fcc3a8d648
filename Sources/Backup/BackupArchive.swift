import Foundation
import SQLite
import Sodium

/// Creates and checks backup archives of a data folder (see docs/backup.md).
public enum BackupArchive {
    /// What to back up and how.
    public struct Configuration: Sendable {
        /// The data folder: `wardrobe.sqlite`, `media/` and the key file.
        public var dataDirectory: String
        /// The key file's name inside the data folder.
        public var keyFileName: String = "secrets.enc"
        /// Whether to include the media folder.
        public var includeMedia: Bool = true
        /// The version and commit recorded in the manifest.
        public var wardrobeVersion: String = "unknown"
        /// Argon2id limits for archives sealed with a passphrase.
        public var passphraseLimits: Argon2id.Limits = .moderate

        /// A configuration for `dataDirectory` with the defaults above.
        public init(dataDirectory: String) {
            self.dataDirectory = dataDirectory
        }
    }

    /// The steps of a backup, for progress lines.
    public enum Progress: Sendable {
        /// The database snapshot is taken; from here on, writes to the live database don't reach the archive.
        case snapshotTaken(bytes: UInt64)
        /// Media files are being added.
        case mediaAdded(count: Int)
    }

    /// The subkey context for archives, so the archive key differs from the master key and any other subkey.
    static let keyContext = "WDBACKUP"

    /// Writes an archive of the data folder to `destination` while the bot may keep writing; returns the manifest.
    ///
    /// When `destination` is a folder, the archive is named `wardrobe-YYYYMMDD-HHMMSS.wdbackup` inside it.
    /// The archive is written under a temporary name and renamed at the end, so a failed backup leaves no
    /// archive; an existing file is never overwritten.
    public static func create(
        _ configuration: Configuration, to destination: String, key: BackupKey, now: Date = Date(),
        progress: (Progress) -> Void = { _ in }
    ) throws(BackupError) -> (path: String, manifest: BackupManifest) {
        let archivePath = Self.archivePath(destination, now: now)
        guard !FileManager.default.fileExists(atPath: archivePath) else { throw BackupError.archiveExists(path: archivePath) }
        let databasePath = "\(configuration.dataDirectory)/\(ArchiveFormat.databasePath)"
        guard FileManager.default.fileExists(atPath: databasePath) else { throw BackupError.noDatabase(path: databasePath) }
        let folder = (archivePath as NSString).deletingLastPathComponent
        let token = UUID().uuidString.prefix(8)
        let base = folder.isEmpty ? "." : folder
        let snapshotPath = "\(base)/.wardrobe-snapshot-\(token).sqlite"
        let temporaryPath = "\(base)/.\((archivePath as NSString).lastPathComponent).tmp-\(token)"
        defer { try? FileManager.default.removeItem(atPath: snapshotPath) }

        let snapshot = try takeSnapshot(of: databasePath, into: snapshotPath)
        progress(.snapshotTaken(bytes: snapshot.bytes))
        let keyHeader = ArchiveKeyHeader(for: key, limits: configuration.passphraseLimits)
        let archiveKey = try keyHeader.archiveKey(from: key, path: archivePath)
        let writer = try ArchiveWriter(path: temporaryPath, keyHeader: keyHeader, key: archiveKey)
        do throws(BackupError) {
            try writer.addFile(ArchiveFormat.databasePath, from: snapshotPath)
            let keyFile = "\(configuration.dataDirectory)/\(configuration.keyFileName)"
            if let data = FileManager.default.contents(atPath: keyFile) {
                try writer.addBytes(configuration.keyFileName, [UInt8](data))
            }
            if configuration.includeMedia {
                let media = mediaFiles(in: "\(configuration.dataDirectory)/\(ArchiveFormat.mediaFolder)")
                for (index, relative) in media.enumerated() {
                    let source = "\(configuration.dataDirectory)/\(ArchiveFormat.mediaFolder)/\(relative)"
                    // A file removed since the snapshot (e.g. by /forget) is skipped: its owner asked for it gone.
                    guard FileManager.default.fileExists(atPath: source) else { continue }
                    try writer.addFile("\(ArchiveFormat.mediaFolder)/\(relative)", from: source)
                    if (index + 1) % 500 == 0 { progress(.mediaAdded(count: index + 1)) }
                }
            }
            let manifest = BackupManifest(
                createdAt: ISO8601DateFormatter().string(from: now), wardrobeVersion: configuration.wardrobeVersion,
                sqliteVersion: SQLiteLibrary.version, schemaVersion: snapshot.schemaVersion,
                includesMedia: configuration.includeMedia, tableRows: snapshot.tableRows, files: writer.entries)
            try writer.finish(manifest: Array(manifest.json.serialized(pretty: true).utf8))
            guard rename(temporaryPath, archivePath) == 0 else {
                throw BackupError.cannotWrite(path: archivePath, detail: String(cString: strerror(errno)))
            }
            return (archivePath, manifest)
        } catch {
            writer.abandon()
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw error
        }
    }

    /// Reads the whole archive and checks it without writing anything; returns its manifest.
    public static func verify(_ archivePath: String, key: BackupKey) throws(BackupError) -> BackupManifest {
        try ArchiveReader(path: archivePath, key: key).read(into: DiscardingSink())
    }

    /// `destination` itself, or a dated name inside it when it is a folder.
    static func archivePath(_ destination: String, now: Date) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder), isFolder.boolValue else { return destination }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "\(destination.hasSuffix("/") ? String(destination.dropLast()) : destination)/wardrobe-\(formatter.string(from: now)).wdbackup"
    }

    /// Media files under `root`, as sorted paths relative to it (no hidden temp files).
    static func mediaFiles(in root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            var isFolder: ObjCBool = false
            guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: "\(root)/\(relative)", isDirectory: &isFolder),
                  !isFolder.boolValue, ArchivePath.isAllowed("\(ArchiveFormat.mediaFolder)/\(relative)") else { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    /// Takes the snapshot with `VACUUM INTO` on its own connection and reads its counts.
    static func takeSnapshot(of databasePath: String, into snapshotPath: String) throws(BackupError) -> Snapshot {
        do {
            let source = try Connection(path: databasePath)
            source.setBusyTimeout(milliseconds: 10_000)
            try source.snapshot(into: snapshotPath)
            source.close()
            let copy = try Connection(path: snapshotPath)
            defer { copy.close() }
            return try Snapshot(connection: copy, path: snapshotPath)
        } catch let error as SQLiteError {
            throw BackupError.snapshotFailed(detail: error.description)
        } catch {
            throw BackupError.snapshotFailed(detail: "\(error)")
        }
    }
}

/// A database snapshot's size, schema version and rows per table.
struct Snapshot {
    /// The snapshot file's size.
    let bytes: UInt64
    /// `PRAGMA user_version`.
    let schemaVersion: Int
    /// Rows per table, by table name.
    let tableRows: [String: Int]

    /// Reads the figures of the database open on `connection`, whose file is at `path`.
    init(connection: Connection, path: String) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        bytes = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        guard let version = try connection.first("PRAGMA user_version")?.int("user_version") else {
            throw SQLiteError(code: 1, message: "no user_version")
        }
        schemaVersion = Int(version)
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        var rows: [String: Int] = [:]
        for table in tables {
            guard let name = table.string("name") else { throw SQLiteError(code: 1, message: "unnamed table") }
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            guard let count = try connection.first("SELECT count(*) AS n FROM \(quoted)")?.int("n") else {
                throw SQLiteError(code: 1, message: "cannot count \(name)")
            }
            rows[name] = Int(count)
        }
        tableRows = rows
    }
}

/// Reads an archive without keeping anything: for `--verify`.
struct DiscardingSink: ArchiveSink {
    /// Nothing to open.
    func begin(_ path: String, size: UInt64) throws(BackupError) {}
    /// The bytes were already hashed by the reader.
    func write(_ bytes: [UInt8]) throws(BackupError) {}
    /// Nothing to close.
    func end() throws(BackupError) {}
}
