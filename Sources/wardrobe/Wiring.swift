import Bot
import Closet
import Config
import Foundation
import HTTP
import Images
import JSON
import Localization
import ProductImport
import Secrets
import Storage
import Support

/// Builds the typed component configurations from the loaded settings.
extension App {
    /// The product fetcher's limits from `import.*`.
    var fetcherConfiguration: ProductFetcher.Configuration {
        var fetcher = ProductFetcher.Configuration()
        fetcher.allowPrivateNetworks = configuration.bool("import.allow_private_networks")
        fetcher.timeout = .seconds(configuration.int("import.timeout_seconds"))
        fetcher.maxPageBytes = configuration.int("import.max_html_bytes")
        fetcher.maxImageBytes = configuration.int("import.max_image_bytes")
        fetcher.maxRedirects = configuration.int("import.max_redirects")
        return fetcher
    }

    /// The image pipeline's limits from `images.*`.
    var imageConfiguration: ImageProcessor.Configuration {
        ImageProcessor.Configuration(
            maxByteCount: configuration.int("images.max_upload_bytes"), maxPixelCount: configuration.int("images.max_pixels"),
            maxDecodeBytes: configuration.int("images.max_decode_bytes"), pictureCacheBytes: configuration.int("images.picture_cache_bytes"))
    }

    /// Everything the bot's features share.
    func botEnvironment(store: any WardrobeStore, keys: KeyStore, http: any HTTPTransport, clock: any WallClock) throws -> BotEnvironment {
        BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, occasions: try loadOccasions(), rules: try loadKeywordRules(),
            fetcher: ProductFetcher(configuration: fetcherConfiguration, http: http), images: ImageProcessor(configuration: imageConfiguration),
            catalogs: loadCatalogs())
    }

    /// The message catalogs: built in, overlaid by `locales/xx.json` in the config folder. A broken override
    /// is reported at start-up (one error line each) and the built-in catalog serves instead.
    func loadCatalogs() -> Catalogs {
        let (catalogs, problems) = Catalogs.load(folder: configDirectory, logger: logger.child(label: "localization"))
        for problem in problems { logger.error("message catalog not used: \(problem)") }
        return catalogs
    }

    /// The outfit explainer from `outfits.explainer*`, using the operator's OpenRouter key; nil when off.
    func outfitExplainer(keys: KeyStore, http: any HTTPTransport) -> OutfitExplainer? {
        guard configuration.string("outfits.explainer") == "openrouter" else { return nil }
        let settings = OutfitExplainer.Configuration(
            baseURL: configuration.string("tryon.openrouter.base_url") ?? "https://openrouter.ai",
            model: configuration.string("outfits.explainer_model") ?? "openai/gpt-4o-mini",
            timeout: .milliseconds(configuration.int("outfits.explainer_timeout_ms")),
            candidates: configuration.int("outfits.explainer_candidates"))
        return OutfitExplainer(
            configuration: settings, http: http, key: { keys.value(for: "openrouter") }, logger: logger.child(label: "explainer"))
    }

    /// Group voting settings from `voting.*`.
    var votingSettings: VotingSettings {
        VotingSettings(defaultWindowMinutes: configuration.int("voting.default_window_minutes"))
    }

    /// Daily outfit settings from `schedule.*`, paced below `telegram.rate_limit.global_per_second`.
    var dailySettings: DailySettings {
        let zoneName = configuration.string("schedule.default_timezone") ?? "UTC"
        let zone = TimeZone(identifier: zoneName) ?? {
            logger.warning("unknown schedule.default_timezone; using UTC", ["zone": zoneName])
            return TimeZone(identifier: "UTC")!
        }()
        return DailySettings(
            defaultTimeZone: zone, catchUp: configuration.double("schedule.catch_up_hours") * 3600,
            perSecond: DailySettings.rate(belowGlobalLimit: configuration.double("telegram.rate_limit.global_per_second")),
            maxAttempts: configuration.int("worker.max_attempts"))
    }
}
