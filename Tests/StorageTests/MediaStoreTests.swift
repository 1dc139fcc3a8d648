import Foundation
import Storage
import Testing

@Suite struct MediaStoreTests {
    static func temporaryRoot() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID())").path
    }

    @Test func imagesAreContentAddressedPerUser() throws {
        let media = MediaStore(root: Self.temporaryRoot())
        defer { try? FileManager.default.removeItem(atPath: media.root) }
        let digest = try media.put(Array("hello".utf8), userID: 7, fileExtension: "jpg")
        #expect(digest == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(media.existingPath(userID: 7, sha256: digest) == "\(media.root)/7/2c/\(digest).jpg")
        #expect(try media.put(Array("hello".utf8), userID: 7, fileExtension: "jpg") == digest)
        #expect(media.existingPath(userID: 8, sha256: digest) == nil)
    }

    @Test func writesLeaveNoTempFilesAndFilesArePrivate() throws {
        let media = MediaStore(root: Self.temporaryRoot())
        defer { try? FileManager.default.removeItem(atPath: media.root) }
        let digest = try media.put([UInt8](repeating: 9, count: 100_000), userID: 1, fileExtension: "png")
        let folder = "\(media.root)/1/\(digest.prefix(2))"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["\(digest).png"])
        let mode = try FileManager.default.attributesOfItem(atPath: "\(folder)/\(digest).png")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func readersNeverSeeAPartialFile() async throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/big.bin"
        let old = [UInt8](repeating: 1, count: 1_000_000)
        let new = [UInt8](repeating: 2, count: 1_000_000)
        try AtomicFile.write(old, to: path, mode: 0o600)
        let sizes = await withTaskGroup(of: [Int].self) { group in
            group.addTask {
                var seen: [Int] = []
                for _ in 0..<60 {
                    if let data = FileManager.default.contents(atPath: path) {
                        // Every read is all old bytes or all new bytes, never a mix or a short file.
                        let uniform = data.first.map { first in data.allSatisfy { $0 == first } } ?? false
                        seen.append(uniform ? data.count : -1)
                    }
                }
                return seen
            }
            group.addTask {
                for round in 0..<10 { try? AtomicFile.write(round % 2 == 0 ? new : old, to: path, mode: 0o600) }
                return []
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(!sizes.isEmpty)
        #expect(sizes.allSatisfy { $0 == 1_000_000 })
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let root = Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/keep.bin"
        try AtomicFile.write([1, 2, 3], to: path, mode: 0o600)
        // Renaming a file over a non-empty folder fails: the write must not touch the old content.
        try FileManager.default.createDirectory(atPath: "\(root)/blocked/inner", withIntermediateDirectories: true)
        #expect(throws: StorageError.self) { try AtomicFile.write([9, 9], to: "\(root)/blocked", mode: 0o600) }
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["blocked", "keep.bin"])
    }
}
