import Bot
import Chat
import Foundation
import HTTP
import Matrix
import ProductImport
import Secrets
import Storage
import Support

/// The Matrix service with a real router, running inside the test process against Synapse.
struct InProcessBot {
    let folder: String
    let store: Store
    let keys: KeyStore
    let dispatcher: ChatDispatcher
    let service: MatrixService

    /// A fresh bot (new data folder, password login); `router` defaults to the real features.
    init(
        _ environment: IntegrationEnvironment, allowlist: [String], allowPrivateNetworks: Bool = false,
        router: ((BotEnvironment) -> Router)? = nil
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-it-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try Store(dataDirectory: folder)
        keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: [:], dataDirectory: folder))
        try keys.set(environment.botPassword, for: SecretName.matrixPassword)
        let logger = Logger(label: "it", level: .notice)
        let configFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config").path
        let botEnvironment = try BotEnvironment(
            store: store, keys: keys, logger: logger, clock: SystemClock(), configFolder: configFolder,
            fetcher: { var fetcher = ProductFetcher.Configuration(); fetcher.allowPrivateNetworks = allowPrivateNetworks; return fetcher }(),
            http: HTTPClient())
        dispatcher = ChatDispatcher(router: router.map { $0(botEnvironment) } ?? Features.router(botEnvironment), logger: logger)
        let configuration = MatrixConfiguration(
            homeserverURL: environment.homeserver, userID: environment.bot, inviteAllowlist: InviteAllowlist(allowlist),
            syncTimeoutMilliseconds: 5000, maxDownloadBytes: 5_000_000)
        service = MatrixService(
            configuration: configuration, http: HTTPClient(), keys: keys, store: store, dispatcher: dispatcher, clock: SystemClock(),
            logger: logger.child(label: "matrix"))
    }

    /// Runs the bot while `body` runs, then stops it.
    func serving<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await dispatcher.run(); return nil }
            group.addTask { try await service.run(); return nil }
            defer { group.cancelAll() }
            do {
                let value = try await body()
                await service.shutdown()
                await dispatcher.finish()
                return value
            } catch {
                await service.shutdown()
                await dispatcher.finish()
                throw error
            }
        }
    }

    func cleanUp() {
        store.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
