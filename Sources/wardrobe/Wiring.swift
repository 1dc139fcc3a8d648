import Bot
import Closet
import Config
import Foundation
import HTTP
import Images
import JSON
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
            maxByteCount: configuration.int("images.max_upload_bytes"), maxPixelCount: configuration.int("images.max_pixels"))
    }

    /// Everything the bot's features share.
    func botEnvironment(store: Store, keys: KeyStore, http: any HTTPTransport, clock: any WallClock) throws -> BotEnvironment {
        try BotEnvironment(
            store: store, keys: keys, logger: logger, clock: clock, configFolder: configDirectory.isEmpty ? "." : configDirectory,
            fetcher: fetcherConfiguration, http: http, images: imageConfiguration)
    }
}
