import Foundation
import Testing
import Closet

@Suite struct OccasionCatalogTests {
    static let configText: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("bot-config/occasions.json"), encoding: .utf8)) ?? ""
    }()

    private func catalog() throws(ClosetError) -> OccasionCatalog { try OccasionCatalog(jsonText: Self.configText) }

    @Test func theShippedFileHasEveryRequiredOccasion() throws {
        let names = try catalog().occasions.map(\.name)
        for required in ["casual", "smart casual", "business casual", "business formal", "dinner date",
                         "wedding guest", "black tie", "weekend"] {
            #expect(names.contains(required))
        }
        #expect(try catalog().weights == ScoringWeights())
    }

    @Test func wordsResolveByNameAliasOrUniquePrefixIgnoringCase() throws {
        let catalog = try catalog()
        #expect(try catalog.resolve("business").name == "business casual")
        #expect(try catalog.resolve("Business-Formal").name == "business formal")
        #expect(try catalog.resolve("  WEDDING ").name == "wedding guest")
        #expect(try catalog.resolve("din").name == "dinner date")
        #expect(try catalog.resolve("black_tie").formality == 5...5)
    }

    /// "b" starts aliases in five languages: "boda" (wedding guest), "balade d'hiver" (winter walk), "beach" (summer)…
    @Test func anAmbiguousWordListsTheOccasionsItCouldMean() throws {
        #expect(throws: ClosetError.ambiguousOccasion(word: "b", matches: ["business casual", "business formal", "wedding guest", "black tie", "winter walk", "summer"])) {
            try catalog().resolve("b")
        }
    }

    @Test func anUnknownWordListsEveryOccasion() throws {
        do {
            _ = try catalog().resolve("rodeo")
            Issue.record("expected an error")
        } catch {
            guard case .unknownOccasion(_, let options) = error else { Issue.record("wrong error"); return }
            #expect(options.contains("black tie"))
            #expect(error.userMessage.hasPrefix("I don't know the occasion \"rodeo\". Try one of: casual, smart casual"))
        }
    }

    @Test func validationErrorsNameTheKey() {
        func problem(_ text: String) -> String? {
            do {
                _ = try OccasionCatalog(jsonText: text)
                return nil
            } catch {
                if case .invalidOccasions(let key, _) = error { return key }
                if case .invalidWeights(let key, _) = error { return key }
                return "\(error)"
            }
        }
        #expect(problem(#"{"occasions": [{"name": "x", "formality": {"min": 2, "max": 4, "target": 5}}]}"#)
                == "occasions[0].formality.target")
        #expect(problem(#"{"occasions": [{"name": "x", "formality": {"min": 4, "max": 2, "target": 3}}]}"#)
                == "occasions[0].formality.max")
        #expect(problem(#"{"occasions": [{"formality": {"min": 1, "max": 2, "target": 1}}]}"#) == "occasions[0].name")
        #expect(problem(#"{"occasions": [{"name": "x", "warmth": "tepid", "formality": {"min": 1, "max": 2, "target": 1}}]}"#)
                == "occasions[0].warmth")
        #expect(problem(#"{"occasions": [{"name": "x", "aliases": ["y"], "formality": {"min": 1, "max": 1, "target": 1}}, {"name": "y", "formality": {"min": 1, "max": 1, "target": 1}}]}"#)
                == "occasions[1]")
        #expect(problem(#"{"weights": {"patterns": "lots"}, "occasions": [{"name": "x", "formality": {"min": 1, "max": 1, "target": 1}}]}"#)
                == "weights.patterns")
        #expect(problem(#"{"occasions": []}"#) == "occasions")
    }
}
