#if canImport(Glibc)
import Glibc
#endif
@testable import Secrets
import Sodium
import Testing

@Suite struct KeyStoreTests {
    let folder = TestFolder()
    let key = MasterKeySource.environment(SecretKey.random())
    var path: String { "\(folder.path)/secrets.enc" }

    @Test func secretsSurviveClosingAndReopeningTheFile() throws {
        let store = try KeyStore.open(path: path, key: key)
        try store.set("123:telegram-token", for: "telegram.token")
        try store.set("sk-or-abc", for: "openrouter")
        let reopened = try KeyStore.open(path: path, key: key)
        #expect(reopened.value(for: "telegram.token") == "123:telegram-token")
        #expect(reopened.value(for: "openrouter") == "sk-or-abc")
        #expect(reopened.value(for: "missing") == nil)
        #expect(reopened.names() == ["openrouter", "telegram.token"])
    }

    @Test func openingAMissingFileCreatesAnEmptyOne() throws {
        let store = try KeyStore.open(path: path, key: key)
        #expect(store.names().isEmpty)
        #expect(folder.files() == ["secrets.enc"])
        #expect(try KeyStore.open(path: path, key: key).names().isEmpty)
    }

    @Test func aWrongKeyGivesOneClearErrorAndLeavesTheFileUnchanged() throws {
        try KeyStore.open(path: path, key: key).set("value", for: "telegram.token")
        let before = folder.bytes("secrets.enc")
        let wrong = MasterKeySource.environment(SecretKey.random())
        let error = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: wrong) }
        #expect(error == .cannotDecrypt(path: path, keySource: "WARDROBE_MASTER_KEY"))
        #expect(error?.userMessage == "The key file \(path) can't be decrypted: the master key is wrong or the file "
            + "was changed. Restore the right WARDROBE_MASTER_KEY; the file was left untouched.")
        #expect(folder.bytes("secrets.enc") == before)
        #expect(folder.files() == ["secrets.enc"])
    }

    @Test(arguments: [
        (offset: 0, expected: "corruptHeader"),  // magic
        (offset: 8, expected: "unsupportedVersion"),  // version
        (offset: 9, expected: "corruptHeader"),  // KDF kind
        (offset: 12, expected: "corruptHeader"),  // opslimit must be zero for a master key
        (offset: 50, expected: "cannotDecrypt"),  // nonce
        (offset: 70, expected: "cannotDecrypt"),  // ciphertext
        (offset: -1, expected: "cannotDecrypt"),  // tag
    ])
    func aChangedByteIsReportedAndTheFileIsUnchanged(offset: Int, expected: String) throws {
        try KeyStore.open(path: path, key: key).set("value", for: "telegram.token")
        var bytes = try #require(folder.bytes("secrets.enc"))
        bytes[offset >= 0 ? offset : bytes.count + offset] ^= 0x04
        folder.write("secrets.enc", bytes)
        let error = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: key) }
        #expect(error.map(Self.caseName) == expected)
        #expect(folder.bytes("secrets.enc") == bytes)
        #expect(folder.files() == ["secrets.enc"])
    }

    @Test(arguments: [0, 5, 30, 66, 81])
    func aTruncatedFileIsReportedAndLeftAlone(length: Int) throws {
        try KeyStore.open(path: path, key: key).set("value", for: "telegram.token")
        let truncated = Array(try #require(folder.bytes("secrets.enc")).prefix(length))
        folder.write("secrets.enc", truncated)
        let error = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: key) }
        #expect(error.map(Self.caseName) == "corruptHeader")
        #expect(error?.userMessage.contains("damaged") == true)
        #expect(folder.bytes("secrets.enc") == truncated)
    }

    @Test func aFileCutInsideTheCiphertextFailsToDecrypt() throws {
        try KeyStore.open(path: path, key: key).set("a longer value to cut", for: "telegram.token")
        let bytes = try #require(folder.bytes("secrets.enc"))
        folder.write("secrets.enc", Array(bytes.dropLast(3)))
        let error = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: key) }
        #expect(error.map(Self.caseName) == "cannotDecrypt")
    }

    @Test func theFileNeverContainsThePlaintext() throws {
        let secret = "zebra-PLAINTEXT-canary-7f3a9c"
        let store = try KeyStore.open(path: path, key: key)
        try store.set(secret, for: "user.telegram:42.openrouter")
        let bytes = try #require(folder.bytes("secrets.enc"))
        #expect(!bytes.contains(bytes: Array(secret.utf8)))
        #expect(!bytes.contains(bytes: Array("PLAINTEXT-canary".utf8)))
        // The secret in base64 at each of the three byte alignments, minus the edge characters that depend on neighbours.
        for shift in 0..<3 {
            let encoded = Array(Base64.encode(Array(repeating: 0x22, count: shift) + Array(secret.utf8)).utf8)
            #expect(!bytes.contains(bytes: Array(encoded.dropFirst(4).dropLast(4))))
        }
        #expect(!bytes.contains(bytes: Array("openrouter".utf8)))
        #expect(!bytes.contains(bytes: Array("secrets".utf8)))
    }

    @Test func theFileHasMode0600EvenWithAPermissiveUmask() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let store = try KeyStore.open(path: path, key: key)
        #expect(folder.mode("secrets.enc") == 0o600)
        try store.set("value", for: "telegram.token")
        #expect(folder.mode("secrets.enc") == 0o600)
    }

    @Test func everyWriteUsesAFreshNonce() throws {
        let store = try KeyStore.open(path: path, key: key)
        var nonces: Set<[UInt8]> = []
        for round in 0..<5 {
            try store.set("value \(round)", for: "telegram.token")
            let bytes = try #require(folder.bytes("secrets.enc"))
            nonces.insert(Array(bytes[42..<66]))
        }
        #expect(nonces.count == 5)
    }

    @Test func aFailedRenameKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        let failing = AtomicFile(failBeforeRename: true)
        try KeyStore.open(path: path, key: key).set("old", for: "telegram.token")
        let before = folder.bytes("secrets.enc")
        let store = try KeyStore.open(path: path, key: key, limits: .minimum, writer: failing)
        #expect(throws: SecretsError.self) { try store.set("new", for: "telegram.token") }
        #expect(store.value(for: "telegram.token") == "old")
        #expect(folder.bytes("secrets.enc") == before)
        #expect(folder.files() == ["secrets.enc"])
        #expect(try KeyStore.open(path: path, key: key).value(for: "telegram.token") == "old")
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores folder permissions"))
    func aReadOnlyFolderKeepsTheOldFileIntact() throws {
        try KeyStore.open(path: path, key: key).set("old", for: "telegram.token")
        let before = folder.bytes("secrets.enc")
        let store = try KeyStore.open(path: path, key: key)
        chmod(folder.path, 0o500)
        defer { chmod(folder.path, 0o700) }
        let error = #expect(throws: SecretsError.self) { try store.set("new", for: "telegram.token") }
        #expect(error.map(Self.caseName) == "fileSystem")
        #expect(store.value(for: "telegram.token") == "old")
        #expect(folder.bytes("secrets.enc") == before)
        #expect(folder.files() == ["secrets.enc"])
    }

    @Test func passphraseModeKeepsTheSaltAndLimitsInTheHeader() throws {
        let store = try KeyStore.open(path: path, key: .passphrase("open sesame"), limits: .minimum)
        try store.set("value", for: "telegram.token")
        let bytes = try #require(folder.bytes("secrets.enc"))
        let header = try SecretsFileHeader(parsing: bytes, path: path)
        guard case .argon2id(let limits, let salt) = header.derivation else {
            Issue.record("expected an Argon2id header")
            return
        }
        #expect(bytes[9] == 1)
        #expect(limits == .minimum)
        #expect(Array(bytes[26..<42]) == salt.bytes)
        let derived = try Argon2id.deriveKey(passphrase: "open sesame", salt: salt, limits: limits)
        let opened = try XChaCha20Poly1305.open(
            Array(bytes[66...]), key: derived, nonce: header.nonce, associatedData: Array(bytes[..<66]))
        #expect(!opened.isEmpty)

        let reopened = try KeyStore.open(path: path, key: .passphrase("open sesame"))
        #expect(reopened.value(for: "telegram.token") == "value")
        try reopened.set("second", for: "openrouter")
        let after = try #require(folder.bytes("secrets.enc"))
        #expect(Array(after[26..<42]) == salt.bytes)
    }

    @Test(arguments: [
        (operations: UInt64(1), memory: UInt64(4) << 30),  // 4 GiB
        (operations: UInt64(1), memory: UInt64(Argon2id.Limits.ceiling.memory) + 1024),
        (operations: UInt64(9), memory: UInt64(8192)),
        (operations: UInt64.max, memory: UInt64(8192)),
    ])
    func aHeaderAskingArgon2idForTooMuchIsRefusedBeforeDeriving(operations: UInt64, memory: UInt64) throws {
        try KeyStore.open(path: path, key: .passphrase("open sesame"), limits: .minimum).set("v", for: "a")
        var bytes = try #require(folder.bytes("secrets.enc"))
        for index in 0..<8 {
            bytes[10 + index] = UInt8(truncatingIfNeeded: operations >> UInt64((7 - index) * 8))
            bytes[18 + index] = UInt8(truncatingIfNeeded: memory >> UInt64((7 - index) * 8))
        }
        folder.write("secrets.enc", bytes)
        let error = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: .passphrase("open sesame")) }
        #expect(error.map(Self.caseName) == "corruptHeader")
        #expect(error?.description.contains("Argon2id limits out of range") == true)
    }

    @Test func theLimitsThisBotWritesAreWithinTheCeiling() {
        #expect(Argon2id.Limits.moderate.isAccepted())
        #expect(Argon2id.Limits.interactive.isAccepted())
        #expect(!Argon2id.Limits(operations: 1, memory: 1 << 30).isAccepted())
    }

    @Test func aWrongPassphraseOrTheWrongKindOfKeyIsReported() throws {
        try KeyStore.open(path: path, key: .passphrase("open sesame"), limits: .minimum).set("v", for: "a")
        let wrong = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: .passphrase("open sesam")) }
        #expect(wrong == .cannotDecrypt(path: path, keySource: "passphrase (WARDROBE_PASSPHRASE)"))
        let kind = #expect(throws: SecretsError.self) { try KeyStore.open(path: path, key: key) }
        #expect(kind.map(Self.caseName) == "wrongKeyKind")
    }

    @Test func forgettingAUserRemovesOnlyThatUsersKeys() throws {
        let store = try KeyStore.open(path: path, key: key)
        try store.set("a", for: SecretName.user("telegram:123", service: "openrouter"))
        try store.set("b", for: SecretName.user("telegram:123", service: "fal"))
        try store.set("c", for: SecretName.user("telegram:1234", service: "openrouter"))
        try store.set("d", for: SecretName.user("@ann:example.org", service: "openrouter"))
        try store.set("e", for: SecretName.user("@ann:example.org.evil", service: "openrouter"))
        try store.set("f", for: "openrouter")

        #expect(try store.forget(user: "telegram:123") == ["user.telegram:123.fal", "user.telegram:123.openrouter"])
        #expect(try store.forget(user: "@ann:example.org") == ["user.@ann:example%2Eorg.openrouter"])
        #expect(try store.forget(user: "nobody") == [])
        let reopened = try KeyStore.open(path: path, key: key)
        #expect(reopened.allValues().sorted() == ["c", "e", "f"])
    }

    @Test func removingReportsWhetherTheSecretExisted() throws {
        let store = try KeyStore.open(path: path, key: key)
        try store.set("v", for: "matrix.password")
        #expect(try store.remove("matrix.password"))
        #expect(try !store.remove("matrix.password"))
        #expect(try KeyStore.open(path: path, key: key).names().isEmpty)
        #expect(try store.removeAll(prefix: "matrix.") == [])
    }

    @Test func invalidNamesAreRejected() throws {
        let store = try KeyStore.open(path: path, key: key)
        for name in ["", "two words", "tab\there", "new\nline"] {
            #expect(throws: SecretsError.invalidName(name)) { try store.set("v", for: name) }
        }
        #expect(store.names().isEmpty)
    }

    @Test func descriptionsNeverRevealValuesButAllValuesListsThem() throws {
        let store = try KeyStore.open(path: path, key: key)
        try store.set("hunter2-secret", for: "telegram.token")
        #expect(!"\(store)".contains("hunter2"))
        #expect(!String(reflecting: store).contains("hunter2"))
        #expect("\(store)".contains("1 secret)"))
        #expect(store.allValues() == ["hunter2-secret"])
        #expect(!"\(key)".contains(try #require(key.key).base64()))
    }

    /// The enum case name of an error, for argument tables.
    static func caseName(_ error: SecretsError) -> String {
        Mirror(reflecting: error).children.first?.label ?? "\(error)"
    }
}
