#if canImport(Glibc)
import Glibc
#endif

/// A file-system call that failed, with the call and the errno it returned.
public struct FileSystemError: InternalError, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, e.g. "create", "sync", "replace".
    public let operation: String
    public let path: String
    public let errno: Int32

    public init(operation: String, path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    public var description: String { "cannot \(operation) \(path): \(String(cString: strerror(errno)))" }
}

/// Crash-safe whole-file replacement, shared by the key file and the media store: temp file in the
/// same folder (mode set before any byte is written), fsync, rename over the target, fsync the folder.
/// Readers see the old or the new content, never a mix; a failure leaves the old file and no temp file.
public enum AtomicWrite {
    /// Replaces the file at `path` with `bytes`. `beforeRename` runs once the temp file is synced
    /// (the key store's tests use it to fail at the last moment); a throw there removes the temp file.
    public static func replace(
        _ bytes: [UInt8], at path: String, mode: mode_t, beforeRename: () throws -> Void = {}
    ) throws {
        let folder = folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(folder)/.\(name).tmp-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        do {
            // open() applies the umask; fchmod makes the mode exactly what was asked.
            guard fchmod(descriptor, mode) == 0 else { throw failure("set the mode of", temporary) }
            try writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw failure("sync", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = failure("close", temporary)
            unlink(temporary)
            throw error
        }
        do { try beforeRename() } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("replace", path)
            unlink(temporary)
            throw error
        }
        // The rename is done; syncing the folder makes it survive a power cut. Some file systems refuse
        // to fsync a directory, and the new content is already in place, so a failure here is not reported.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The folder part of `path`, or "." for a bare file name.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += count
        }
    }

    private static func failure(_ operation: String, _ path: String) -> FileSystemError {
        FileSystemError(operation: operation, path: path, errno: errno)
    }
}
