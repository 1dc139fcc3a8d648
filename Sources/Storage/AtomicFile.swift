import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that readers see either the old content or the complete new content.
public enum AtomicFile {
    /// Writes `bytes` to a temp file beside `path`, fsyncs it, renames it over `path`, then fsyncs the folder.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(StorageError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError.media(path: folder, reason: "cannot create folder: \(error)")
        }
        let temp = "\(folder)/.\((path as NSString).lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw StorageError.media(path: temp, reason: "cannot create: \(String(cString: strerror(errno)))") }
        var ok = true
        var reason = ""
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if ok && fsync(fd) != 0 { ok = false; reason = "fsync: \(String(cString: strerror(errno)))" }
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            if ok { reason = "rename: \(String(cString: strerror(errno)))" }
            unlink(temp)
            throw StorageError.media(path: path, reason: reason)
        }
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
