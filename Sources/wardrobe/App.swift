import Closet
import Config
import Defaults
import Foundation
import Secrets
import Storage
import Support

/// What every subcommand shares: the configuration, the logger and the data folder.
struct App {
    let configuration: Configuration
    let logger: Logger
    let redactor: Redactor
    let environment: [String: String]
    /// Absolute or working-directory-relative data folder.
    let dataDirectory: String
    /// The folder whose data files override the built-in ones (see `dataFileFolder`); empty when there is none.
    let configDirectory: String

    /// Loads the config file (explicit path, else `bot-config/wardrobe.json` when present) and the environment.
    static func load(configPath: String?) throws -> App {
        let environment = ProcessInfo.processInfo.environment
        let path = configPath ?? (FileManager.default.fileExists(atPath: "bot-config/wardrobe.json") ? "bot-config/wardrobe.json" : nil)
        if let configPath, !FileManager.default.fileExists(atPath: configPath) {
            throw ConfigError(key: configPath, problem: "config file not found")
        }
        let configuration = try ConfigLoader.load(path: path, environment: environment)
        let redactor = Redactor()
        let level = LogLevel(name: configuration.string("log.level") ?? "info") ?? .info
        let logger = Logger(label: "wardrobe", level: level, redactor: redactor)
        return App(
            configuration: configuration, logger: logger, redactor: redactor, environment: environment,
            dataDirectory: configuration.string("data_directory") ?? "./data",
            configDirectory: dataFileFolder(besides: path))
    }

    /// Opens the database and media folder, creating and migrating them as needed.
    func openStore() throws -> Store {
        try Store(dataDirectory: dataDirectory)
    }

    /// Opens the encrypted key file, generating `master.key` on first run, and registers every
    /// secret with the log redactor.
    func openKeyStore() throws -> KeyStore {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let source = try MasterKeySource.resolve(environment: environment, dataDirectory: dataDirectory)
        if let notice = source.notice { logger.notice(notice) }
        let path = "\(dataDirectory)/\(configuration.string("secrets.file") ?? "secrets.enc")"
        let store = try KeyStore.open(path: path, key: source)
        redactor.register(store.allValues())
        return store
    }

    /// Where data files (occasions.json, keywords.json, prompts.json…) are read from first: the config file's
    /// folder when it holds occasions.json (e.g. /etc/wardrobe), else `bot-config/` in the working directory when
    /// it exists, else nil (the built-in copies only).
    static func dataFileFolder(besides configPath: String?) -> String {
        if let configPath {
            let folder = (configPath as NSString).deletingLastPathComponent
            let candidate = folder.isEmpty ? "." : folder
            if FileManager.default.fileExists(atPath: "\(candidate)/occasions.json") { return candidate }
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "bot-config", isDirectory: &isFolder), isFolder.boolValue { return "bot-config" }
        return ""
    }

    /// Reads one data file (e.g. `occasions.json`): the config folder's copy when there is one, else the copy
    /// built into the binary; a clear error when neither exists.
    func configFile(_ name: String) throws -> String {
        if !configDirectory.isEmpty, let data = FileManager.default.contents(atPath: "\(configDirectory)/\(name)") {
            return String(decoding: data, as: UTF8.self)
        }
        guard let text = DataFiles.builtIn(name) else {
            throw ConfigError(key: name, problem: "file not found in \(configDirectory.isEmpty ? "the working directory" : configDirectory)")
        }
        return text
    }

    /// Where `name` is read from, for error messages: the config folder's file, or "built-in name".
    func configFileSource(_ name: String) -> String {
        if !configDirectory.isEmpty, FileManager.default.fileExists(atPath: "\(configDirectory)/\(name)") { return "\(configDirectory)/\(name)" }
        return "built-in \(name)"
    }

    /// One start-up line naming the data files served from the built-in copies, or nil when the folder has them all.
    var builtInDataFilesNotice: String? {
        let builtIn = DataFiles.names.filter { configFileSource($0).hasPrefix("built-in") }
        guard !builtIn.isEmpty else { return nil }
        let list = builtIn.joined(separator: ", ")
        if configDirectory.isEmpty { return "No bot-config/ folder found: serving with the built-in \(list)." }
        return "Using the built-in \(list) (not in \(configDirectory)/)."
    }

    /// The occasions catalog from `occasions.json`.
    func loadOccasions() throws -> OccasionCatalog {
        do { return try OccasionCatalog(jsonText: try configFile("occasions.json")) } catch let error as ClosetError {
            throw ConfigError(key: configFileSource("occasions.json"), problem: error.detail)
        }
    }
}
