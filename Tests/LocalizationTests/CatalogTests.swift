import Foundation
import Support
import Testing

@testable import Localization

/// Rendering, fallback to English, and operator overrides that are broken.
@Suite struct CatalogTests {
    private func catalogs(_ languages: [Language: String], logs: MemoryLogSink? = nil) throws -> Catalogs {
        var parsed: [Language: Catalog] = [:]
        for (language, text) in languages { parsed[language] = try Catalog(jsonText: text) }
        return Catalogs(catalogs: parsed, logger: logs.map { Logger(label: "test", level: .debug, sink: $0) })
    }

    @Test func placeholdersAreFilledAndBoldRunsMarked() throws {
        let catalogs = try catalogs([.en: #"{"hi": "**Hi {name}**, you have {count} looks."}"#])
        let text = catalogs.text("hi", ["name": "Ana", "count": 1234], in: .en)
        #expect(text.runs == [.init(text: "Hi ", bold: true), .init(text: "Ana", bold: true), .init(text: ", you have ", bold: false),
                              .init(text: "1,234", bold: false), .init(text: " looks.", bold: false)])
    }

    @Test func aUsersTextInAPlaceholderNeverBecomesMarkup() throws {
        let catalogs = try catalogs([.en: #"{"saved": "Saved {name}."}"#])
        let text = catalogs.text("saved", ["name": "**bold** {count}"], in: .en)
        #expect(text.plain == "Saved **bold** {count}.")
        #expect(text.runs.allSatisfy { !$0.bold })
    }

    @Test func textOutsideASCIIAndBracesThatAreNoPlaceholderStayAsTheyAre() throws {
        let catalogs = try catalogs([.en: #"{"t": "**Привет** {name} 👋🏽 {Not a name} {x-y} {} {ok_1}* é{"}"#])
        let text = catalogs.text("t", ["name": "Jürgen", "ok_1": "✓"], in: .en)
        #expect(text.runs == [.init(text: "Привет", bold: true), .init(text: " ", bold: false), .init(text: "Jürgen", bold: false),
                              .init(text: " 👋🏽 {Not a name} {x-y} {} ", bold: false), .init(text: "✓", bold: false),
                              .init(text: "* é{", bold: false)])
    }

    @Test func aMissingKeyFallsBackToEnglishAndIsLoggedOnce() throws {
        let logs = MemoryLogSink()
        let catalogs = try catalogs([.en: #"{"only": "English {x}"}"#, .de: "{}"], logs: logs)
        #expect(catalogs.string("only", ["x": "1"], in: .de) == "English 1")
        #expect(catalogs.string("only", ["x": "2"], in: .de) == "English 2")
        #expect(catalogs.string("nowhere", in: .de) == "nowhere")
        #expect(logs.lines.filter { $0.contains("key=only") }.count == 1)
        #expect(logs.lines.filter { $0.contains("key=nowhere") }.count == 1)
    }

    @Test(arguments: [
        "not json", "[1, 2]", #"{"k": 5}"#, #"{"k": {"one": "a"}}"#, #"{"k": {"few": "a", "other": "b"}}"#, #"{"": "empty key"}"#,
    ])
    func aBadCatalogIsRefusedWithAReason(_ text: String) {
        #expect(throws: LocalizationError.self) { try Catalog(jsonText: text) }
    }

    @Test func aBrokenOverrideKeepsTheBuiltInCatalogAndIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locales-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/locales", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/locales/de.json"))
        try Data(#"{"chat.fallback": "Wie bitte?"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/locales/fr.json"))
        let (catalogs, problems) = Catalogs.load(folder: folder, logger: nil)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("locales/de.json") == true)
        #expect(catalogs.string("chat.fallback", in: .de) == Catalogs.builtIn.string("chat.fallback", in: .de))
        // A good override replaces only its own keys.
        #expect(catalogs.string("chat.fallback", in: .fr) == "Wie bitte?")
        #expect(catalogs.string("chat.help.title", in: .fr) == "Commandes")
    }
}
