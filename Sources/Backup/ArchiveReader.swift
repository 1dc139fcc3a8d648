import Foundation
import JSON
import Sodium

/// Receives the files of an archive as they are read; nothing is final until `read` returns.
protocol ArchiveSink {
    /// A new file `path` of `size` bytes begins.
    func begin(_ path: String, size: UInt64) throws(BackupError)
    /// The next bytes of the current file.
    func write(_ bytes: [UInt8]) throws(BackupError)
    /// The current file is complete.
    func end() throws(BackupError)
}

/// Reads and checks a whole archive: every chunk's authentication and order, the final tag, no trailing
/// bytes, and every file against the manifest. Throws on the first problem.
struct ArchiveReader {
    /// The archive's path.
    let path: String
    /// The master key or passphrase it was sealed with.
    let key: BackupKey

    /// Reads the archive, handing each file to `sink`, and returns the checked manifest.
    func read(into sink: some ArchiveSink) throws(BackupError) -> BackupManifest {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BackupError.cannotRead(path: path, detail: "cannot open") }
        defer { try? handle.close() }
        let magic = try readExactly(handle, ArchiveFormat.magic.count + 1, allowEmpty: false)
        guard Array(magic.prefix(ArchiveFormat.magic.count)) == ArchiveFormat.magic else { throw BackupError.notAnArchive(path: path) }
        guard magic.last == ArchiveFormat.version else {
            throw BackupError.unsupportedFormat(path: path, version: Int(magic.last ?? 0))
        }
        let headerBytes = magic + (try readExactly(handle, ArchiveKeyHeader.byteCount - magic.count, allowEmpty: false))
        let archiveKey = try ArchiveKeyHeader(parsing: headerBytes, path: path).archiveKey(from: key, path: path)
        let opener: SecretStreamOpener
        do {
            let header = try SecretStream.Header(bytes: try readExactly(handle, SecretStream.Header.byteCount, allowEmpty: false))
            opener = try SecretStreamOpener(key: archiveKey, header: header)
        } catch let error as BackupError { throw error } catch { throw BackupError.wrongKeyOrChangedStart(path: path) }

        var state = ReadState(archive: path)
        var chunkIndex = 0
        while !opener.isFinished {
            let lengthBytes = try readExactly(handle, 4, allowEmpty: true)
            guard !lengthBytes.isEmpty else { throw BackupError.truncated(path: path) }
            let length = Int(ArchiveFormat.readBigEndian(lengthBytes[...]))
            guard length >= SecretStream.overheadByteCount + 1, length <= ArchiveFormat.maximumSealedByteCount else {
                throw chunkIndex == 0
                    ? BackupError.wrongKeyOrChangedStart(path: path)
                    : BackupError.damaged(path: path, detail: "chunk \(chunkIndex) has an impossible length \(length)")
            }
            let sealed = try readExactly(handle, length, allowEmpty: false)
            let opened: (plaintext: [UInt8], tag: SecretStream.Tag)
            do { opened = try opener.open(sealed, associatedData: headerBytes) } catch {
                throw chunkIndex == 0
                    ? BackupError.wrongKeyOrChangedStart(path: path)
                    : BackupError.damaged(path: path, detail: "chunk \(chunkIndex) failed authentication (changed, moved or cut)")
            }
            try state.apply(opened.plaintext, final: opened.tag == .final, chunk: chunkIndex, sink: sink)
            chunkIndex += 1
        }
        let trailing: Data?
        do { trailing = try handle.read(upToCount: 1) } catch { throw BackupError.cannotRead(path: path, detail: "\(error)") }
        if let trailing, !trailing.isEmpty { throw BackupError.damaged(path: path, detail: "bytes after the final chunk") }
        return try state.checkedManifest()
    }

    private func readExactly(_ handle: FileHandle, _ count: Int, allowEmpty: Bool) throws(BackupError) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let data: Data?
            do { data = try handle.read(upToCount: count - bytes.count) } catch {
                throw BackupError.cannotRead(path: path, detail: "\(error)")
            }
            guard let data, !data.isEmpty else {
                if bytes.isEmpty && allowEmpty { return [] }
                throw BackupError.truncated(path: path)
            }
            bytes += data
        }
        return bytes
    }
}

/// What the reader has seen so far: the current file, the files done, the manifest bytes.
private struct ReadState {
    let archive: String
    var current: (path: String, size: UInt64, remaining: UInt64, hasher: SHA256)?
    var files: [BackupManifest.File] = []
    var seen: Set<String> = []
    var manifestBytes: [UInt8]?
    var ended = false

    init(archive: String) { self.archive = archive }

    mutating func apply(_ plaintext: [UInt8], final: Bool, chunk: Int, sink: some ArchiveSink) throws(BackupError) {
        func damaged(_ detail: String) -> BackupError { .damaged(path: archive, detail: "chunk \(chunk): \(detail)") }
        guard let kindByte = plaintext.first, let kind = ArchiveFormat.Kind(rawValue: kindByte) else { throw damaged("unknown kind") }
        let body = plaintext.dropFirst()
        guard final == (kind == .end) else { throw damaged("the final tag is on the wrong chunk") }
        switch kind {
        case .entry:
            try closeCurrent(sink: sink, chunk: chunk)
            guard manifestBytes == nil else { throw damaged("an entry after the manifest") }
            guard body.count >= 10 else { throw damaged("short entry") }
            let pathLength = Int(ArchiveFormat.readBigEndian(body.prefix(2)))
            guard pathLength > 0, pathLength <= ArchiveFormat.maximumPathByteCount, body.count == 2 + pathLength + 8 else {
                throw damaged("bad entry header")
            }
            let start = body.startIndex + 2
            let path = String(decoding: body[start..<start + pathLength], as: UTF8.self)
            let size = ArchiveFormat.readBigEndian(body[(start + pathLength)...])
            guard ArchivePath.isAllowed(path), seen.insert(path).inserted else { throw damaged("bad or repeated path") }
            if path == ArchiveFormat.manifestPath {
                guard size <= UInt64(ArchiveFormat.maximumManifestByteCount) else { throw damaged("manifest too large") }
                manifestBytes = []
            } else {
                try sink.begin(path, size: size)
            }
            current = (path, size, size, SHA256())
        case .data:
            guard var entry = current, UInt64(body.count) <= entry.remaining, !body.isEmpty else { throw damaged("data outside an entry") }
            let bytes = Array(body)
            entry.remaining -= UInt64(bytes.count)
            if entry.path == ArchiveFormat.manifestPath {
                manifestBytes? += bytes
            } else {
                entry.hasher.update(bytes)
                try sink.write(bytes)
            }
            current = entry
        case .end:
            guard current?.path == ArchiveFormat.manifestPath else { throw damaged("the archive ends without a manifest") }
            try closeCurrent(sink: sink, chunk: chunk)
            ended = true
        }
    }

    mutating func closeCurrent(sink: some ArchiveSink, chunk: Int) throws(BackupError) {
        guard let entry = current else { return }
        guard entry.remaining == 0 else { throw BackupError.damaged(path: archive, detail: "chunk \(chunk): \(entry.path) is incomplete") }
        if entry.path != ArchiveFormat.manifestPath {
            files.append(BackupManifest.File(path: entry.path, size: entry.size, sha256: entry.hasher.finalize()))
            try sink.end()
        }
        current = nil
    }

    func checkedManifest() throws(BackupError) -> BackupManifest {
        guard ended, let manifestBytes else { throw BackupError.truncated(path: archive) }
        let json: JSON
        do { json = try JSON.parse(bytes: manifestBytes) } catch {
            throw BackupError.manifestMismatch(path: archive, detail: "manifest is not JSON")
        }
        let manifest = try BackupManifest(json: json, archive: archive)
        guard manifest.files.count == files.count else {
            throw BackupError.manifestMismatch(path: archive, detail: "manifest lists \(manifest.files.count) files, archive holds \(files.count)")
        }
        for (listed, found) in zip(manifest.files, files) where listed != found {
            throw BackupError.manifestMismatch(path: archive, detail: "\(found.path): size or SHA-256 differs")
        }
        guard manifest.files.contains(where: { $0.path == ArchiveFormat.databasePath }) else {
            throw BackupError.manifestMismatch(path: archive, detail: "no database in the archive")
        }
        return manifest
    }
}

/// Which paths an archive may hold: the database, the key file, and files under `media/`, never `..`.
enum ArchivePath {
    /// True for a relative path of plain components inside the allowed places.
    static func isAllowed(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
              !path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
        if components.count == 1 { return !path.hasPrefix(".") }
        return components[0] == Substring(ArchiveFormat.mediaFolder)
    }
}
