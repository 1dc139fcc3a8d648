import Bot
import Chat
import Foundation
import HTTP
import Secrets
import Storage
import Support
import TryOn

/// The running bot: storage, keys, the router and the services built from the configuration.
final class Runtime: Sendable {
    let app: App
    /// SQLite in the data folder, or the PostgreSQL several workers share.
    let backend: StorageBackend
    /// The features' and the chat core's storage, on either backend.
    var store: any WardrobeStore { backend.store }
    let keys: KeyStore
    let router: Router
    let clock: any WallClock = SystemClock()
    /// One libcurl-backed client for every outgoing request.
    let http = HTTPClient()
    /// The running transports by name, for messages sent outside handlers (try-on results).
    let transports = TransportDirectory()
    /// Try-on images, resolver, prompts and the job worker.
    let tryOn: TryOnEnvironment
    /// Group votes and the service closing them on time.
    let voteCloser: VoteCloser
    /// The daily outfit service.
    let daily: DailyEnvironment
    /// Counters, gauges and histograms served at `/metrics`.
    let metrics = BotMetrics()

    /// Opens the configured storage backend and builds the bot on it.
    static func open(app: App, keys: KeyStore) async throws -> Runtime {
        let backend = try await app.openBackend(keys: keys, clock: SystemClock())
        do {
            return try Runtime(app: app, keys: keys, backend: backend)
        } catch {
            await backend.close()
            throw error
        }
    }

    private init(app: App, keys: KeyStore, backend: StorageBackend) throws {
        self.app = app
        self.keys = keys
        self.backend = backend
        let store = backend.store
        let environment = try app.botEnvironment(store: store, keys: keys, http: http, clock: clock)
        let outbound = OutboundMessenger(transports: transports, store: store, clock: clock)
        let voting = GroupVoting(
            outbound: outbound, settings: app.votingSettings, logger: app.logger.child(label: "voting"), images: environment.images,
            catalogs: environment.catalogs)
        voteCloser = VoteCloser(voting: voting)
        var dailySettings = app.dailySettings
        // Other workers' new subscriptions are seen within a minute; the send itself is claimed once per chat and day.
        if backend.shared != nil { dailySettings.rereadInterval = 60 }
        daily = environment.makeDaily(outbound: outbound, settings: dailySettings)
        tryOn = try TryOnWiring.environment(
            app: app, store: store, sharedJobLeaseSeconds: backend.sharedJobLeaseSeconds, keys: keys, images: environment.images,
            transports: transports, clock: clock, http: http, voting: voting, providerErrors: metrics.providerErrors, catalogs: environment.catalogs)
        router = Features.router(
            environment.adding(voting: voting).adding(daily: daily).adding(tryOn: tryOn).adding(explainer: app.outfitExplainer(keys: keys, http: http)))
    }

    /// Runs the services until shutdown; returns the exit code.
    func serve(console: Bool) async throws -> Int32 {
        let dispatcher = ChatDispatcher(router: router, logger: app.logger.child(label: "chat")) { [metrics] event, duration in
            metrics.observe(event, duration: duration)
        }
        if let sqlite = backend.sqlite { metrics.collectQueues(from: sqlite, clock: clock) }
        if let shared = backend.shared { metrics.collectQueues(from: shared, clock: clock) }
        var services: [any Service] = [DispatcherService(dispatcher: dispatcher), tryOn.worker, voteCloser, daily.service]
        let housekeepingLogger = app.logger.child(label: "housekeeping")
        switch backend {
        case .sqlite(let sqlite):
            services.append(Housekeeping(store: sqlite, clock: clock, logger: housekeepingLogger))
        case .postgres(let shared):
            services.append(Housekeeping(store: shared.store, clock: clock, logger: housekeepingLogger) { now, retention in
                try await shared.shared.prune(olderThan: now.addingTimeInterval(-retention.processed))
                try await shared.store.pruneHandledEvents(olderThan: now.addingTimeInterval(-retention.processed))
            })
        }
        if console {
            let transport = ConsoleTransport(outputFolder: "\(app.dataDirectory)/console") { line in print(line) }
            transports.register(transport)
            services.append(ConsoleService(dispatcher: dispatcher, transport: transport, logger: app.logger.child(label: "console")))
        }
        if !console, let matrix = try MatrixWiring.service(app: app, keys: keys, backend: backend, dispatcher: dispatcher, clock: clock) {
            transports.register(matrix.transport)
            services.append(matrix.service)
        }
        let telegram = console ? nil : try telegramServices(dispatcher: dispatcher)
        if let telegram { services.append(telegram.poller) }
        if !console { services += try httpServices(telegram: telegram) }
        let group = ServiceGroup(
            services: services, gracePeriod: Double(app.configuration.int("shutdown_grace_seconds")), logger: app.logger)
        try await group.run()
        return 0
    }
}

/// Runs the per-chat dispatcher as a service.
struct DispatcherService: Service {
    let dispatcher: ChatDispatcher
    var name: String { "dispatcher" }
    func run() async throws { await dispatcher.run() }
    func shutdown() async { await dispatcher.finish() }
}
