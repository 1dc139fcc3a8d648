#if canImport(Glibc)
import Glibc
#endif

extension SHA256 {
    /// The lowercase hex SHA-256 of the file at `path`, read in 64 KiB chunks so large images fit in little memory.
    public static func hash(fileAt path: String) throws(SodiumError) -> String {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SodiumError.fileUnreadable(path: path, errno: errno) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SodiumError.fileUnreadable(path: path, errno: errno)
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        return hasher.finalize()
    }
}
