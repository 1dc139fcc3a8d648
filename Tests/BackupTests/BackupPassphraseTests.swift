@testable import Backup
import Foundation
import Sodium
import Testing

/// Archives of a bot whose key file uses a passphrase are sealed under that passphrase, with their own salt.
@Suite struct BackupPassphraseTests {
    static func configuration(_ fixture: BackupFixture) -> BackupArchive.Configuration {
        var configuration = BackupArchive.Configuration(dataDirectory: fixture.data)
        configuration.passphraseLimits = .minimum
        return configuration
    }

    @Test func aPassphraseArchiveRestoresWithThePassphraseOnly() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 1)
        let (path, _) = try BackupArchive.create(Self.configuration(fixture), to: fixture.archives, key: .passphrase("open sesame"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[9] == 1)
        #expect(try BackupArchive.verify(path, key: .passphrase("open sesame")).mediaFileCount == 1)
        #expect(throws: BackupError.wrongKeyOrChangedStart(path: path)) { try BackupArchive.verify(path, key: .passphrase("open sesam")) }
        let kind = #expect(throws: BackupError.self) { try BackupArchive.verify(path, key: .masterKey(fixture.masterKey)) }
        #expect(kind == .wrongKeyKind(path: path, sealedWith: "a passphrase (WARDROBE_PASSPHRASE)"))
        let target = "\(fixture.root)/restored"
        _ = try BackupRestore.restore(path, into: target, key: .passphrase("open sesame"), force: false)
        #expect(try BackupFixture.tree(target)["secrets.enc"] == (try BackupFixture.tree(fixture.data)["secrets.enc"]))
    }

    @Test func aMasterKeyArchiveRefusesAPassphrase() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 0)
        let (path, _) = try BackupArchive.create(Self.configuration(fixture), to: fixture.archives, key: .masterKey(fixture.masterKey))
        let error = #expect(throws: BackupError.self) { try BackupArchive.verify(path, key: .passphrase("open sesame")) }
        #expect(error == .wrongKeyKind(path: path, sealedWith: "the master key (WARDROBE_MASTER_KEY)"))
        #expect(error?.userMessage.contains("Provide that instead") == true)
    }

    @Test func aHeaderAskingArgon2idForTooMuchIsRefusedBeforeDeriving() async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 0)
        let (path, _) = try BackupArchive.create(Self.configuration(fixture), to: fixture.archives, key: .passphrase("open sesame"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let memory = UInt64(4) << 30
        for index in 0..<8 { bytes[18 + index] = UInt8(truncatingIfNeeded: memory >> UInt64((7 - index) * 8)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BackupError.self) { try BackupArchive.verify(path, key: .passphrase("open sesame")) }
        #expect(error?.description.contains("Argon2id limits out of range") == true)
    }
}
