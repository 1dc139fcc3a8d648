import Foundation
import Testing
import TryOn

@Suite struct PromptCatalogTests {
    static var repositoryFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/prompts.json").path
    }

    @Test func theShippedPromptsParseWithDefaultFirst() throws {
        let text = String(decoding: try #require(FileManager.default.contents(atPath: Self.repositoryFile)), as: UTF8.self)
        let catalog = try PromptCatalog(jsonText: text)
        #expect(catalog.prompts.map(\.name) == ["Default", "Professional", "Casual", "Fashion", "Accessories"])
        for prompt in catalog.prompts {
            #expect(prompt.text.contains("face"))
            #expect(prompt.text.contains("background"))
            #expect(prompt.text.contains("Photorealistic"))
        }
        #expect(catalog.defaultPrompt.text == PromptCatalog.builtIn.defaultPrompt.text)
    }

    @Test func aBlankOrUnknownPromptMeansDefault() throws {
        let catalog = try PromptCatalog(jsonText: """
            {"prompts": [{"id": "default", "name": "Default", "text": "Dress them."}, {"id": "casual", "name": "Casual", "text": "  "}]}
            """)
        #expect(catalog.prompt(id: "casual").text == "Dress them.")
        #expect(catalog.prompt(id: nil).id == "default")
        #expect(catalog.prompt(id: "").id == "default")
        #expect(catalog.prompt(id: "gone").id == "default")
    }

    @Test func brokenPromptFilesAreRefusedWithTheReason() {
        #expect(throws: TryOnConfigurationError.self) { try PromptCatalog(jsonText: "{") }
        #expect(throws: TryOnConfigurationError("prompts.json needs a non-empty \"prompts\" list")) { try PromptCatalog(jsonText: "{\"prompts\": []}") }
        #expect(throws: TryOnConfigurationError("prompt id \"a\" appears twice")) {
            try PromptCatalog(jsonText: "{\"prompts\": [{\"id\": \"a\", \"name\": \"A\"}, {\"id\": \"a\", \"name\": \"B\"}]}")
        }
    }

    @Test func overlongPromptTextOrNamesAreRefusedWhenTheFileIsRead() {
        let text = String(repeating: "x", count: Prompt.maximumTextLength + 1)
        #expect(throws: TryOnConfigurationError("prompt 1: text is longer than 4000 characters")) {
            try PromptCatalog(jsonText: "{\"prompts\": [{\"id\": \"a\", \"name\": \"A\", \"text\": \"\(text)\"}]}")
        }
        let name = String(repeating: "n", count: 41)
        #expect(throws: TryOnConfigurationError("prompt 1: name is longer than 40 characters")) {
            try PromptCatalog(jsonText: "{\"prompts\": [{\"id\": \"a\", \"name\": \"\(name)\"}]}")
        }
        #expect(throws: Never.self) { try PromptCatalog(jsonText: String(contentsOfFile: Self.repositoryFile, encoding: .utf8)) }
    }
}
