#if canImport(Glibc)
import Glibc
#endif
import Support

/// Whole-file reads and crash-safe replacement: temp file in the same folder, fsync, rename, fsync the folder.
struct AtomicFile: Sendable {
    /// Test seam: throw after the temp file is written and synced, right before the rename.
    var failBeforeRename = false

    /// Replaces the file at `path` with `bytes` through `Support.AtomicWrite`; readers see the old or the
    /// new content, never a mix, and the mode is set before any byte is written.
    func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(SecretsError) {
        let failBeforeRename = self.failBeforeRename
        do {
            try AtomicWrite.replace(bytes, at: path, mode: mode) {
                if failBeforeRename { throw FileSystemError(operation: "rename", path: path, errno: EIO) }
            }
        } catch let error as FileSystemError {
            throw SecretsError.fileSystem(operation: error.operation, path: error.path, errno: error.errno)
        } catch {
            throw SecretsError.fileSystem(operation: "replace", path: path, errno: EIO)
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

    private static func failure(_ operation: String, _ path: String) -> SecretsError {
        SecretsError.fileSystem(operation: operation, path: path, errno: errno)
    }
}
