import Foundation
@testable import ProductImport
import Testing

/// gumbo only sees the `data-…` attributes some reader looks at; these keep that list true.
@Suite struct DataAttributeTests {
    @Test func everyDataAttributeTheReadersNameIsKept() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ProductImport")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 20)
        let pattern = try Regex(#""(data-[a-z0-9-]+)""#)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                let name = String(text[match.range].dropFirst().dropLast())
                #expect(PageExtractor.dataAttributesRead.contains(name), "\(file) reads \(name), which the scan leaves out of the tree")
            }
        }
    }

    @Test func siteRulesKeepTheDataAttributesTheyReadOrTest() throws {
        let rules = try SiteRules(json: .object(["sites": .array([.object([
            "name": .string("Shop"), "hosts": .array([.string("shop.example")]),
            "selectors": .object(["price": .array([.string("[data-price-now] span")]), "images": .array([.string("img.hero@data-zoom-src")])]),
        ])])]))
        #expect(rules.dataAttributes == ["data-price-now", "data-zoom-src"])
    }

}
