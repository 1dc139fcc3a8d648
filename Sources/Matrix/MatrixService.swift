import Chat
import Foundation
import HTTP
import JSON
import Secrets
import Storage
import Support
import Synchronization

/// The Matrix worker: logs in, long-polls `/sync`, turns room events into `ChatEvent`s for the
/// dispatcher, and persists the sync position together with the handled events.
public final class MatrixService: Service {
    public let name = "matrix"
    /// Cursor-table key of the sync position (`processed_updates` uses the same transport name).
    static let cursorKey = "matrix"
    /// Cursor-table key of the filter id.
    static let filterKey = "matrix.filter"
    /// Crypto-store kind of the device id of the account's last login (one row per Matrix user id).
    static let loginDeviceKind = "login_device"
    /// The sync loop pauses while this many events are being handled.
    static let maxEventsInFlight = 100

    let configuration: MatrixConfiguration
    let client: MatrixClient
    let session: MatrixSession
    /// The sending side; features answer through it.
    public let transport: MatrixTransport
    let store: any MatrixStore
    let dispatcher: ChatDispatcher
    let clock: any WallClock
    let logger: Logger
    let attribution: SendAttribution
    /// Batches whose events are still being handled; the stored sync position follows the oldest.
    let ledger = SyncLedger()
    let mapper: EventMapper
    /// Room id → private or group, from sync summaries or `joined_members`.
    let roomKinds = Mutex<[String: ChatKind]>([:])
    /// End-to-end encryption: the device, its keys, and encrypting what the bot sends.
    let encryptor: RoomEncryptor
    /// Workers sharing PostgreSQL: events go to the shared inbox instead of this process's dispatcher.
    let sharing: Sharing?
    /// The access token last published to the other workers.
    let publishedToken = Mutex<String?>(nil)
    private let stopSignal: AsyncStream<Void>
    private let stopContinuation: AsyncStream<Void>.Continuation

    /// A worker for `configuration`; `onNewSecret` receives fresh access tokens (for log redaction).
    public init(
        configuration: MatrixConfiguration, http: any HTTPTransport, keys: KeyStore, store: any MatrixStore, dispatcher: ChatDispatcher,
        clock: any WallClock, logger: Logger, onNewSecret: @escaping @Sendable (String) -> Void = { _ in }, sharing: Sharing? = nil
    ) {
        self.sharing = sharing
        self.configuration = configuration
        session = MatrixSession(keys: keys, onNewSecret: onNewSecret)
        let client = MatrixClient(http: http, baseURL: configuration.homeserverURL, session: session)
        self.client = client
        self.store = store
        self.dispatcher = dispatcher
        self.clock = clock
        self.logger = logger
        attribution = SendAttribution()
        encryptor = RoomEncryptor(client: client, keys: keys, store: store, userID: configuration.userID, clock: clock, logger: logger)
        let outbox = MatrixOutbox(
            client: client, store: store, attribution: attribution, configuration: configuration, clock: clock, logger: logger,
            encryptor: encryptor)
        transport = MatrixTransport(outbox: outbox, userID: configuration.userID, logger: logger)
        let limit = configuration.maxDownloadBytes
        mapper = EventMapper(botUserID: configuration.userID, maxDownloadBytes: limit) { uri in
            try await client.download(uri, maxBytes: limit)
        }
        (stopSignal, stopContinuation) = AsyncStream<Void>.makeStream()
    }

    /// Syncs until `shutdown()`, cancellation, or an error only the operator can fix (then it throws).
    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.loop() }
            group.addTask { for await _ in self.stopSignal {} }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }

    /// A rejected login or an outage ends this run; the service group runs it again after a backoff
    /// while the other networks keep serving.
    public var terminationPolicy: TerminationPolicy { .restart(Backoff(base: 5, cap: 300)) }

    /// Stops syncing; events already submitted are finished by the dispatcher.
    public func shutdown() async {
        stopContinuation.finish()
    }

    /// The sync loop: a thin driver around `SyncStateMachine`.
    func loop() async throws {
        // Rows a crash left unsent go out once this run can send: after its login, before its first sync.
        var resentPending = false
        var machine = SyncStateMachine(
            since: try await storedPosition(), filterID: try await storedFilterID(),
            hasToken: await session.accessToken != nil, canLogIn: await session.canLogIn,
            timeoutMilliseconds: configuration.syncTimeoutMilliseconds, backoff: configuration.backoff)
        var action = machine.start()
        while !Task.isCancelled {
            do {
                switch action {
                case .logIn:
                    try await logIn()
                    action = machine.loggedIn()
                case .createFilter:
                    action = machine.filterCreated(try await createFilter())
                case .sync(let since, let filterID, let timeout):
                    if !resentPending {
                        await transport.outbox.resendPending()
                        resentPending = true
                    }
                    try await publishKeysOnce()
                    try await publishTokenIfChanged()
                    let json = try await client.sync(since: since, filterID: filterID, timeoutMilliseconds: timeout)
                    let response = try SyncResponse(json, userID: configuration.userID)
                    try await handle(response, initial: since == nil)
                    action = machine.synced(nextBatch: response.nextBatch)
                case .wait(let seconds):
                    try await clock.sleep(seconds: seconds)
                    action = machine.waited()
                case .stop(let error):
                    logger.critical("matrix stopped", ["error": error, "fix": Self.fix(for: error)])
                    throw error
                }
            } catch let error as MatrixError {
                if case .stop = action { throw error }
                if case .network(.cancelled) = error { throw CancellationError() }
                logger.warning("matrix request failed", ["error": error, "failures": machine.failures + 1])
                action = machine.failed(error)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                logger.error("matrix sync handling failed", ["error": "\(error)"])
                action = machine.failed(.local("\(error)"))
            }
        }
        throw CancellationError()
    }

    /// Logs in with the stored password, reusing the stored device.
    func logIn() async throws {
        guard let password = await session.password else { throw MatrixError.missingCredentials }
        // The device of the last login anywhere: a worker taking the account over keeps its encryption identity.
        var deviceID = await session.deviceID
        if deviceID == nil { deviceID = try await store.matrixCryptoValue(kind: Self.loginDeviceKind, id: configuration.userID) }
        let result = try await client.login(
            user: configuration.userID, password: password, deviceID: deviceID, displayName: configuration.deviceDisplayName)
        do {
            try await session.loggedIn(accessToken: result.accessToken, deviceID: result.deviceID)
            try await store.saveMatrixCrypto(
                [MatrixCryptoRecord(kind: Self.loginDeviceKind, id: configuration.userID, value: result.deviceID)], now: clock.now())
        } catch {
            throw MatrixError.local("cannot store the access token or device: \(error)")
        }
        logger.notice("logged in to matrix", ["user": configuration.userID, "device": result.deviceID])
    }

    /// What the operator should do about a fatal error.
    static func fix(for error: MatrixError) -> String {
        switch error {
        case .missingCredentials: return "run: wardrobe keys set matrix.password (or matrix.access_token)"
        case .unknownToken: return "the access token is no longer valid; store a new one or a password: wardrobe keys set matrix.password"
        case .forbidden: return "the homeserver refused the login; check matrix.user_id and the stored matrix.password"
        default: return "check the homeserver and the logs above"
        }
    }
}
