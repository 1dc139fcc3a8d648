import Foundation
import ProductImport

/// Product import from a fetched page: raw bytes, a Content-Type and the page URL, through charset
/// decoding, every structured-data extractor, the visible page and the keyword rules.
///
/// Input: line 1 is the page URL, line 2 the Content-Type header (may be empty), the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProductExtraction(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let urlLine = input.line(0)
    let typeLine = input.line(1)
    let pageURL = URL(string: urlLine) ?? URL(string: "https://shop.example/product/1")!
    let draft: ProductDraft
    do {
        draft = try extractor.extract(bytes: input.rest(afterLines: 2), contentType: typeLine.isEmpty ? nil : typeLine, pageURL: pageURL)
    } catch {
        _ = error.description
        return 0
    }
    precondition(!draft.name.isEmpty, "a draft without a name")
    _ = draft.json.serialized(pretty: false)
    return 0
}

/// The rules ship in bot-config/keywords.json; the fuzz script runs from the repository root.
let extractor: ProductExtractor = {
    let path = ProcessInfo.processInfo.environment["WARDROBE_KEYWORDS"] ?? "bot-config/keywords.json"
    do {
        return ProductExtractor(rules: try KeywordRules.load(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        fatalError("fuzz-extraction: cannot load keyword rules from \(path): \(error)")
    }
}()
