import Foundation
import HTML
import HTTP
import JSON
import ProductImport

/// `wardrobe import URL` fetches and extracts without saving; `import --html FILE [--url PAGE_URL]`
/// extracts from a saved page with no network access (without --url, from the address the page
/// names for itself). Both print one JSON object.
enum ImportCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        let options = Options(arguments)
        let rules = try app.loadKeywordRules()
        let extractor = ProductExtractor(rules: rules, sites: try app.loadSiteRules())
        let draft: ProductDraft
        do {
            if let file = options.value("--html") {
                guard let data = FileManager.default.contents(atPath: file) else { return CLI.fail("can't read \(file)") }
                let bytes = [UInt8](data)
                let given = options.value("--url")
                if let given, URL(string: given)?.host == nil {
                    return CLI.fail("--url \(given) is not an absolute address such as https://shop.example/p/1")
                }
                // Without --url the page's own address: the saved-from comment, the canonical link or og:url.
                guard let page = given.flatMap(URL.init(string:)) ?? SavedPageAddress.url(in: bytes) else {
                    return CLI.fail("\(file) names no address of its own (canonical link, og:url or a saved-from comment): add --url PAGE_URL")
                }
                draft = try extractor.extract(bytes: bytes, contentType: nil, pageURL: page)
            } else if let link = options.positional.first {
                let fetcher = ProductFetcher(configuration: app.fetcherConfiguration, http: HTTPClient())
                let page = try await fetcher.page(link)
                draft = try extractor.extract(bytes: page.bytes, contentType: page.contentType, pageURL: page.url)
            } else {
                return CLI.fail("usage: wardrobe import URL | import --html FILE [--url PAGE_URL]")
            }
        } catch let error as FetchError {
            print(JSON.object(["error": .string(error.importError.code), "detail": .string(error.description), "message": .string(error.userMessage)]).serialized(pretty: true))
            return 1
        } catch let error as ImportError {
            print(JSON.object(["error": .string(error.code), "detail": .string(error.detail), "message": .string(error.userMessage)]).serialized(pretty: true))
            return 1
        }
        print(draft.json.serialized(pretty: true))
        return 0
    }
}

extension App {
    /// The keyword rules from `keywords.json` in the config folder, else the built-in copy.
    func loadKeywordRules() throws -> KeywordRules {
        do { return try KeywordRules(json: try JSON.parse(try configFile("keywords.json"))) } catch let error as JSONError {
            throw CLIError("\(configFileSource("keywords.json")): \(error.description)")
        } catch let error as ImportError {
            throw CLIError("\(configFileSource("keywords.json")): \(error.detail)")
        }
    }

    /// The site rules from `sites.json` beside the config file.
    func loadSiteRules() throws -> SiteRules {
        do { return try SiteRules(json: try JSON.parse(try configFile("sites.json"))) } catch let error as JSONError {
            throw CLIError("\(configDirectory)/sites.json: \(error.description)")
        } catch let error as ImportError {
            throw CLIError("\(configDirectory)/sites.json: \(error.detail)")
        }
    }
}
