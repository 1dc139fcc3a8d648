import Foundation
import Support

/// Writes files so that readers see either the old content or the complete new content.
public enum AtomicFile {
    /// Writes `bytes` over `path` through `Support.AtomicWrite` (temp file, fsync, rename, fsync of the
    /// folder), creating the folder first.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(StorageError) {
        let folder = AtomicWrite.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError.media(path: folder, reason: "cannot create folder: \(error)")
        }
        do { try AtomicWrite.replace(bytes, at: path, mode: mode) } catch {
            throw StorageError.media(path: path, reason: "\(error)")
        }
    }
}
