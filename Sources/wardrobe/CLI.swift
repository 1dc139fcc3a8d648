import Config
import Foundation
import Secrets
import Support

/// The `wardrobe` command line: subcommands and their shared options.
enum CLI {
    static let usage = """
        usage: wardrobe [--config FILE] COMMAND

        commands:
          run                       serve Telegram/Matrix (falls back to the console without credentials)
          chat                      talk to the bot in this terminal
          doctor                    check config, database, key file and services
          keys set NAME             store a secret read from stdin (no echo on a terminal)
          keys list                 list secret names (never values)
          keys remove NAME          delete a secret
          outfit OCCASION --user ID [--seed S] [--count N] [--json]
                                    run the outfit engine on a user's closet
          closet export --user ID   print a user's closet as JSON
          closet import FILE --user ID
                                    load a closet file (all rows or none)
          import URL                fetch a product page and print the extracted fields as JSON (nothing saved)
          import --html FILE [--url PAGE_URL]
                                    the same from a saved page, without network access (no --url:
                                    the address the page names, e.g. its canonical link)
          bench outfit|import|images|pictures|telegram|scale|all
                                    run benchmarks and print their figures
          config defaults|docs|check  print every setting's default, a docs table, or validate
          telegram set-webhook HTTPS_URL
                                    point Telegram at this bot's webhook (telegram.mode = webhook)
          telegram delete-webhook   remove a webhook so long polling works (fixes 409 Conflict)
          backup [--without-media] FILE|FOLDER
                                    write an encrypted archive of the data folder while the bot runs
          backup --verify FILE      check an archive completely without restoring it
          restore [--force] FILE    restore an archive into the data folder (stop the bot first)
          --version                 print the version and the commit it was built from
        """

    static func main(_ arguments: [String]) async -> Int32 {
        var arguments = arguments
        var configPath = ProcessInfo.processInfo.environment["WARDROBE_CONFIG"]
        if let index = arguments.firstIndex(of: "--config") {
            guard index + 1 < arguments.count else { return fail("--config needs a file path", usage: true) }
            configPath = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
        }
        guard let command = arguments.first else { return fail("missing command", usage: true) }
        let rest = Array(arguments.dropFirst())
        if command == "help" || command == "--help" || command == "-h" {
            print(usage)
            return 0
        }
        if command == "--version" || command == "version" {
            print("wardrobe \(BuildInfo.description)")
            return 0
        }
        let app: App
        do {
            app = try App.load(configPath: configPath)
        } catch let error as ConfigError {
            return fail(error.description)
        } catch {
            return fail("\(error)")
        }
        do {
            switch command {
            case "run": return try await RunCommand.run(app: app, arguments: rest)
            case "chat": return try await RunCommand.console(app: app)
            case "doctor": return await DoctorCommand.run(app: app)
            case "keys": return try KeysCommand.run(app: app, arguments: rest)
            case "config": return ConfigCommand.run(app: app, arguments: rest)
            case "closet": return try await ClosetCommand.run(app: app, arguments: rest)
            case "outfit": return try await ClosetCommand.outfit(app: app, arguments: rest)
            case "import": return try await ImportCommand.run(app: app, arguments: rest)
            case "telegram": return try await TelegramCommand.run(app: app, arguments: rest)
            case "bench": return try await BenchCommand.run(app: app, arguments: rest)
            case "backup": return try BackupCommand.backup(app: app, arguments: rest)
            case "restore": return try BackupCommand.restore(app: app, arguments: rest)
            default:
                return fail("unknown command \(command)", usage: true)
            }
        } catch let error as CLIError {
            return fail(error.description)
        } catch let error as any UserFacingError {
            return fail(error.userMessage)
        } catch let error as SecretsError {
            return fail(error.userMessage)
        } catch {
            return fail("\(error)")
        }
    }

    /// Prints one error line (and the usage when asked) and returns the exit code.
    static func fail(_ message: String, usage showUsage: Bool = false) -> Int32 {
        FileHandle.standardError.write(Data("wardrobe: \(message)\n".utf8))
        if showUsage { FileHandle.standardError.write(Data((usage + "\n").utf8)) }
        return showUsage ? 2 : 1
    }
}
