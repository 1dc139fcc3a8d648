import Bot
import Chat
import Foundation
import Secrets
import Storage
import Support

/// The running bot: storage, keys, the router and the services built from the configuration.
final class Runtime: Sendable {
    let app: App
    let store: Store
    let keys: KeyStore
    let router: Router
    let clock: any WallClock = SystemClock()

    init(app: App, keys: KeyStore) throws {
        self.app = app
        self.keys = keys
        store = try app.openStore()
        router = Features.router(BotEnvironment(
            store: store, keys: keys, logger: app.logger, clock: clock, occasions: try app.loadOccasions()))
    }

    /// Runs the services until shutdown; returns the exit code.
    func serve(console: Bool) async throws -> Int32 {
        let dispatcher = ChatDispatcher(router: router, logger: app.logger.child(label: "chat"))
        var services: [any Service] = [DispatcherService(dispatcher: dispatcher)]
        if console {
            services.append(ConsoleService(
                dispatcher: dispatcher, outputFolder: "\(app.dataDirectory)/console", logger: app.logger.child(label: "console")))
        } else {
            services += telegramServices(dispatcher: dispatcher)
        }
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
