/// The bounds every image store checks before it writes: on SQLite (files in the media folder) and on
/// PostgreSQL (rows), so a caller that forgot its own check still cannot store an unbounded value.
///
/// The entrances check earlier and tighter (downloads are capped, photos re-encoded by `intake`);
/// these are the store's own backstop, with the same answer on every backend.
public enum ImageLimits {
    /// The largest image or thumbnail stored: 32 MiB, above every download cap (Matrix's 25 MiB is the largest).
    public static let maximumBytes = 32 * 1024 * 1024
    /// The longest mime type accepted ("image/jpeg" and its kin are far shorter).
    public static let maximumMimeTypeLength = 100
    /// Widths and heights, when known, lie in 1…this.
    public static let maximumDimension = 100_000
    /// Thumbnail sides lie in 1…this.
    public static let maximumThumbnailSide = 4096

    /// Throws `StorageError.imageRefused` when an image to save breaks a bound.
    public static func checkImage(_ bytes: [UInt8], mimeType: String, width: Int?, height: Int?) throws(StorageError) {
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { throw .imageRefused("\(bytes.count) bytes") }
        guard !mimeType.isEmpty, mimeType.utf8.count <= maximumMimeTypeLength,
            mimeType.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { throw .imageRefused("mime type of \(mimeType.utf8.count) bytes") }
        for dimension in [width, height] {
            if let dimension, !(1...maximumDimension).contains(dimension) { throw .imageRefused("dimension \(dimension)") }
        }
    }

    /// Throws `StorageError.imageRefused` when a thumbnail to cache breaks a bound or names no possible image.
    public static func checkThumbnail(_ bytes: [UInt8], sha256: String, side: Int) throws(StorageError) {
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { throw .imageRefused("thumbnail of \(bytes.count) bytes") }
        guard (1...maximumThumbnailSide).contains(side) else { throw .imageRefused("thumbnail side \(side)") }
        guard isDigest(sha256) else { throw .imageRefused("thumbnail of a malformed digest") }
    }

    /// True for a SHA-256 as images are named: 64 lowercase hexadecimal digits. Anything else names no image
    /// (and, on SQLite, must never become part of a path).
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
