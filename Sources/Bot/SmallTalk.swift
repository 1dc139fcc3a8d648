import Chat
import Foundation
import Localization
import ProductImport

/// Answers what people say to a bot without a command, in a private chat or addressed to it in a group: a hello, a thank-you, or
/// "what should I wear?" (the occasion picker, or the outfit when the sentence names an occasion), "help" or
/// "what can you do" (the `/help` overview), "show my closet" (`/closet`), "add a red wool scarf" (`/add red wool scarf`,
/// when the words name a garment).
/// The words come from every catalog (`smalltalk.words.*`), so a German hello is understood in an
/// English chat; anything else still gets the router's "didn't catch that".
struct SmallTalk {
    let environment: BotEnvironment

    /// What a short message asks for.
    enum Intent: String, CaseIterable {
        case greeting, thanks, outfit, help, closet
    }

    /// A hello or a thank-you is a short message on its own; a longer one is something else.
    static let shortMessageWords = 5
    /// "What should I wear…" is looked for in messages up to this many words.
    static let outfitMessageWords = 20
    /// How many words a `*` in a phrase stands for at most: "was soll ich * anziehen" takes "was soll ich
    /// heute zum Abendessen anziehen", where German puts the occasion inside the question.
    static let gapWords = 4

    func register(on builder: inout RouterBuilder) {
        let phrases = Self.phrases(environment.catalogs)
        let occasions = environment.occasions
        let additions = Self.additionPhrases(environment.catalogs)
        let rules = environment.rules
        builder.onText { context, text in
            // "add a red wool scarf": the /add command, when what follows the verb names a garment (so "add a photo" is not one).
            if context.isSpokenTo, let piece = Self.addition(in: text, phrases: additions),
               case let found = rules.classify(KeywordInput(name: piece)), found.category != nil, found.goods == nil,
               let command = context.router.command(named: "add") {
                try await command.handler(context, piece)
                return true
            }
            guard context.isSpokenTo, let intent = Self.intent(of: text, phrases: phrases, namesOccasion: { occasions.mentioned(in: $0) != nil })
            else { return false }
            let outfits = OutfitCommand(environment: environment)
            switch intent {
            case .greeting: try await context.reply(context.text("smalltalk.greeting"))
            case .thanks: try await context.reply(context.text("smalltalk.thanks"))
            case .help, .closet:
                // The command's own handler, so the answer is exactly what /help or /closet gives.
                guard let command = context.router.command(named: intent.rawValue) else { return false }
                try await command.handler(context, "")
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

    /// The "add" phrases of every catalog (`smalltalk.words.add`), as words, longest first.
    static func additionPhrases(_ catalogs: Catalogs) -> [[String]] {
        catalogPhrases("smalltalk.words.add", catalogs).sorted { $0.count > $1.count }
    }

    /// What follows an "add" phrase at the start of `text`, as the user wrote it ("Ajoute une écharpe rouge" →
    /// "écharpe rouge"); nil when the text starts with none, or nothing or more than 12 words follow.
    static func addition(in text: String, phrases: [[String]]) -> String? {
        guard text.count <= 200 else { return nil }
        let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        for phrase in phrases where phrase.count < tokens.count {
            guard zip(phrase, tokens).allSatisfy({ $0 == normalized($1) }) else { continue }
            let rest = tokens.dropFirst(phrase.count)
            guard rest.count <= 12 else { return nil }
            let piece = rest.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
            return piece.isEmpty ? nil : piece
        }
        return nil
    }

    /// Each intent's phrases from every language's catalog, normalized: words, with "*" for a gap.
    static func phrases(_ catalogs: Catalogs) -> [Intent: [[String]]] {
        var found: [Intent: [[String]]] = [:]
        for intent in Intent.allCases { found[intent] = catalogPhrases("smalltalk.words.\(intent.rawValue)", catalogs) }
        return found
    }

    /// The `|`-separated phrases under `key` in every language's catalog, each once, as words (see `phrase`).
    private static func catalogPhrases(_ key: String, _ catalogs: Catalogs) -> [[String]] {
        let lists = Language.allCases.filter { catalogs.has(key, in: $0) }.map { catalogs.string(key, in: $0) }
        let phrases = lists.flatMap { $0.split(separator: "|").map { phrase(String($0)) } }.filter { $0.contains { $0 != "*" } }
        return Array(Set(phrases))
    }

    /// A catalog phrase as words; "*" stays, as the gap, while normalizing drops every other mark.
    static func phrase(_ text: String) -> [String] {
        let parts = text.split(separator: "*", omittingEmptySubsequences: false).map { normalized(String($0)).split(separator: " ").map(String.init) }
        return Array(parts.joined(separator: ["*"]))
    }

    /// The intent of `text`, or nil when it is none of them. `namesOccasion` tells whether a text names an occasion.
    static func intent(of text: String, phrases: [Intent: [[String]]], namesOccasion: (String) -> Bool = { _ in false }) -> Intent? {
        guard text.count <= 400 else { return nil }
        let words = normalized(text).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        if words.count <= outfitMessageWords {
            for phrase in phrases[.outfit, default: []] {
                // A one-word phrase ("outfit", "tenue") asks only on its own or followed by an occasion
                // ("Outfit für die Hochzeit"): "nice outfit" is a remark, not a request.
                if phrase.count == 1 {
                    if words[0] == phrase[0], words.count == 1 || namesOccasion(text) { return .outfit }
                } else if (0..<words.count).contains(where: { matches(phrase, words, from: $0) }) {
                    return .outfit
                }
            }
        }
        guard words.count <= shortMessageWords else { return nil }
        for intent in [Intent.thanks, .greeting, .help, .closet] where phrases[intent, default: []].contains(where: { matches($0, words, from: 0) }) {
            return intent
        }
        return nil
    }

    /// Whether `phrase` is said in `words` starting at `start`, each "*" taking up to `gapWords` words.
    static func matches(_ phrase: [String], _ words: [String], from start: Int) -> Bool {
        guard let first = phrase.first else { return true }
        if first == "*" {
            let rest = Array(phrase.dropFirst())
            return (start...min(start + gapWords, words.count)).contains { matches(rest, words, from: $0) }
        }
        guard start < words.count, words[start] == first else { return false }
        return matches(Array(phrase.dropFirst()), words, from: start + 1)
    }

    /// Lowercased, accents and punctuation dropped, runs of spaces collapsed: "Qué me pongo?" is "que me pongo".
    static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        let spaced = String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " })
        return spaced.split(separator: " ").joined(separator: " ")
    }
}
