import JSON
import Support

/// The prompt templates from `bot-config/prompts.json`; the first one is the default.
public struct PromptCatalog: Sendable, Hashable {
    /// Every template, in file order; never empty.
    public let prompts: [Prompt]

    /// A catalog of `prompts`; an empty list falls back to `PromptCatalog.builtIn`.
    public init(prompts: [Prompt]) {
        self.prompts = prompts.isEmpty ? PromptCatalog.builtIn.prompts : prompts
    }

    /// Parses `{"default": "default", "prompts": [{"id", "name", "summary", "text"}]}`.
    /// A prompt with blank text uses the default prompt's text.
    public init(jsonText: String) throws(TryOnConfigurationError) {
        let root: JSON
        do { root = try JSON.parse(jsonText) } catch { throw TryOnConfigurationError("prompts.json is not valid JSON: \(error)") }
        guard let list = root["prompts"]?.array, !list.isEmpty else {
            throw TryOnConfigurationError("prompts.json needs a non-empty \"prompts\" list")
        }
        var parsed: [Prompt] = []
        guard list.count <= Prompt.maximumCount else { throw TryOnConfigurationError("prompts.json has more than \(Prompt.maximumCount) prompts") }
        for (index, entry) in list.enumerated() {
            guard let id = entry["id"]?.string, !id.isEmpty, let name = entry["name"]?.string, !name.isEmpty else {
                throw TryOnConfigurationError("prompt \(index + 1) needs an \"id\" and a \"name\"")
            }
            guard !parsed.contains(where: { $0.id == id }) else { throw TryOnConfigurationError("prompt id \"\(id)\" appears twice") }
            let prompt = Prompt(id: id, name: name, summary: entry["summary"]?.string ?? "", text: entry["text"]?.string ?? "")
            for (field, value, limit) in [("id", prompt.id, Prompt.maximumIDLength), ("name", prompt.name, Prompt.maximumNameLength),
                                          ("summary", prompt.summary, Prompt.maximumSummaryLength), ("text", prompt.text, Prompt.maximumTextLength)]
            where value.count > limit {
                throw TryOnConfigurationError("prompt \(index + 1): \(field) is longer than \(limit) characters")
            }
            parsed.append(prompt)
        }
        let defaultID = root["default"]?.string ?? parsed[0].id
        guard let defaultIndex = parsed.firstIndex(where: { $0.id == defaultID }) else {
            throw TryOnConfigurationError("the default prompt \"\(defaultID)\" is not in the list")
        }
        let fallback = parsed[defaultIndex].text.trimmingBlank.isEmpty ? PromptCatalog.builtIn.defaultPrompt.text : parsed[defaultIndex].text
        parsed = parsed.map { prompt in
            prompt.text.trimmingBlank.isEmpty ? Prompt(id: prompt.id, name: prompt.name, summary: prompt.summary, text: fallback) : prompt
        }
        parsed.insert(parsed.remove(at: defaultIndex), at: 0)
        prompts = parsed
    }

    /// The default template (the first).
    public var defaultPrompt: Prompt { prompts[0] }

    /// The template with `id`; an unknown or blank id gives the default.
    public func prompt(id: String?) -> Prompt {
        guard let id, !id.trimmingBlank.isEmpty else { return defaultPrompt }
        return prompts.first { $0.id == id } ?? defaultPrompt
    }

    /// The catalog used when `prompts.json` is missing; mirrors the file in the repository.
    public static let builtIn = PromptCatalog(uncheckedPrompts: [
        Prompt(
            id: "default", name: "Default", summary: "the garment as it is, nothing else changes",
            text: """
            Virtual try-on. The first image is the person, the second image is a garment. \
            Dress the person in the garment from the second image. Keep the person exactly as they are: \
            the same face and identity, hair, skin tone, body shape, pose, hands, expression, camera angle, \
            lighting and background. Replace only the matching piece of clothing; keep every other piece as it is. \
            Reproduce the garment faithfully: its colour, pattern, fabric, texture, logos, length and fit, \
            draped naturally on this body with realistic folds and shadows. Photorealistic, like an unedited photo; \
            no added people, text, borders or watermarks.
            """),
    ])

    init(uncheckedPrompts: [Prompt]) {
        prompts = uncheckedPrompts
    }
}

/// A problem in a try-on data file such as `prompts.json`.
public struct TryOnConfigurationError: InternalError, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    var trimmingBlank: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
