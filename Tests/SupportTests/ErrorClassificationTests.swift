import Foundation
import Testing

/// Every error type in Sources is either user-facing (`UserFacingError`: a message saying what to do
/// next) or explicitly internal (`InternalError`, or listed below with the reason), so a new error
/// type cannot slip through as "Sorry, something went wrong on my side" by accident.
@Suite struct ErrorClassificationTests {
    /// Internal errors in modules that don't depend on Support (the thin C wrappers) or belong to
    /// another owner's file; each is caught and translated before it could reach a chat.
    static let internalByList: [String: String] = [
        "JSONError": "JSON wrapper; callers translate bad input into their own module's error",
        "SQLiteError": "SQLite wrapper; a database failure is the operator's",
        "SodiumError": "libsodium wrapper; crypto failures are the operator's",
        "HTMLError": "gumbo wrapper; product import maps it to ImportError",
        "HTTPError": "libcurl wrapper; Telegram, Matrix, TryOn and ProductImport map it to their errors",
        "SelectorError": "site-rule selectors are the operator's (bot-config/sites.json); a bad one stops start-up naming the site",
        "SecretsError": "the key file and master key are the operator's; /key answers with its own text",
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized

    /// (type name, conformance list, file) for every struct, enum or class declared or extended as an Error.
    static func errorDeclarations() throws -> [(name: String, conformances: String, file: String)] {
        let pattern = try NSRegularExpression(pattern: #"(?m)^\s*(?:public |internal |fileprivate |private )?(?:final )?(enum|struct|class|extension) ([A-Za-z]+)\s*:\s*([^{]+)\{"#)
        var found: [(String, String, String)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/WardrobeTestKit/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 2), in: text)!])
                let conformances = String(text[Range(match.range(at: 3), in: text)!])
                let words = Set(conformances.split(whereSeparator: { !$0.isLetter }).map(String.init))
                guard words.contains("Error") || words.contains("UserFacingError") || words.contains("InternalError") else { continue }
                found.append((name, conformances, url.lastPathComponent))
            }
        }
        return found
    }

    @Test func everyErrorTypeIsEitherUserFacingOrMarkedInternal() throws {
        let declarations = try Self.errorDeclarations()
        #expect(declarations.count >= 20, "the scan found the error types")
        var classified: [String: Set<String>] = [:]
        for declaration in declarations {
            let words = Set(declaration.conformances.split(whereSeparator: { !$0.isLetter }).map(String.init))
            // `LocalizedUserFacingError` (Localization) refines `UserFacingError` with a catalog message.
            if words.contains("UserFacingError") || words.contains("LocalizedUserFacingError") {
                classified[declaration.name, default: []].insert("user")
            }
            if words.contains("InternalError") { classified[declaration.name, default: []].insert("internal") }
            if Self.internalByList[declaration.name] != nil { classified[declaration.name, default: []].insert("internal") }
            if classified[declaration.name] == nil { classified[declaration.name] = [] }
        }
        for (name, kinds) in classified.sorted(by: { $0.key < $1.key }) {
            #expect(kinds.count == 1, "\(name) must be exactly one of UserFacingError or InternalError, is \(kinds.sorted())")
        }
        for user in ["ClosetError", "ImageError", "TryOnError", "FetchError", "ImportError", "TelegramError", "MatrixError", "UserMessageError"] {
            #expect(classified[user] == ["user"], "\(user)")
        }
    }
}
