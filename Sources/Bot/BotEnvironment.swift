import Closet
import Foundation
import Images
import Localization
import ProductImport
import Secrets
import Storage
import Support

/// What the features share: storage, secrets, logging, the clock and the closet rules.
public struct BotEnvironment: Sendable {
    public let store: any WardrobeStore
    public let keys: KeyStore
    public let logger: Logger
    public let clock: any WallClock
    /// The occasions from `bot-config/occasions.json`.
    public let occasions: OccasionCatalog
    /// The outfit rules engine, with the catalog's weights.
    public let engine: OutfitEngine
    /// Seeds for the engine's small randomness; fixed in tests for deterministic answers.
    public let nextSeed: @Sendable () -> UInt64
    /// The keyword rules from `bot-config/keywords.json`.
    public let rules: KeywordRules
    /// Per-shop selectors from `bot-config/sites.json`.
    public let sites: SiteRules
    /// Reads product pages safely.
    public let fetcher: ProductFetcher
    /// Turns a product page into a draft.
    public let extractor: ProductExtractor
    /// Checks, rotates, strips and downsizes every incoming image.
    public let images: ImageProcessor

    /// Try-on: provider resolver, prompts, the job worker; nil leaves the try-on commands out.
    public let tryOn: TryOnEnvironment?
    /// Group votes on variations; nil leaves `/vote` out and groups get plain results.
    public let voting: GroupVoting?
    /// The daily outfit; nil leaves `/daily` and `/timezone` out.
    public let daily: DailyEnvironment?
    /// The optional language-model step of `/outfit` (`outfits.explainer`); nil keeps the rules' choice.
    public private(set) var explainer: OutfitExplainer?
    /// The message catalogs replies are written from (`bot-config/locales/`).
    public let catalogs: Catalogs

    public init(
        store: any WardrobeStore, keys: KeyStore, logger: Logger, clock: any WallClock, occasions: OccasionCatalog, rules: KeywordRules,
        sites: SiteRules = .none, fetcher: ProductFetcher, images: ImageProcessor,
        nextSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }, tryOn: TryOnEnvironment? = nil,
        voting: GroupVoting? = nil, daily: DailyEnvironment? = nil, catalogs: Catalogs = .builtIn
    ) {
        self.catalogs = catalogs
        self.tryOn = tryOn
        self.voting = voting
        self.daily = daily
        self.rules = rules
        self.fetcher = fetcher
        self.sites = sites
        self.extractor = ProductExtractor(rules: rules, sites: sites)
        self.images = images
        self.store = store
        self.keys = keys
        self.logger = logger
        self.clock = clock
        self.occasions = occasions
        self.engine = OutfitEngine(weights: occasions.weights ?? ScoringWeights())
        self.nextSeed = nextSeed
    }
}

extension BotEnvironment {
    /// The same environment with the outfit explainer switched on (or off, with nil).
    public func adding(explainer: OutfitExplainer?) -> BotEnvironment {
        var copy = self
        copy.explainer = explainer
        return copy
    }

    /// The same environment with the try-on feature switched on.
    public func adding(tryOn: TryOnEnvironment) -> BotEnvironment {
        BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules, sites: sites, fetcher: fetcher, images: images,
            nextSeed: nextSeed, tryOn: tryOn, voting: voting, daily: daily, catalogs: catalogs
        ).adding(explainer: explainer)
    }

    /// The same environment with its replies written from `catalogs`.
    public func adding(catalogs: Catalogs) -> BotEnvironment {
        BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules, sites: sites, fetcher: fetcher, images: images,
            nextSeed: nextSeed, tryOn: tryOn, voting: voting, daily: daily, catalogs: catalogs
        ).adding(explainer: explainer)
    }

    /// The same environment with group voting switched on.
    public func adding(voting: GroupVoting) -> BotEnvironment {
        BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules, sites: sites, fetcher: fetcher, images: images,
            nextSeed: nextSeed, tryOn: tryOn, voting: voting, daily: daily, catalogs: catalogs
        ).adding(explainer: explainer)
    }

    /// The same environment with the daily outfit switched on.
    public func adding(daily: DailyEnvironment) -> BotEnvironment {
        BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules, sites: sites, fetcher: fetcher, images: images,
            nextSeed: nextSeed, tryOn: tryOn, voting: voting, daily: daily, catalogs: catalogs
        ).adding(explainer: explainer)
    }
}
