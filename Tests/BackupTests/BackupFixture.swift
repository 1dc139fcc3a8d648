import Closet
import Foundation
import Sodium
import Storage

/// A data folder with a few users, items and photos, plus a folder for archives; both removed on deinit.
final class BackupFixture {
    let root: String
    var data: String { "\(root)/data" }
    var archives: String { "\(root)/archives" }
    let masterKey = SecretKey.random()

    init(users: Int = 2, photosPerUser: Int = 3) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())").path
        try FileManager.default.createDirectory(atPath: "\(root)/archives", withIntermediateDirectories: true)
        let store = try Store(dataDirectory: "\(root)/data")
        defer { store.close() }
        for userIndex in 0..<users {
            let user = try await store.user(transport: "console", externalID: "user\(userIndex)")
            _ = try await store.addItem(
                ClosetItem(name: "Secret-marker jacket \(userIndex)", category: .outerwear, formality: 3, color: ItemColor(name: "navy", family: .navy)),
                userID: user.id)
            for photo in 0..<photosPerUser {
                let bytes = (0..<(40_000 + photo * 30_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ photo &+ userIndex * 7) }
                _ = try await store.saveImage(bytes, userID: user.id, mimeType: "image/jpeg", width: 10, height: 10)
            }
        }
        try Data("sealed key file stand-in".utf8).write(to: URL(fileURLWithPath: "\(root)/data/secrets.enc"))
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Every file under `folder` with its SHA-256, by relative path.
    static func tree(_ folder: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for relative in FileManager.default.subpaths(atPath: folder) ?? [] {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: "\(folder)/\(relative)", isDirectory: &isFolder)
            if !isFolder.boolValue { result[relative] = try SHA256.hash(fileAt: "\(folder)/\(relative)") }
        }
        return result
    }

    /// The archive's frames after the 66-byte clear start (key header and stream header): each 4-byte length plus its sealed chunk.
    static func frames(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var frames: [ArraySlice<UInt8>] = []
        var offset = 66
        while offset + 4 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            frames.append(bytes[offset..<min(offset + 4 + length, bytes.count)])
            offset += 4 + length
        }
        return frames
    }
}
