/// Names of secrets in the key file, and the scheme for per-user names.
///
/// A user's key is `user.<escaped user id>.<service>`, e.g. `user.telegram:123.openrouter`. Dots and `%` in
/// the user id are percent-escaped (`.` → `%2E`), so `user.<id>.` prefixes never overlap between users:
/// a Matrix id like `@ann:example.org` becomes `user.@ann:example%2Eorg.openrouter`.
public enum SecretName {
    /// The Telegram bot token.
    public static let telegramToken = "telegram.token"
    /// The secret token Telegram sends with every webhook delivery (`X-Telegram-Bot-Api-Secret-Token`).
    public static let telegramWebhookSecret = "telegram.webhook.secret_token"
    /// The Matrix access token.
    public static let matrixAccessToken = "matrix.access_token"
    /// The Matrix account password, used to log in when there is no access token.
    public static let matrixPassword = "matrix.password"
    /// The Matrix device id that belongs to the access token.
    public static let matrixDeviceID = "matrix.device_id"
    /// The libpq connection string of the shared PostgreSQL (`storage.backend = postgres`); it may hold a password.
    public static let postgresConninfo = "postgres.conninfo"
    /// The operator's OpenRouter API key.
    public static let openRouter = "openrouter"

    /// The longest name accepted.
    public static let maximumLength = 256

    /// The name of `userID`'s own key for `service`, e.g. `user("telegram:123", service: "openrouter")`.
    public static func user(_ userID: String, service: String) -> String {
        userPrefix(userID) + service
    }

    /// The prefix shared by all of `userID`'s keys and no other user's, for `/forget`.
    public static func userPrefix(_ userID: String) -> String {
        var escaped = ""
        for character in userID {
            switch character {
            case "%": escaped += "%25"
            case ".": escaped += "%2E"
            default: escaped.append(character)
            }
        }
        return "user.\(escaped)."
    }

    /// True for a non-empty name of at most `maximumLength` bytes without whitespace or control characters.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumLength
            && name.unicodeScalars.allSatisfy { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }
}
