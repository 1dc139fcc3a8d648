import Chat
import Foundation
import Localization

/// Answers what people say to a bot without a command, in a private chat or addressed to it in a group: a hello, a thank-you, or
/// "what should I wear?" (the occasion picker, or the outfit when the sentence names an occasion).
/// The words come from every catalog (`smalltalk.words.*`), so a German hello is understood in an
/// English chat; anything else still gets the router's "didn't catch that".
struct SmallTalk {
    let environment: BotEnvironment

    /// What a short message asks for.
    enum Intent: String, CaseIterable {
        case greeting, thanks, outfit
    }

    /// A hello or a thank-you is a short message on its own; a longer one is something else.
    static let shortMessageWords = 5
    /// "What should I wear…" is looked for in messages up to this many words.
    static let outfitMessageWords = 20

    func register(on builder: inout RouterBuilder) {
        let phrases = Self.phrases(environment.catalogs)
        builder.onText { context, text in
            guard context.isSpokenTo, let intent = Self.intent(of: text, phrases: phrases) else { return false }
            let outfits = OutfitCommand(environment: environment)
            switch intent {
            case .greeting: try await context.reply(context.text("smalltalk.greeting"))
            case .thanks: try await context.reply(context.text("smalltalk.thanks"))
            case .outfit:
                if let occasion = environment.occasions.mentioned(in: text) {
                    try await outfits.suggest(context, occasionName: occasion.name, count: 1)
                } else {
                    try await outfits.run(context, arguments: "")
                }
            }
            return true
        }
    }

    /// Each intent's phrases from every language's catalog, normalized.
    static func phrases(_ catalogs: Catalogs) -> [Intent: [String]] {
        var found: [Intent: [String]] = [:]
        for intent in Intent.allCases {
            let key = "smalltalk.words.\(intent.rawValue)"
            let lists = Language.allCases.filter { catalogs.has(key, in: $0) }.map { catalogs.string(key, in: $0) }
            found[intent] = Array(Set(lists.flatMap { $0.split(separator: "|").map { normalized(String($0)) } }.filter { !$0.isEmpty }))
        }
        return found
    }

    /// The intent of `text`, or nil when it is none of them.
    static func intent(of text: String, phrases: [Intent: [String]]) -> Intent? {
        guard text.count <= 400 else { return nil }
        let words = normalized(text).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        let sentence = " " + words.joined(separator: " ") + " "
        // A one-word phrase ("outfit") asks only on its own: "nice outfit" is a remark, not a request.
        let asksForOutfit = phrases[.outfit, default: []].contains { phrase in
            sentence.contains(" \(phrase) ") && (phrase.contains(" ") || words.count == 1)
        }
        if words.count <= outfitMessageWords, asksForOutfit { return .outfit }
        guard words.count <= shortMessageWords else { return nil }
        for intent in [Intent.thanks, .greeting] where phrases[intent, default: []].contains(where: { sentence.hasPrefix(" \($0) ") }) {
            return intent
        }
        return nil
    }

    /// Lowercased, accents and punctuation dropped, runs of spaces collapsed: "Qué me pongo?" is "que me pongo".
    static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        let spaced = String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " })
        return spaced.split(separator: " ").joined(separator: " ")
    }
}
