import Foundation
import HTTP
import JSON
import Secrets
import Telegram

/// `wardrobe telegram set-webhook URL` and `delete-webhook`: point Telegram at the bot's webhook
/// (with the secret token, the update types and the connection limit from the configuration), or
/// remove it so long polling works (a webhook makes getUpdates answer 409).
enum TelegramCommand {
    static let usage = "usage: wardrobe telegram set-webhook HTTPS_URL [--drop-pending-updates] | delete-webhook [--drop-pending-updates]"

    static func run(app: App, arguments: [String]) async throws -> Int32 {
        guard let command = arguments.first, ["set-webhook", "delete-webhook"].contains(command) else { return CLI.fail(usage) }
        let keys = try app.openKeyStore()
        guard let client = app.telegramClient(keys: keys, http: HTTPClient()) else {
            return CLI.fail("no Telegram token stored; run wardrobe keys set telegram.token first")
        }
        let drop = arguments.contains("--drop-pending-updates")
        if command == "delete-webhook" {
            do {
                try await client.call("deleteWebhook", ["drop_pending_updates": .bool(drop)])
                print("Webhook deleted; long polling can start (wardrobe run with telegram.mode = polling).")
                return 0
            } catch {
                return CLI.fail("deleteWebhook failed: \(error.description)")
            }
        }
        let rest = arguments.dropFirst().filter { !$0.hasPrefix("--") }
        guard rest.count == 1, let url = rest.first, let parsed = URL(string: url), parsed.scheme?.lowercased() == "https", parsed.host != nil,
              url.utf8.count <= 2048
        else { return CLI.fail("set-webhook needs one https:// URL (Telegram posts only to HTTPS); \(usage)") }
        let secret: WebhookSecret
        do { secret = try webhookSecret(keys: keys) } catch { return CLI.fail("\(error)") }
        let configuration = app.configuration
        let parameters: [String: JSON] = [
            "url": .string(url),
            "secret_token": .string(secret.text),
            "allowed_updates": .array(configuration.strings("telegram.webhook.allowed_updates").map(JSON.string)),
            "max_connections": .int(Int64(configuration.int("telegram.webhook.max_connections"))),
            "drop_pending_updates": .bool(drop),
        ]
        do {
            try await client.call("setWebhook", parameters)
        } catch {
            return CLI.fail("setWebhook failed: \(error.description)")
        }
        let listen = configuration.string("telegram.webhook.listen") ?? "?"
        let path = configuration.string("telegram.webhook.path") ?? "/telegram/webhook"
        print("""
            Webhook set: Telegram now posts updates to \(url) with the stored secret token.
            Forward that URL (TLS ends at your reverse proxy) to http://\(listen)\(path), set telegram.mode to "webhook" and run wardrobe run.
            """)
        if configuration.string("telegram.mode") != "webhook" {
            print("Note: telegram.mode is still \"polling\"; polling gets 409 Conflict while a webhook is set.")
        }
        return 0
    }

    /// The stored webhook secret; a new random one is created and stored when there is none.
    static func webhookSecret(keys: KeyStore) throws -> WebhookSecret {
        if let stored = keys.value(for: SecretName.telegramWebhookSecret) {
            guard let secret = WebhookSecret(stored) else {
                throw CLIError(
                    "the stored \(SecretName.telegramWebhookSecret) breaks Telegram's rule (1-256 of A-Z a-z 0-9 _ -); store a new one or remove it to have one made")
            }
            return secret
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        let text = String((0..<48).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        try keys.set(text, for: SecretName.telegramWebhookSecret)
        print("Created a webhook secret token and stored it in the key file as \(SecretName.telegramWebhookSecret).")
        guard let secret = WebhookSecret(text) else { throw CLIError("could not create a webhook secret") }
        return secret
    }
}
