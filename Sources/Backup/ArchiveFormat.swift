/// The archive's byte layout, shared by the writer and the reader (documented in docs/backup.md).
///
/// File: the 42-byte key header (`ArchiveKeyHeader`: magic "WDBACKUP", format version, key derivation)
/// · secretstream header (24), then frames of length (4, big-endian) · sealed chunk. Each chunk's plaintext
/// starts with a kind byte. The key header is the associated data of every chunk, so it can't be changed either.
enum ArchiveFormat {
    /// The magic bytes every archive starts with.
    static let magic = Array("WDBACKUP".utf8)
    /// The format this build writes and reads.
    static let version: UInt8 = 1
    /// File data per chunk.
    static let dataChunkByteCount = 64 * 1024
    /// The largest sealed chunk a reader accepts; anything larger is damage, not a reason to allocate.
    static let maximumSealedByteCount = 1 + dataChunkByteCount + 64
    /// The longest path inside an archive, in bytes.
    static let maximumPathByteCount = 1024
    /// The largest manifest a reader holds in memory.
    static let maximumManifestByteCount = 64 << 20
    /// The manifest entry's path: always the last entry.
    static let manifestPath = "manifest.json"
    /// The database snapshot's path inside the archive and the data folder.
    static let databasePath = "wardrobe.sqlite"
    /// The media folder's name inside the archive and the data folder.
    static let mediaFolder = "media"

    /// The kind byte that starts each chunk's plaintext.
    enum Kind: UInt8 {
        /// A new entry: path length (2, big-endian) · path (UTF-8) · size (8, big-endian).
        case entry = 1
        /// The next bytes of the current entry.
        case data = 2
        /// The end of the archive; sealed with the final tag, empty body.
        case end = 3
    }

    /// The low `count` bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    /// The big-endian number in `bytes` (at most 8 of them).
    static func readBigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
