import Chat
import Foundation
import Secrets
import Storage
import Support

/// `wardrobe run` and `wardrobe chat`: wire the router to the configured transports and serve.
enum RunCommand {
    /// Serves every configured transport; without credentials, explains how to add them and opens the console.
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        if let notice = app.builtInDataFilesNotice { app.logger.notice(notice) }
        let keys = try app.openKeyStore()
        let hasTelegram = app.configuration.bool("telegram.enabled") && keys.value(for: SecretName.telegramToken) != nil
        let hasMatrix = app.configuration.string("matrix.homeserver_url") != nil
        if !hasTelegram && !hasMatrix || arguments.contains("--console") {
            print(
                """
                No chat network is configured, so Wardrobe starts in this terminal.
                To serve Telegram: wardrobe keys set telegram.token   (the token from @BotFather)
                To serve Matrix:   set matrix.homeserver_url and matrix.user_id in bot-config/wardrobe.json,
                                   then wardrobe keys set matrix.password (or matrix.access_token)
                """)
            return try await console(app: app, keys: keys)
        }
        let runtime = try await Runtime.open(app: app, keys: keys)
        do {
            let code = try await runtime.serve(console: false)
            await runtime.backend.close()
            return code
        } catch {
            await runtime.backend.close()
            throw error
        }
    }

    /// Runs the bot in this terminal.
    static func console(app: App, keys: KeyStore? = nil) async throws -> Int32 {
        let app = try app.loggingToFile()
        if keys == nil, let notice = app.builtInDataFilesNotice { app.logger.notice(notice) }
        let runtime = try await Runtime.open(app: app, keys: keys ?? app.openKeyStore())
        do {
            let code = try await runtime.serve(console: true)
            await runtime.backend.close()
            return code
        } catch {
            await runtime.backend.close()
            throw error
        }
    }
}
