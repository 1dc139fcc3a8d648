#if canImport(Glibc)
import Glibc
#endif
import Sodium

/// Whole-file reads and crash-safe replacement: temp file in the same folder, fsync, rename, fsync the folder.
struct AtomicFile: Sendable {
    /// Test seam: throw after the temp file is written and synced, right before the rename.
    var failBeforeRename = false

    /// Replaces the file at `path` with `bytes`; readers see the old or the new content, never a mix.
    /// The temp file gets `mode` before any byte is written, so secrets never sit in a wider-open file.
    func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(SecretsError) {
        let folder = Self.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(folder)/.\(name).tmp-\(Hex.encode(Libsodium.randomBytes(6)))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw SecretsError.fileSystem(operation: "create", path: temporary, errno: errno) }
        do throws(SecretsError) {
            // open() applies the umask; fchmod makes the mode exactly what was asked.
            guard fchmod(descriptor, mode) == 0 else { throw Self.failure("set the mode of", temporary) }
            try Self.writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw Self.failure("sync", temporary) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = Self.failure("close", temporary)
            unlink(temporary)
            throw error
        }
        if failBeforeRename {
            unlink(temporary)
            throw SecretsError.fileSystem(operation: "rename", path: temporary, errno: EIO)
        }
        guard rename(temporary, path) == 0 else {
            let error = Self.failure("replace", path)
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

    /// The whole content of the file at `path`, or nil when there is no such file.
    static func read(_ path: String) throws(SecretsError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("read", path)
        }
        defer { close(descriptor) }
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            content += chunk[0..<count]
        }
        return content
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The folder part of `path`, or "." for a bare file name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(SecretsError) {
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

    private static func failure(_ operation: String, _ path: String) -> SecretsError {
        SecretsError.fileSystem(operation: operation, path: path, errno: errno)
    }
}
