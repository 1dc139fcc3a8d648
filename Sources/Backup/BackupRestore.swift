import Foundation
import SQLite
import Sodium

/// Restores an archive into a data folder: all of it or nothing, with the old data kept aside.
public enum BackupRestore {
    /// What a restore did.
    public struct Outcome: Sendable {
        /// The checked manifest of the archive.
        public var manifest: BackupManifest
        /// Where the previous data folder was moved, when there was one.
        public var setAside: String?
    }

    /// Restores `archivePath` into `dataDirectory`.
    ///
    /// The archive is read into a new sibling folder and fully checked (every chunk, every SHA-256, the database's
    /// integrity and row counts) before the data folder is touched. Then the old folder is renamed aside and the
    /// new one renamed into place. A folder that holds data is replaced only with `force`. Files named in
    /// `carryOver` (e.g. `master.key`, which archives never hold) are copied from the old folder into the new one.
    public static func restore(
        _ archivePath: String, into dataDirectory: String, key: BackupKey, force: Bool, carryOver: [String] = [],
        now: Date = Date()
    ) throws(BackupError) -> Outcome {
        let target = dataDirectory.hasSuffix("/") && dataDirectory.count > 1 ? String(dataDirectory.dropLast()) : dataDirectory
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
        let targetExists = FileManager.default.fileExists(atPath: target)
        if !existing.isEmpty && !force { throw BackupError.targetHoldsData(path: target) }
        let parent = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let staging = "\(parent)/.\(name).restore-\(UUID().uuidString.prefix(8))"
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw BackupError.cannotWrite(path: staging, detail: "\(error)") }
        var moved = false
        defer { if !moved { try? FileManager.default.removeItem(atPath: staging) } }

        let sink = FolderSink(root: staging)
        let manifest = try ArchiveReader(path: archivePath, key: key).read(into: sink)
        try checkDatabase("\(staging)/\(ArchiveFormat.databasePath)", manifest: manifest, archive: archivePath)
        for file in carryOver where existing.contains(file) {
            do { try FileManager.default.copyItem(atPath: "\(target)/\(file)", toPath: "\(staging)/\(file)") } catch {
                throw BackupError.cannotWrite(path: "\(staging)/\(file)", detail: "\(error)")
            }
        }

        var setAside: String?
        if targetExists {
            if existing.isEmpty {
                guard rmdir(target) == 0 else { throw BackupError.cannotWrite(path: target, detail: String(cString: strerror(errno))) }
            } else {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = "yyyyMMdd-HHmmss"
                let aside = "\(parent)/\(name).before-restore-\(formatter.string(from: now))-\(UUID().uuidString.prefix(4))"
                guard rename(target, aside) == 0 else { throw BackupError.cannotWrite(path: target, detail: String(cString: strerror(errno))) }
                setAside = aside
            }
        }
        guard rename(staging, target) == 0 else {
            let detail = String(cString: strerror(errno))
            if let setAside { _ = rename(setAside, target) }
            throw BackupError.cannotWrite(path: target, detail: detail)
        }
        moved = true
        return Outcome(manifest: manifest, setAside: setAside)
    }

    /// The restored database passes `PRAGMA quick_check` and has the row counts the manifest lists.
    static func checkDatabase(_ path: String, manifest: BackupManifest, archive: String) throws(BackupError) {
        do {
            let connection = try Connection(path: path)
            defer { connection.close() }
            guard try connection.first("PRAGMA quick_check")?.string("quick_check") == "ok" else {
                throw BackupError.manifestMismatch(path: archive, detail: "the database fails quick_check")
            }
            let snapshot = try Snapshot(connection: connection, path: path)
            guard snapshot.tableRows == manifest.tableRows, snapshot.schemaVersion == manifest.schemaVersion else {
                throw BackupError.manifestMismatch(path: archive, detail: "row counts or schema version differ from the manifest")
            }
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.manifestMismatch(path: archive, detail: "the database can't be read: \(error)")
        }
    }
}

/// Writes an archive's files under a folder (mode 0700 folders, 0600 files), flushing each to disk.
final class FolderSink: ArchiveSink {
    private let root: String
    private var handle: FileHandle?
    private var path = ""

    /// A sink writing under `root`, which must exist.
    init(root: String) { self.root = root }

    /// Creates the file (and its folders) for the next entry.
    func begin(_ relative: String, size: UInt64) throws(BackupError) {
        path = "\(root)/\(relative)"
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw BackupError.cannotWrite(path: folder, detail: "\(error)") }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw BackupError.cannotWrite(path: path, detail: "cannot create the file")
        }
        self.handle = handle
    }

    /// Appends to the current file.
    func write(_ bytes: [UInt8]) throws(BackupError) {
        do { try handle?.write(contentsOf: bytes) } catch { throw BackupError.cannotWrite(path: path, detail: "\(error)") }
    }

    /// Flushes the current file to disk and closes it.
    func end() throws(BackupError) {
        do {
            try handle?.synchronize()
            try handle?.close()
        } catch { throw BackupError.cannotWrite(path: path, detail: "\(error)") }
        handle = nil
    }

    deinit { try? handle?.close() }
}
