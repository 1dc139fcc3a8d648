import Bot
import Chat
import Config
import Foundation
import HTTP
import Images
import Localization
import Metrics
import Secrets
import Storage
import Support
import TryOn

/// Builds the try-on pieces from the configuration: image limits, prompts, the provider resolver and the worker.
enum TryOnWiring {
    /// Try-on environment and worker, reaching chats through `transports`.
    static func environment(
        app: App, store: any WardrobeStore, sharedJobLeaseSeconds: Double?, keys: KeyStore, images: ImageProcessor, transports: TransportDirectory,
        clock: any WallClock, http: any HTTPTransport, voting: GroupVoting? = nil, providerErrors: MetricFamily? = nil, catalogs: Catalogs = .builtIn
    ) throws -> TryOnEnvironment {
        let configuration = app.configuration
        let resolver = KeyedProviderResolver(
            lookup: { keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
            operatorSecretName: { $0.rawValue },
            make: { [settings = providerSettings(app)] service, key throws(TryOnError) in
                let provider = ProviderFactory.make(service: service, key: key, settings: settings, http: http)
                guard let providerErrors else { return provider }
                return ObservedProvider(base: provider, errors: providerErrors)
            })
        let settings = TryOnSettings(
            defaultService: TryOnService(rawValue: configuration.string("tryon.default_service") ?? "") ?? .openrouter,
            dailyQuota: configuration.int("tryon.daily_quota"))
        var worker = TryOnWorker.Configuration(
            globalConcurrency: configuration.int("tryon.global_concurrency"),
            providerTimeout: Double(configuration.int("tryon.provider_timeout_seconds")))
        if let lease = sharedJobLeaseSeconds {
            worker.leaseRenewInterval = lease / 3
            worker.recoveryInterval = lease
        }
        return TryOnEnvironment.make(
            store: store, images: images, resolver: resolver, prompts: try app.loadPrompts(), settings: settings,
            workerConfiguration: worker, transports: transports, clock: clock, logger: app.logger,
            registerSecret: { [redactor = app.redactor] in redactor.register($0) }, voting: voting, catalogs: catalogs)
    }

    /// Provider settings (base URLs, models, endpoints, timeout) from `tryon.*`.
    static func providerSettings(_ app: App) -> ProviderSettings {
        let config = app.configuration
        var settings = ProviderSettings()
        settings.openRouter.baseURL = config.string("tryon.openrouter.base_url") ?? settings.openRouter.baseURL
        settings.openRouter.model = config.string("tryon.openrouter.model") ?? settings.openRouter.model
        settings.openRouter.endpoint = config.string("tryon.openrouter.endpoint") == "chat" ? .chat : .images
        settings.gemini.baseURL = config.string("tryon.gemini.base_url") ?? settings.gemini.baseURL
        settings.gemini.model = config.string("tryon.gemini.model") ?? settings.gemini.model
        settings.fal.baseURL = config.string("tryon.fal.base_url") ?? settings.fal.baseURL
        settings.fal.endpoint = config.string("tryon.fal.endpoint") ?? settings.fal.endpoint
        settings.timeout = .seconds(config.int("tryon.provider_timeout_seconds"))
        settings.allowPrivateResultHosts = config.bool("tryon.allow_private_result_hosts")
        return settings
    }
}

extension App {
    /// The prompt templates from `prompts.json` in the config folder, else the built-in copy.
    func loadPrompts() throws -> PromptCatalog {
        do { return try PromptCatalog(jsonText: try configFile("prompts.json")) } catch let error as TryOnConfigurationError {
            throw ConfigError(key: configFileSource("prompts.json"), problem: error.description)
        }
    }
}
