import Closet
import Foundation
import HTTP
import JSON
import Support

/// The optional language-model step after the outfit rules: the top candidates go to a text
/// model through OpenRouter's chat-completions API, which picks one and says why in one sentence.
///
/// The rules still decide what is allowed: the model only chooses among their candidates. Any
/// answer that is not a clean pick — a number outside the list, malformed text, an error status,
/// a network failure or more than `timeout` — gives nil, and the caller keeps the rules' own
/// choice and "Why?" text.
public struct OutfitExplainer: Sendable {
    /// How the explainer reaches its model.
    public struct Configuration: Sendable {
        /// The API root, e.g. https://openrouter.ai (the try-on OpenRouter base URL).
        public var baseURL: String
        /// The chat model id.
        public var model: String
        /// The longest wait for an answer; never more than 5 s.
        public var timeout: Duration
        /// How many of the rules' best outfits the model chooses from (2–5).
        public var candidates: Int

        /// A configuration; `timeout` is capped at 5 s and `candidates` kept in 2…5.
        public init(baseURL: String, model: String, timeout: Duration = .seconds(5), candidates: Int = 3) {
            self.baseURL = baseURL
            self.model = model
            self.timeout = min(timeout, .seconds(5))
            self.candidates = min(max(candidates, 2), 5)
        }
    }

    /// The model's choice: which candidate (0-based) and its one sentence.
    public struct Pick: Sendable, Hashable {
        /// Index into the candidates given.
        public var index: Int
        /// One sentence on why, at most `maximumSentence` characters.
        public var sentence: String
    }

    /// The longest sentence shown.
    public static let maximumSentence = 280

    /// Where the model is and how long it may take.
    public let configuration: Configuration
    let http: any HTTPTransport
    let key: @Sendable () -> String?
    let logger: Logger

    /// An explainer sending through `http` with the key `key` returns (the operator's OpenRouter key).
    public init(configuration: Configuration, http: any HTTPTransport, key: @escaping @Sendable () -> String?, logger: Logger) {
        self.configuration = configuration
        self.http = http
        self.key = key
        self.logger = logger
    }

    /// The model's pick among `outfits` for `occasion`, or nil to fall back to the rules.
    public func choose(_ outfits: [Outfit], occasion: Occasion) async -> Pick? {
        guard outfits.count > 1, let key = key(), !key.isEmpty else { return nil }
        var request = HTTPRequest(
            method: .post, url: configuration.baseURL.trimmingSuffix("/") + "/api/v1/chat/completions",
            headers: ["Authorization": "Bearer \(key)"], body: .json(Self.requestBody(outfits, occasion: occasion, model: configuration.model).serialized()))
        request.timeout = configuration.timeout
        request.connectTimeout = configuration.timeout
        request.maxResponseBytes = 256 * 1024
        request.followRedirects = false
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            logger.info("outfit explainer unavailable; the rules' choice stands", ["error": "\(error)"])
            return nil
        }
        guard response.isSuccess else {
            logger.info("outfit explainer refused; the rules' choice stands", ["status": response.status])
            return nil
        }
        guard let pick = Self.parse(response.body, candidates: outfits.count) else {
            logger.info("outfit explainer answer unusable; the rules' choice stands")
            return nil
        }
        return pick
    }

    /// The chat-completions request: the occasion, then each candidate's item numbers, pieces and score.
    public static func requestBody(_ outfits: [Outfit], occasion: Occasion, model: String) -> JSON {
        var lines = ["Occasion: \(occasion.name) (formality \(occasion.formalityLabel) of 5).", "Candidates, best score first:"]
        for (index, outfit) in outfits.enumerated() {
            let pieces = (outfit.pieces + outfit.accessories).map { piece in
                "#\(piece.number) \(piece.name) (\(piece.category.rawValue), \(piece.color.name), formality \(piece.formality))"
            }
            lines.append("\(index + 1). score \(String(format: "%.2f", outfit.score)): " + pieces.joined(separator: "; "))
        }
        let system = """
            You are a stylist. Pick the best outfit for the occasion from the numbered candidates only. \
            Answer with JSON only: {"pick": N, "why": "one short sentence"}, where N is a candidate number.
            """
        return [
            "model": .string(model),
            "messages": [
                ["role": "system", "content": .string(system)],
                ["role": "user", "content": .string(lines.joined(separator: "\n"))],
            ],
            "max_tokens": 150,
            "temperature": 0.2,
        ]
    }

    /// The pick from a chat-completions answer; nil unless it names a candidate and gives a sentence.
    public static func parse(_ body: [UInt8], candidates: Int) -> Pick? {
        guard let answer = try? JSON.parse(String(decoding: body, as: UTF8.self)),
            let content = answer["choices"]?[0]?["message"]?["content"]?.string,
            let start = content.firstIndex(of: "{"), let end = content.lastIndex(of: "}"), start < end,
            let object = try? JSON.parse(String(content[start...end])),
            let number = object["pick"]?.int, (1...Int64(candidates)).contains(number),
            let why = object["why"]?.string
        else { return nil }
        let sentence = why.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !sentence.isEmpty else { return nil }
        let bounded = sentence.shortened(to: maximumSentence)
        return Pick(index: Int(number) - 1, sentence: bounded)
    }
}

extension String {
    /// The string without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
