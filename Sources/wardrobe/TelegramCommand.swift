import HTTP
import Telegram

/// `wardrobe telegram delete-webhook`: removes a webhook so long polling works (a webhook makes getUpdates answer 409).
enum TelegramCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        guard arguments.first == "delete-webhook" else {
            return CLI.fail("usage: wardrobe telegram delete-webhook [--drop-pending-updates]")
        }
        let keys = try app.openKeyStore()
        guard let client = app.telegramClient(keys: keys, http: HTTPClient()) else {
            return CLI.fail("no Telegram token stored; run wardrobe keys set telegram.token first")
        }
        do {
            try await client.call("deleteWebhook", ["drop_pending_updates": .bool(arguments.contains("--drop-pending-updates"))])
            print("Webhook deleted; long polling can start (wardrobe run).")
            return 0
        } catch {
            return CLI.fail("deleteWebhook failed: \(error.description)")
        }
    }
}
