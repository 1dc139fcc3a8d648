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

    /// The Matrix service feeding `dispatcher` and the transport features send through, or nil when Matrix is off.
    /// On SQLite this process serves the account; on PostgreSQL the worker elected for it does.
    static func service(
        app: App, keys: KeyStore, backend: StorageBackend, dispatcher: ChatDispatcher, clock: any WallClock
    ) throws -> (service: any Service, transport: any ChatTransport)? {
        guard let settings = try configuration(app.configuration) else { return nil }
        let redactor = app.redactor
        let logger = app.logger.child(label: "matrix")
        switch backend {
        case .sqlite(let store):
            let service = MatrixService(
                configuration: settings, http: HTTPClient(), keys: keys, store: store, dispatcher: dispatcher, clock: clock, logger: logger,
                onNewSecret: { redactor.register($0) })
            return (service, service.transport)
        case .postgres(let shared):
            let store = shared.store
            let transport = SharedMatrixTransport(
                userID: settings.userID, store: store, clock: clock, logger: logger,
                relaySeconds: app.configuration.double("storage.postgres.matrix_relay_seconds"))
            let token = SharedAccessToken(store: store, keys: keys, userID: settings.userID, clock: clock)
            let sharing = MatrixService.Sharing(inbox: shared.shared, token: token)
            // Every worker handles rooms' events from the shared inbox, downloading pictures with the elected worker's token.
            let reader = SharedMediaReader(
                token: token, http: HTTPClient(), homeserverURL: settings.homeserverURL, clock: clock, onNewSecret: { redactor.register($0) })
            let mapper = EventMapper(botUserID: settings.userID, maxDownloadBytes: settings.maxDownloadBytes) { uri in
                try await reader.download(uri, maxBytes: settings.maxDownloadBytes)
            }
            let claims = MatrixClaimLoop(
                inbox: shared.shared, transport: transport, store: store, dispatcher: dispatcher, mapper: mapper,
                configuration: MatrixClaimLoop.Configuration(
                    claimsInFlight: app.configuration.int("storage.postgres.claims_in_flight"),
                    renewSeconds: app.configuration.double("storage.postgres.lease_seconds") / 3, maxAttempts: settings.maxAttempts),
                clock: clock, logger: logger)
            let service = SharedMatrixService(userID: settings.userID, transport: transport, shared: shared.shared, claims: claims, logger: logger) {
                MatrixService(
                    configuration: settings, http: HTTPClient(), keys: keys, store: store, dispatcher: dispatcher, clock: clock, logger: logger,
                    onNewSecret: { redactor.register($0) }, sharing: sharing)
            }
            return (service, transport)
        }
    }
}
