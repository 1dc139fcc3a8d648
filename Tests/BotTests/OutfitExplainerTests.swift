import Bot
import Chat
import Closet
import Foundation
import HTTP
import JSON
import Support
import Testing
import WardrobeTestKit

/// A loopback OpenRouter chat-completions endpoint that answers as told and records what it was asked.
final class FakeChatCompletions: Sendable {
    /// How the next answers behave.
    enum Behaviour: Sendable {
        case pick(Int, String)
        case content(String)
        case status(Int)
        case slow(Duration)
    }

    let server: LoopbackHTTPServer

    init(_ behaviour: Behaviour) throws {
        server = try LoopbackHTTPServer { request in
            guard request.path == "/api/v1/chat/completions" else { return .text("not found", status: 404) }
            func answer(_ content: String) -> LoopbackResponse {
                .json(["id": "gen-1", "choices": [["index": 0, "message": ["role": "assistant", "content": .string(content)]]]])
            }
            switch behaviour {
            case .pick(let number, let why): return answer(#"{"pick": \#(number), "why": "\#(why)"}"#)
            case .content(let text): return answer(text)
            case .status(let status): return .json(["error": ["code": .int(Int64(status)), "message": "upstream failed"]], status: status)
            case .slow(let delay):
                var response = answer(#"{"pick": 2, "why": "Too late."}"#)
                response.delay = delay
                return response
            }
        }
    }

    func explainer(timeout: Duration = .seconds(5), key: String? = "sk-or-v1-operator") -> OutfitExplainer {
        OutfitExplainer(
            configuration: OutfitExplainer.Configuration(baseURL: server.baseURL, model: "test/chat-model", timeout: timeout, candidates: 3),
            http: HTTPClient(), key: { key }, logger: Logger(label: "explainer", sink: MemoryLogSink()))
    }
}

@Suite struct OutfitExplainerTests {
    /// Three tops, bottoms and shoes for business casual, so the rules have several distinct candidates.
    static func fill(_ bot: BotHarness) async throws {
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let colors: [(String, ColorFamily)] = [("white", .white), ("navy", .navy), ("grey", .grey)]
        var pieces: [ClosetItem] = []
        for (index, color) in colors.enumerated() {
            pieces.append(ClosetItem(name: "Shirt \(index + 1)", category: .top, formality: 3, color: ItemColor(name: color.0, family: color.1)))
            pieces.append(ClosetItem(name: "Chinos \(index + 1)", category: .bottom, formality: 3, color: ItemColor(name: color.0, family: color.1)))
            pieces.append(ClosetItem(name: "Loafers \(index + 1)", category: .shoes, formality: 3, color: ItemColor(name: color.0, family: color.1)))
        }
        _ = try await bot.store.addItems(pieces, userID: user.id)
    }

    /// The card and Why? text the rules alone give for the same closet.
    static func rulesAnswer() async throws -> (card: String, why: String) {
        let bot = try BotHarness()
        try await fill(bot)
        await bot.say("/outfit business")
        let card = bot.lastText
        try await bot.press("Why?")
        return (card, bot.lastText)
    }

    @Test func theModelPicksAmongTheRulesCandidatesAndSaysWhyInOneSentence() async throws {
        let fake = try FakeChatCompletions(.pick(2, "The navy shirt lifts the grey chinos without shouting."))
        defer { fake.server.stop() }
        let bot = try BotHarness(explainer: fake.explainer())
        try await Self.fill(bot)
        await bot.say("/outfit business")
        let card = bot.lastText
        #expect(card.contains("💬 The navy shirt lifts the grey chinos without shouting."))
        // Candidate 2 differs from the rules' first choice in at least two pieces.
        let pieces = Set(card.split(separator: "\n").filter { $0.hasPrefix("• ") })
        let rulesPieces = Set(try await Self.rulesAnswer().card.split(separator: "\n").filter { $0.hasPrefix("• ") })
        #expect(pieces.subtracting(rulesPieces).count >= 2)
        try await bot.press("Why?")
        #expect(bot.lastText.contains("The navy shirt lifts the grey chinos without shouting."))
        // The request: the model, the operator key, the occasion and each candidate's numbers, pieces and score.
        let request = try #require(fake.server.requests.first)
        #expect(request.header("Authorization") == "Bearer sk-or-v1-operator")
        let body = try JSON.parse(request.text)
        #expect(body["model"]?.string == "test/chat-model")
        let prompt = try #require(body["messages"]?[1]?["content"]?.string)
        #expect(prompt.contains("Occasion: business casual"))
        #expect(prompt.contains("1. score ") && prompt.contains("2. score ") && prompt.contains("3. score "))
        #expect(prompt.contains("#1 Shirt 1 (top, white, formality 3)"))
    }

    @Test(arguments: [
        FakeChatCompletions.Behaviour.pick(7, "Not a candidate."),
        .pick(0, "Not a candidate either."),
        .content("I would go with the second one, it is lovely."),
        .content(#"{"pick": 2}"#),
        .status(500),
        .status(402),
    ])
    func anyAnswerThatIsNotACleanPickFallsBackToTheRules(_ behaviour: FakeChatCompletions.Behaviour) async throws {
        let fake = try FakeChatCompletions(behaviour)
        defer { fake.server.stop() }
        let bot = try BotHarness(explainer: fake.explainer())
        try await Self.fill(bot)
        await bot.say("/outfit business")
        #expect(fake.server.requests.count == 1)
        let rules = try await Self.rulesAnswer()
        #expect(bot.lastText == rules.card)
        try await bot.press("Why?")
        #expect(bot.lastText == rules.why)
    }

    @Test func aSlowModelIsNotWaitedForBeyondTheTimeout() async throws {
        let fake = try FakeChatCompletions(.slow(.seconds(60)))
        defer { fake.server.stop() }
        let bot = try BotHarness(explainer: fake.explainer(timeout: .milliseconds(500)))
        try await Self.fill(bot)
        let started = ContinuousClock.now
        await bot.say("/outfit business")
        let waited = ContinuousClock.now - started
        #expect(bot.lastText == (try await Self.rulesAnswer()).card)
        // Far below the fake's 60 s, however busy the machine: the request was given up, not waited for.
        #expect(waited < .seconds(30), "the answer came after \(waited)")
    }

    @Test func theTimeoutNeverExceedsFiveSeconds() {
        let configuration = OutfitExplainer.Configuration(baseURL: "http://127.0.0.1:1", model: "m", timeout: .seconds(60), candidates: 9)
        #expect(configuration.timeout == .seconds(5))
        #expect(configuration.candidates == 5)
    }
}
