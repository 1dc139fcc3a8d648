import Backup
import Foundation
import Secrets
import Sodium

/// `wardrobe backup [--without-media] FILE|FOLDER`, `wardrobe backup --verify FILE` and `wardrobe restore [--force] FILE`.
enum BackupCommand {
    /// The usage line for both commands.
    static let usage = "usage: wardrobe backup [--without-media] FILE|FOLDER | backup --verify FILE | restore [--force] FILE"

    /// `wardrobe backup`: writes or verifies an archive.
    static func backup(app: App, arguments: [String]) throws -> Int32 {
        let flags = arguments.filter { $0.hasPrefix("--") }
        let paths = arguments.filter { !$0.hasPrefix("--") }
        guard paths.count == 1, Set(flags).isSubset(of: ["--without-media", "--verify"]) else { return CLI.fail(usage) }
        let (key, _) = try resolveKey(app: app)
        if flags.contains("--verify") {
            let manifest = try BackupArchive.verify(paths[0], key: key)
            print("\(paths[0]) is intact: \(describe(manifest))")
            return 0
        }
        var configuration = BackupArchive.Configuration(dataDirectory: app.dataDirectory)
        configuration.keyFileName = app.configuration.string("secrets.file") ?? MasterKeySource.secretsFileName
        configuration.includeMedia = !flags.contains("--without-media")
        configuration.wardrobeVersion = BuildInfo.description
        let (path, manifest) = try BackupArchive.create(configuration, to: paths[0], key: key) { step in
            switch step {
            case .snapshotTaken(let bytes): print("Database snapshot taken (\(bytes) bytes); the bot may keep writing.")
            case .mediaAdded(let count): print("\(count) media files added…")
            }
        }
        print("Wrote \(path): \(describe(manifest))")
        print("Restoring it needs the master key (or passphrase); keep it somewhere other than this archive.")
        return 0
    }

    /// `wardrobe restore`: restores an archive into the data folder.
    static func restore(app: App, arguments: [String]) throws -> Int32 {
        let flags = arguments.filter { $0.hasPrefix("--") }
        let paths = arguments.filter { !$0.hasPrefix("--") }
        guard paths.count == 1, Set(flags).isSubset(of: ["--force"]) else { return CLI.fail(usage) }
        let (key, source) = try resolveKey(app: app)
        // Archives never hold master.key; when the key came from the data folder, it moves with the restored data.
        var carryOver: [String] = []
        if case .file(_, let path) = source, path == "\(app.dataDirectory)/\(MasterKeySource.masterKeyFileName)" {
            carryOver.append(MasterKeySource.masterKeyFileName)
        }
        let outcome = try BackupRestore.restore(
            paths[0], into: app.dataDirectory, key: key, force: flags.contains("--force"), carryOver: carryOver)
        print("Restored \(app.dataDirectory) from \(paths[0]): \(describe(outcome.manifest))")
        if let aside = outcome.setAside { print("The previous data folder was kept as \(aside).") }
        return 0
    }

    /// The key that already exists (never a new one): `WARDROBE_MASTER_KEY`, `WARDROBE_MASTER_KEY_FILE`,
    /// `WARDROBE_PASSPHRASE`, then the data folder's master.key.
    static func resolveKey(app: App) throws -> (BackupKey, MasterKeySource) {
        let source = try MasterKeySource.resolve(environment: app.environment, dataDirectory: app.dataDirectory, generate: false)
        switch source {
        case .environment(let key), .file(let key, _), .generated(let key, _): return (.masterKey(key), source)
        case .passphrase(let passphrase): return (.passphrase(passphrase), source)
        }
    }

    /// One line about an archive's contents.
    static func describe(_ manifest: BackupManifest) -> String {
        let items = manifest.tableRows["items"].map(String.init) ?? "?"
        let looks = manifest.tableRows["looks"].map(String.init) ?? "?"
        let users = manifest.tableRows["users"].map(String.init) ?? "?"
        return "\(users) users, \(items) items, \(looks) looks, \(manifest.mediaFileCount) media files; "
            + "taken \(manifest.createdAt) by Wardrobe \(manifest.wardrobeVersion)"
    }
}
