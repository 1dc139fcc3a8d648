import Foundation
import JSON

/// A folder of saved product pages, each `NAME.html` next to `NAME.expected.json` holding the
/// page URL (`url`) and the fields the extractor should produce, or `{"error": "<code>"}`.
public struct FixtureCorpus: Sendable {
    /// One saved page and what it should give.
    public struct Page: Sendable {
        /// The file name without extension.
        public let name: String
        /// The page text.
        public let html: String
        /// The address the page was saved from.
        public let pageURL: URL
        /// Expected field values; the `url` key is not a field and has been removed.
        public let expected: [String: JSON]
    }

    /// The pages, sorted by name.
    public let pages: [Page]

    /// Loads every `*.html` with an expectation file from `folder`.
    public init(folder: URL) throws(ImportError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.sorted()
        } catch {
            throw ImportError(.unreadable, detail: "cannot list corpus \(folder.path): \(error)")
        }
        var pages: [Page] = []
        for file in names {
            let name = String(file.dropLast(5))
            let expectedURL = folder.appendingPathComponent(name + ".expected.json")
            guard let html = try? Data(contentsOf: folder.appendingPathComponent(file)),
                  let expectedData = try? Data(contentsOf: expectedURL) else { continue }
            guard var expected = (try? JSON.parse(bytes: Array(expectedData)))?.object,
                  let url = expected.removeValue(forKey: "url")?.string.flatMap(URL.init(string:)) else {
                throw ImportError(.unreadable, detail: "\(expectedURL.lastPathComponent) needs an object with a url")
            }
            pages.append(Page(name: name, html: CharsetDecoding.text(html), pageURL: url, expected: expected))
        }
        self.pages = pages
    }

    /// One expected field compared with what the extractor produced.
    public struct Comparison: Sendable {
        /// The page name.
        public let page: String
        /// The draft field compared.
        public let field: String
        /// What the expectation file says.
        public let expected: JSON
        /// What the extractor produced.
        public let actual: JSON
        /// Whether the two agree.
        public let matches: Bool
    }

    /// Runs the extractor on `page` and compares every expected field.
    public static func compare(_ page: Page, using extractor: ProductExtractor) -> [Comparison] {
        let actual: [String: JSON]
        do {
            actual = try extractor.extract(html: page.html, pageURL: page.pageURL).json.object ?? [:]
        } catch {
            actual = ["error": .string(error.code)]
        }
        return page.expected.keys.sorted().map { field in
            let expected = page.expected[field]!
            let value = actual[field] ?? .null
            return Comparison(page: page.name, field: field, expected: expected, actual: value, matches: matches(field: field, expected: expected, actual: value))
        }
    }

    /// Prices compare to the cent; `images` may list only the first images; `sources` only the listed fields.
    static func matches(field: String, expected: JSON, actual: JSON) -> Bool {
        switch (field, expected, actual) {
        case ("price", _, _):
            guard let left = expected.double, let right = actual.double else { return expected == actual }
            return abs(left - right) < 0.005
        case ("images", .array(let want), .array(let got)):
            return got.count >= want.count && Array(got.prefix(want.count)) == want
        case ("sources", .object(let want), .object(let got)):
            return want.allSatisfy { got[$0.key] == $0.value }
        default:
            return expected == actual
        }
    }
}
