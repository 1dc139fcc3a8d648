import Foundation
import Sodium

/// Images on disk, one folder per user, named by the SHA-256 of their bytes.
///
/// Layout: `ROOT/<user id>/<first two hex digits>/<sha256>.<ext>`, cached thumbnails beside as `<sha256>-t<side>.jpg`. Files are written
/// atomically (temp file, fsync, rename), so a crash never leaves a half image.
public struct MediaStore: Sendable {
    /// The media root, e.g. `data/media`.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The SHA-256 (lowercase hex) that names these bytes.
    public static func digest(of bytes: [UInt8]) -> String { SHA256.hash(bytes) }

    /// Stores `bytes` for `userID` and returns their SHA-256; storing the same bytes twice is a no-op.
    @discardableResult
    public func put(_ bytes: [UInt8], userID: Int64, fileExtension: String) throws(StorageError) -> String {
        let digest = MediaStore.digest(of: bytes)
        let path = self.path(userID: userID, sha256: digest, fileExtension: fileExtension)
        if FileManager.default.fileExists(atPath: path) { return digest }
        try AtomicFile.write(bytes, to: path, mode: 0o600)
        return digest
    }

    /// The bytes stored under `sha256`, whatever their extension.
    public func get(userID: Int64, sha256: String) throws(StorageError) -> [UInt8] {
        guard let path = existingPath(userID: userID, sha256: sha256) else {
            throw StorageError.notFound("image \(sha256.prefix(12))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StorageError.media(path: path, reason: "unreadable")
        }
        return [UInt8](data)
    }

    /// The path of a stored image, or nil when it is not on disk.
    public func existingPath(userID: Int64, sha256: String) -> String? {
        let folder = self.folder(userID: userID, sha256: sha256)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.first { $0.hasPrefix(sha256 + ".") }.map { "\(folder)/\($0)" }
    }

    /// Removes one image file and the thumbnails made from it; missing files are fine.
    public func remove(userID: Int64, sha256: String) throws(StorageError) {
        removeThumbnails(userID: userID, sha256: sha256)
        guard let path = existingPath(userID: userID, sha256: sha256) else { return }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw StorageError.media(path: path, reason: "cannot remove: \(error)")
        }
    }

    /// Where the `side`-pixel JPEG thumbnail of an image is cached: beside it, as `<sha256>-t<side>.jpg`.
    ///
    /// The name never starts with `<sha256>.`, so `existingPath` cannot mistake a thumbnail for its image.
    public func thumbnailPath(userID: Int64, sha256: String, side: Int) -> String {
        "\(folder(userID: userID, sha256: sha256))/\(sha256)-t\(side).jpg"
    }

    /// The cached thumbnail, or nil when none was made yet (or it cannot be read).
    public func thumbnail(userID: Int64, sha256: String, side: Int) -> [UInt8]? {
        FileManager.default.contents(atPath: thumbnailPath(userID: userID, sha256: sha256, side: side)).map { [UInt8]($0) }
    }

    /// Caches a thumbnail made from the image `sha256` (written atomically, so readers never see half a file).
    public func putThumbnail(_ bytes: [UInt8], userID: Int64, sha256: String, side: Int) throws(StorageError) {
        try AtomicFile.write(bytes, to: thumbnailPath(userID: userID, sha256: sha256, side: side), mode: 0o600)
    }

    private func removeThumbnails(userID: Int64, sha256: String) {
        let folder = self.folder(userID: userID, sha256: sha256)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(sha256 + "-t") { try? FileManager.default.removeItem(atPath: "\(folder)/\(name)") }
    }

    /// Removes every file of one user.
    public func removeAll(userID: Int64) throws(StorageError) {
        let folder = "\(root)/\(userID)"
        guard FileManager.default.fileExists(atPath: folder) else { return }
        do { try FileManager.default.removeItem(atPath: folder) } catch {
            throw StorageError.media(path: folder, reason: "cannot remove: \(error)")
        }
    }

    /// The (user, digest) pairs with an image or thumbnail file on disk whose newest file was written
    /// before `cutoff`; names that are not the store's (temporary files) are left out.
    public func storedImages(writtenBefore cutoff: Date) -> [(userID: Int64, sha256: String)] {
        let files = FileManager.default
        var newest: [String: (userID: Int64, sha256: String, written: Date)] = [:]
        for user in (try? files.contentsOfDirectory(atPath: root)) ?? [] {
            guard let userID = Int64(user) else { continue }
            for prefix in (try? files.contentsOfDirectory(atPath: "\(root)/\(user)")) ?? [] where prefix.count == 2 {
                let folder = "\(root)/\(user)/\(prefix)"
                for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] {
                    let sha256 = String(name.prefix(64))
                    let rest = name.dropFirst(64)
                    guard sha256.hasPrefix(prefix), Self.isDigest(sha256), rest.hasPrefix(".") || rest.hasPrefix("-t"),
                        let written = (try? files.attributesOfItem(atPath: "\(folder)/\(name)"))?[.modificationDate] as? Date
                    else { continue }
                    let key = "\(userID)/\(sha256)"
                    if let seen = newest[key], seen.written >= written { continue }
                    newest[key] = (userID, sha256, written)
                }
            }
        }
        return newest.values.filter { $0.written < cutoff }.map { ($0.userID, $0.sha256) }
    }

    private static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Where an image with this digest and extension lives.
    public func path(userID: Int64, sha256: String, fileExtension: String) -> String {
        "\(folder(userID: userID, sha256: sha256))/\(sha256).\(fileExtension)"
    }

    private func folder(userID: Int64, sha256: String) -> String {
        "\(root)/\(userID)/\(sha256.prefix(2))"
    }
}
