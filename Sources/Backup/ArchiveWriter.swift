import Foundation
import Sodium

/// Writes one archive: entries streamed into sealed chunks, then the manifest and the final chunk.
final class ArchiveWriter {
    private let path: String
    private let handle: FileHandle
    private let sealer: SecretStreamSealer
    /// The key header, authenticated with every chunk.
    private let keyHeader: [UInt8]
    /// Every entry written so far, for the manifest.
    private(set) var entries: [BackupManifest.File] = []

    /// Creates `path` (mode 0600, must not exist) and writes the clear key header and stream header;
    /// `key` is the archive key that `keyHeader` derives.
    init(path: String, keyHeader: ArchiveKeyHeader, key: SecretKey) throws(BackupError) {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw BackupError.cannotWrite(path: path, detail: "cannot create the file")
        }
        self.path = path
        self.handle = handle
        self.keyHeader = keyHeader.bytes
        do { sealer = try SecretStreamSealer(key: key) } catch { throw BackupError.cannotWrite(path: path, detail: error.description) }
        try write(self.keyHeader + sealer.header.bytes)
    }

    /// Streams the file at `source` into the archive as `name`, hashing what it writes.
    func addFile(_ name: String, from source: String) throws(BackupError) {
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw BackupError.cannotRead(path: source, detail: "cannot open")
        }
        defer { try? input.close() }
        let size: UInt64
        do { size = try input.seekToEnd(); try input.seek(toOffset: 0) } catch {
            throw BackupError.cannotRead(path: source, detail: "\(error)")
        }
        try seal(.entry, Self.entryBody(name, size: size))
        var hasher = SHA256()
        var remaining = size
        while remaining > 0 {
            let data: Data?
            do { data = try input.read(upToCount: Int(min(remaining, UInt64(ArchiveFormat.dataChunkByteCount)))) } catch {
                throw BackupError.cannotRead(path: source, detail: "\(error)")
            }
            guard let data, !data.isEmpty else { throw BackupError.cannotRead(path: source, detail: "the file shrank while it was read") }
            let bytes = [UInt8](data)
            hasher.update(bytes)
            try seal(.data, bytes)
            remaining -= UInt64(bytes.count)
        }
        entries.append(BackupManifest.File(path: name, size: size, sha256: hasher.finalize()))
    }

    /// Adds `bytes` as the entry `name`.
    func addBytes(_ name: String, _ bytes: [UInt8]) throws(BackupError) {
        try seal(.entry, Self.entryBody(name, size: UInt64(bytes.count)))
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + ArchiveFormat.dataChunkByteCount, bytes.count)
            try seal(.data, Array(bytes[offset..<end]))
            offset = end
        }
        entries.append(BackupManifest.File(path: name, size: UInt64(bytes.count), sha256: SHA256.hash(bytes)))
    }

    /// Writes the manifest entry and the final chunk, then flushes the file to disk and closes it.
    func finish(manifest: [UInt8]) throws(BackupError) {
        try seal(.entry, Self.entryBody(ArchiveFormat.manifestPath, size: UInt64(manifest.count)))
        var offset = 0
        while offset < manifest.count {
            let end = min(offset + ArchiveFormat.dataChunkByteCount, manifest.count)
            try seal(.data, Array(manifest[offset..<end]))
            offset = end
        }
        try seal(.end, [], tag: .final)
        do {
            try handle.synchronize()
            try handle.close()
        } catch { throw BackupError.cannotWrite(path: path, detail: "\(error)") }
    }

    /// Closes the file without finishing it (after a failure; the caller removes it).
    func abandon() {
        try? handle.close()
    }

    private func seal(_ kind: ArchiveFormat.Kind, _ body: [UInt8], tag: SecretStream.Tag = .message) throws(BackupError) {
        let sealed: [UInt8]
        do { sealed = try sealer.seal([kind.rawValue] + body, tag: tag, associatedData: keyHeader) } catch {
            throw BackupError.cannotWrite(path: path, detail: error.description)
        }
        try write(ArchiveFormat.bigEndian(UInt64(sealed.count), count: 4) + sealed)
    }

    private func write(_ bytes: [UInt8]) throws(BackupError) {
        do { try handle.write(contentsOf: bytes) } catch { throw BackupError.cannotWrite(path: path, detail: "\(error)") }
    }

    /// An entry chunk's body: path length, path, size.
    static func entryBody(_ name: String, size: UInt64) -> [UInt8] {
        let path = Array(name.utf8)
        return ArchiveFormat.bigEndian(UInt64(path.count), count: 2) + path + ArchiveFormat.bigEndian(size, count: 8)
    }
}
