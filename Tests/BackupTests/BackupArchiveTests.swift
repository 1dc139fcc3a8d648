@testable import Backup
import Foundation
import Sodium
import Storage
import Testing

@Suite struct BackupArchiveTests {
    @Test func anArchiveRestoresEveryFileOfTheDataFolderExactly() async throws {
        let fixture = try await BackupFixture()
        let before = try BackupFixture.tree(fixture.data).filter { !$0.key.hasPrefix("wardrobe.sqlite") }
        let (path, manifest) = try BackupArchive.create(.init(dataDirectory: fixture.data), to: fixture.archives, key: .masterKey(fixture.masterKey))
        #expect(path.hasPrefix("\(fixture.archives)/wardrobe-") && path.hasSuffix(".wdbackup"))
        #expect(manifest.mediaFileCount == 6)
        #expect(manifest.tableRows["items"] == 2 && manifest.tableRows["images"] == 6 && manifest.tableRows["users"] == 2)
        #expect(manifest.files.map(\.path).prefix(2) == ["wardrobe.sqlite", "secrets.enc"])

        let target = "\(fixture.root)/restored"
        let outcome = try BackupRestore.restore(path, into: target, key: .masterKey(fixture.masterKey), force: false)
        #expect(outcome.setAside == nil)
        let after = try BackupFixture.tree(target)
        #expect(after.filter { $0.key != "wardrobe.sqlite" } == before)
        let store = try Store(dataDirectory: target)
        defer { store.close() }
        let user = try #require(try await store.user(key: "console:user1"))
        #expect(try await store.items(userID: user.id).map(\.name) == ["Secret-marker jacket 1"])
    }

    @Test func theArchiveHoldsNoPlaintextAndItsKeyIsNotTheMasterKey() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 0)
        let (path, _) = try BackupArchive.create(.init(dataDirectory: fixture.data), to: fixture.archives, key: .masterKey(fixture.masterKey))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("Secret-marker") == false)
        #expect(String(decoding: bytes, as: UTF8.self).contains("SQLite format") == false)
        let archiveKey = try ArchiveKeyHeader(for: .masterKey(fixture.masterKey), limits: .minimum).archiveKey(from: .masterKey(fixture.masterKey), path: path)
        #expect(archiveKey != fixture.masterKey)
    }

    @Test func withoutMediaTheArchiveHoldsNoPhotos() async throws {
        let fixture = try await BackupFixture()
        var configuration = BackupArchive.Configuration(dataDirectory: fixture.data)
        configuration.includeMedia = false
        let (path, manifest) = try BackupArchive.create(configuration, to: "\(fixture.archives)/small.wdbackup", key: .masterKey(fixture.masterKey))
        #expect(manifest.mediaFileCount == 0 && !manifest.includesMedia)
        #expect(try BackupArchive.verify(path, key: .masterKey(fixture.masterKey)).files.count == 2)
    }

    @Test func anExistingArchiveIsNeverOverwritten() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 0)
        let path = "\(fixture.archives)/one.wdbackup"
        _ = try BackupArchive.create(.init(dataDirectory: fixture.data), to: path, key: .masterKey(fixture.masterKey))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: BackupError.archiveExists(path: path)) {
            try BackupArchive.create(.init(dataDirectory: fixture.data), to: path, key: .masterKey(fixture.masterKey))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.archives) == ["one.wdbackup"])
    }

    @Test func restoreRefusesAFolderWithDataUnlessForcedAndThenKeepsTheOldDataAside() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 1)
        let (path, _) = try BackupArchive.create(.init(dataDirectory: fixture.data), to: fixture.archives, key: .masterKey(fixture.masterKey))
        try Data("old".utf8).write(to: URL(fileURLWithPath: "\(fixture.data)/master.key"))
        let oldTree = try BackupFixture.tree(fixture.data)
        let error = #expect(throws: BackupError.self) {
            try BackupRestore.restore(path, into: fixture.data, key: .masterKey(fixture.masterKey), force: false)
        }
        #expect(error == .targetHoldsData(path: fixture.data))
        #expect(error?.userMessage.contains("--force") == true)
        #expect(try BackupFixture.tree(fixture.data) == oldTree)

        let outcome = try BackupRestore.restore(path, into: fixture.data, key: .masterKey(fixture.masterKey), force: true, carryOver: ["master.key"])
        let aside = try #require(outcome.setAside)
        #expect(try BackupFixture.tree(aside) == oldTree)
        #expect(FileManager.default.contents(atPath: "\(fixture.data)/master.key") == Data("old".utf8))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: fixture.root)
        #expect(!siblings.contains { $0.contains(".restore-") })
    }
}
