import Chat
import Config
import HTTP
import Matrix
import Secrets
import Storage
import Support

/// Builds the Matrix worker from the configuration, when `matrix.homeserver_url` is set.
enum MatrixWiring {
    /// The typed settings, or nil when Matrix is off.
    static func configuration(_ configuration: Configuration) throws -> MatrixConfiguration? {
        guard let url = configuration.string("matrix.homeserver_url") else { return nil }
        guard let userID = configuration.string("matrix.user_id"), userID.hasPrefix("@"), userID.contains(":") else {
            throw ConfigError(key: "matrix.user_id", problem: "set the bot's full Matrix user id, e.g. @wardrobe:example.org")
        }
        return MatrixConfiguration(
            homeserverURL: url, userID: userID, inviteAllowlist: InviteAllowlist(configuration.strings("matrix.invite_allowlist")),
            syncTimeoutMilliseconds: configuration.int("matrix.sync_timeout_ms"),
            maxDownloadBytes: configuration.int("images.max_upload_bytes"), maxAttempts: configuration.int("worker.max_attempts"))
    }

    /// The Matrix service feeding `dispatcher`, or nil when Matrix is off.
    static func service(app: App, keys: KeyStore, backend: StorageBackend, dispatcher: ChatDispatcher, clock: any WallClock) throws -> MatrixService? {
        guard let settings = try configuration(app.configuration) else { return nil }
        // Matrix's sync token and end-to-end keys are kept in the SQLite store only: one process per account.
        guard let store = backend.sqlite else {
            throw CLIError("Matrix is not served on PostgreSQL yet (its sync state and encryption keys live in SQLite); unset matrix.homeserver_url on the workers, or run Matrix from one worker with storage.backend = sqlite")
        }
        let redactor = app.redactor
        return MatrixService(
            configuration: settings, http: HTTPClient(), keys: keys, store: store, dispatcher: dispatcher, clock: clock,
            logger: app.logger.child(label: "matrix"), onNewSecret: { redactor.register($0) })
    }
}
