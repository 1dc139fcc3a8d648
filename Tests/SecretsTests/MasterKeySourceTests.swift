#if canImport(Glibc)
import Glibc
#endif
import Secrets
import Sodium
import Testing

@Suite struct MasterKeySourceTests {
    let folder = TestFolder()

    @Test func theEnvironmentKeyWinsOverEverythingElse() throws {
        let key = SecretKey.random()
        folder.write("master.key", Array(SecretKey.random().base64().utf8))
        let source = try MasterKeySource.resolve(
            environment: ["WARDROBE_MASTER_KEY": key.base64(), "WARDROBE_PASSPHRASE": "env words"],
            dataDirectory: folder.path, passphrase: "explicit words")
        guard case .environment(let found) = source else { Issue.record("got \(source)"); return }
        #expect(found == key)
        #expect(source.notice == nil)
    }

    @Test func aPassphraseWinsOverTheKeyFileAndAnExplicitOneOverTheEnvironment() throws {
        folder.write("master.key", Array(SecretKey.random().base64().utf8))
        let explicit = try MasterKeySource.resolve(
            environment: ["WARDROBE_PASSPHRASE": "env words"], dataDirectory: folder.path, passphrase: "explicit words")
        guard case .passphrase("explicit words") = explicit else { Issue.record("got \(explicit)"); return }
        let fromEnvironment = try MasterKeySource.resolve(
            environment: ["WARDROBE_PASSPHRASE": "env words"], dataDirectory: folder.path)
        guard case .passphrase("env words") = fromEnvironment else { Issue.record("got \(fromEnvironment)"); return }
        #expect(fromEnvironment.key == nil)
    }

    @Test func anExistingKeyFileIsUsed() throws {
        let key = SecretKey.random()
        folder.write("master.key", Array((key.base64() + "\n").utf8))
        let source = try MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY": " "], dataDirectory: folder.path)
        guard case .file(let found, let path) = source else { Issue.record("got \(source)"); return }
        #expect(found == key)
        #expect(path == "\(folder.path)/master.key")
    }

    @Test func theFirstRunGeneratesAKeyFileWithMode0600AndSaysSo() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let source = try MasterKeySource.resolve(environment: [:], dataDirectory: folder.path)
        guard case .generated(let key, let path) = source else { Issue.record("got \(source)"); return }
        #expect(path == "\(folder.path)/master.key")
        #expect(folder.mode("master.key") == 0o600)
        #expect(folder.files() == ["master.key"])
        #expect(try SecretKey(base64: String(decoding: try #require(folder.bytes("master.key")), as: UTF8.self)) == key)
        #expect(source.notice?.contains("master.key") == true)
        #expect(source.notice?.contains(key.base64()) == false)

        let again = try MasterKeySource.resolve(environment: [:], dataDirectory: folder.path)
        guard case .file(let reread, _) = again else { Issue.record("got \(again)"); return }
        #expect(reread == key)
    }

    @Test func aMissingDataFolderIsCreatedOnTheFirstRun() throws {
        let data = "\(folder.path)/data"
        defer {
            unlink("\(data)/master.key")
            rmdir(data)
        }
        let source = try MasterKeySource.resolve(environment: [:], dataDirectory: data)
        guard case .generated = source else { Issue.record("got \(source)"); return }
    }

    @Test func aKeyIsNotGeneratedWhenTheKeyFileAlreadyExists() throws {
        folder.write("secrets.enc", Array("WDSECRET".utf8))
        let error = #expect(throws: SecretsError.self) {
            try MasterKeySource.resolve(environment: [:], dataDirectory: folder.path)
        }
        #expect(error == .masterKeyMissing(secretsPath: "\(folder.path)/secrets.enc", keyPath: "\(folder.path)/master.key"))
        #expect(folder.files() == ["secrets.enc"])
    }

    @Test func aKeyFileNamedByTheEnvironmentIsUsedAndAMissingOneIsReported() throws {
        let key = SecretKey.random()
        folder.write("credential", Array((key.base64() + "\n").utf8))
        let path = "\(folder.path)/credential"
        let source = try MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY_FILE": path], dataDirectory: folder.path)
        #expect(source.key == key)
        #expect(source.description == "file \(path)")
        let error = #expect(throws: SecretsError.self) {
            try MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY_FILE": "\(folder.path)/missing"], dataDirectory: folder.path)
        }
        guard case .malformedMasterKeyFile = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(folder.files() == ["credential"])
    }

    @Test func noKeyIsGeneratedWhenGenerationIsOff() {
        let error = #expect(throws: SecretsError.self) {
            try MasterKeySource.resolve(environment: [:], dataDirectory: folder.path, generate: false)
        }
        #expect(error == .masterKeyMissing(secretsPath: "\(folder.path)/secrets.enc", keyPath: "\(folder.path)/master.key"))
        #expect(folder.files().isEmpty)
    }

    @Test(arguments: ["not base64!", "AAAA", Base64.encode(Array(repeating: 1, count: 31))])
    func aMalformedEnvironmentKeyNamesTheVariable(value: String) {
        let error = #expect(throws: SecretsError.self) {
            try MasterKeySource.resolve(environment: ["WARDROBE_MASTER_KEY": value], dataDirectory: folder.path)
        }
        guard case .malformedMasterKey(let variable, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(variable == "WARDROBE_MASTER_KEY")
        #expect(error?.userMessage.hasPrefix("WARDROBE_MASTER_KEY must be 32 random bytes in base64") == true)
        #expect(folder.files().isEmpty)
    }

    @Test func aMalformedKeyFileIsReported() {
        folder.write("master.key", Array("garbage".utf8))
        let error = #expect(throws: SecretsError.self) {
            try MasterKeySource.resolve(environment: [:], dataDirectory: folder.path)
        }
        #expect(error == .malformedMasterKeyFile(path: "\(folder.path)/master.key", detail: SodiumError.invalidBase64.description))
    }

    @Test func descriptionsNameTheSourceButNotTheKey() {
        let key = SecretKey.random()
        for source in [MasterKeySource.environment(key), .file(key, path: "data/master.key"), .passphrase("pass words")] {
            #expect(!"\(source)".contains(key.base64()))
            #expect(!String(reflecting: source).contains(key.base64()))
            #expect(!"\(source)".contains("pass words"))
        }
    }
}
