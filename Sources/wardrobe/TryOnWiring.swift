import Bot
import Chat
import Config
import Foundation
import Images
import Secrets
import Storage
import Support
import TryOn

/// Builds the try-on pieces from the configuration: image limits, prompts, the provider resolver and the worker.
enum TryOnWiring {
    /// Try-on environment and worker, reaching chats through `transports`.
    static func environment(
        app: App, store: Store, keys: KeyStore, images: ImageProcessor, transports: TransportDirectory, clock: any WallClock,
        voting: GroupVoting? = nil
    ) throws -> TryOnEnvironment {
        let configuration = app.configuration
        let resolver = KeyedProviderResolver(
            lookup: { keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
            operatorSecretName: { $0.rawValue }, make: makeProvider)
        let settings = TryOnSettings(
            defaultService: TryOnService(rawValue: configuration.string("tryon.default_service") ?? "") ?? .openrouter,
            dailyQuota: configuration.int("tryon.daily_quota"))
        let worker = TryOnWorker.Configuration(
            globalConcurrency: configuration.int("tryon.global_concurrency"),
            providerTimeout: Double(configuration.int("tryon.provider_timeout_seconds")))
        return TryOnEnvironment.make(
            store: store, images: images, resolver: resolver, prompts: try app.loadPrompts(), settings: settings,
            workerConfiguration: worker, transports: transports, clock: clock, logger: app.logger,
            registerSecret: { [redactor = app.redactor] in redactor.register($0) }, voting: voting)
    }

    /// Builds a provider for a service and key.
    ///
    /// TODO(lead): replace with `ProviderFactory.make(service:key:settings:http:)` once the providers
    /// branch is merged; until then every try-on fails with a clear "not available" message.
    static let makeProvider: KeyedProviderResolver.Factory = { service, _ throws(TryOnError) in
        throw TryOnError.badRequest(service, message: "no \(service.displayName) client in this build")
    }
}

extension App {
    /// The prompt templates from `prompts.json` beside the config file; the built-in Default when it is missing.
    func loadPrompts() throws -> PromptCatalog {
        let path = "\(configDirectory.isEmpty ? "." : configDirectory)/prompts.json"
        guard FileManager.default.fileExists(atPath: path) else {
            logger.notice("prompts.json not found; using the built-in Default prompt", ["path": path])
            return PromptCatalog.builtIn
        }
        do { return try PromptCatalog(jsonText: try configFile("prompts.json")) } catch let error as TryOnConfigurationError {
            throw ConfigError(key: path, problem: error.description)
        }
    }
}
