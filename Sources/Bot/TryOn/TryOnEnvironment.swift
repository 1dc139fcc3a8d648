import Chat
import Foundation
import Images
import Localization
import Storage
import Support
import TryOn

/// What the try-on feature needs besides the shared `BotEnvironment`.
public struct TryOnEnvironment: Sendable {
    /// Intake of every incoming photo, uploads, collages.
    public let images: ImageProcessor
    /// Service + user → provider, with the user's own key when stored.
    public let resolver: any ProviderResolver
    /// Prompt templates from `bot-config/prompts.json`.
    public let prompts: PromptCatalog
    /// The job worker: handlers `wake()` it after enqueuing and `cancel(jobID:)` it on Cancel.
    public let worker: TryOnWorker
    public let settings: TryOnSettings
    /// Teaches the log redactor a new secret (a user's key) before anything can log it.
    public let registerSecret: @Sendable (String) -> Void

    public init(
        images: ImageProcessor, resolver: any ProviderResolver, prompts: PromptCatalog, worker: TryOnWorker, settings: TryOnSettings,
        registerSecret: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.images = images
        self.resolver = resolver
        self.prompts = prompts
        self.worker = worker
        self.settings = settings
        self.registerSecret = registerSecret
    }

    /// Builds the notifier and the worker around `transports`; add `worker` to the running services.
    /// With `voting`, several variations in a group go to a group vote.
    public static func make(
        store: any WardrobeStore, images: ImageProcessor, resolver: any ProviderResolver, prompts: PromptCatalog, settings: TryOnSettings,
        workerConfiguration: TryOnWorker.Configuration, transports: TransportDirectory, clock: any WallClock, logger: Logger,
        registerSecret: @escaping @Sendable (String) -> Void = { _ in }, voting: GroupVoting? = nil, catalogs: Catalogs = .builtIn
    ) -> TryOnEnvironment {
        let notifier = ChatTryOnNotifier(
            outbound: OutboundMessenger(transports: transports, store: store, clock: clock), images: images, prompts: prompts,
            logger: logger.child(label: "tryon"), voting: voting, catalogs: catalogs)
        let worker = TryOnWorker(
            store: store, images: images, resolver: resolver, notifier: notifier, clock: clock, logger: logger.child(label: "tryon"),
            configuration: workerConfiguration)
        return TryOnEnvironment(
            images: images, resolver: resolver, prompts: prompts, worker: worker, settings: settings, registerSecret: registerSecret)
    }
}

/// Chat-side try-on settings (`tryon.*` in the configuration).
public struct TryOnSettings: Sendable, Hashable {
    /// The service for users who have not picked one (`tryon.default_service`).
    public var defaultService: TryOnService
    /// Try-ons per user per day on the operator's keys (`tryon.daily_quota`, 0 = unlimited).
    public var dailyQuota: Int

    public init(defaultService: TryOnService = .openrouter, dailyQuota: Int = 20) {
        self.defaultService = defaultService
        self.dailyQuota = dailyQuota
    }
}
