import Closet
import Defaults
import Foundation
import HTTP
import Images
import JSON
import Localization
import ProductImport
import Secrets
import Storage
import Support

/// A data file in the bot's config folder that is missing or malformed.
public struct BotConfigError: Error, CustomStringConvertible, UserFacingError {
    public let path: String
    public let problem: String
    public var description: String { "config error: \(path): \(problem)" }
    public var userMessage: String { description }
}

extension BotEnvironment {
    /// An environment whose occasions, keyword rules, site rules and message catalogs come from `occasions.json`,
    /// `keywords.json`, `sites.json` and `locales/` in `configFolder` (normally `bot-config/`), else from the built-in
    /// copies. A broken catalog override is logged as an error and the built-in catalog is used.
    public init(
        store: any WardrobeStore, keys: KeyStore, logger: Logger, clock: any WallClock, configFolder: String,
        fetcher: ProductFetcher.Configuration, http: any HTTPTransport, images: ImageProcessor.Configuration = .init(),
        nextSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }
    ) throws {
        let occasionsPath = "\(configFolder)/occasions.json", keywordsPath = "\(configFolder)/keywords.json"
        let sitesPath = "\(configFolder)/sites.json"
        let occasions: OccasionCatalog
        do { occasions = try OccasionCatalog(jsonText: try Self.read(occasionsPath)) } catch let error as ClosetError {
            throw BotConfigError(path: occasionsPath, problem: error.detail)
        }
        let rules: KeywordRules
        do { rules = try KeywordRules(json: try JSON.parse(try Self.read(keywordsPath))) } catch let error as JSONError {
            throw BotConfigError(path: keywordsPath, problem: error.description)
        } catch let error as ImportError {
            throw BotConfigError(path: keywordsPath, problem: error.detail)
        }
        let sites: SiteRules
        do { sites = try SiteRules(json: try JSON.parse(try Self.read(sitesPath))) } catch let error as JSONError {
            throw BotConfigError(path: sitesPath, problem: error.description)
        } catch let error as ImportError {
            throw BotConfigError(path: sitesPath, problem: error.detail)
        }
        let (catalogs, problems) = Catalogs.load(folder: configFolder, logger: logger.child(label: "localization"))
        for problem in problems { logger.error("message catalog not used", ["problem": problem]) }
        self.init(
            store: store, keys: keys, logger: logger, clock: clock, occasions: occasions, rules: rules, sites: sites,
            fetcher: ProductFetcher(configuration: fetcher, http: http), images: ImageProcessor(configuration: images), nextSeed: nextSeed,
            catalogs: catalogs)
    }

    /// The file at `path`, else the built-in data file of the same name.
    private static func read(_ path: String) throws -> String {
        if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        guard let text = DataFiles.builtIn((path as NSString).lastPathComponent) else {
            throw BotConfigError(path: path, problem: "file not found")
        }
        return text
    }
}
