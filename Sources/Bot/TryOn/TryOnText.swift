import Chat
import Foundation
import Localization
import Storage
import TryOn

/// How try-on messages read, in the reader's language.
enum TryOnText {
    /// "Done in 12 s — look #3."
    static func done(_ looks: [LookRecord], seconds: Double, _ words: Phrasebook) -> String {
        words.string("tryon.done", ["seconds": .integer(Int(seconds.rounded())), "looks": .text(numbers(looks, words))])
    }

    /// "look #3" or "looks #3–#6".
    static func numbers(_ looks: [LookRecord], _ words: Phrasebook) -> String {
        guard let first = looks.first, let last = looks.last else { return words.string("tryon.looks.none") }
        return looks.count == 1
            ? words.string("tryon.looks.one", ["number": .text(String(first.number))])
            : words.string("tryon.looks.range", ["first": .text(String(first.number)), "last": .text(String(last.number))])
    }

    /// The caption under a result photo or album.
    static func resultCaption(_ looks: [LookRecord], seconds: Double, _ words: Phrasebook) -> RichText {
        let took = MessageArgument.integer(Int(seconds.rounded()))
        if looks.count == 1 { return words.text("tryon.result.one", ["number": .text(String(looks[0].number)), "seconds": took]) }
        return words.text("tryon.result.many", ["count": .integer(looks.count), "looks": .text(numbers(looks, words)), "seconds": took])
    }

    /// The recipe of one look for `/look N`.
    static func recipe(_ look: LookRecord, prompts: PromptCatalog, _ words: Phrasebook) -> RichText {
        let service = TryOnService(rawValue: look.service)?.displayName ?? look.service
        let promptName = prompts.prompts.first { $0.text == look.prompt }.map(words.promptName)
        let text = "“\(look.prompt.prefix(300))\(look.prompt.count > 300 ? "…" : "")”"
        var lines: [String] = []
        lines.append(words.string("tryon.recipe.prompt", ["name": .text(promptName ?? words.string("tryon.recipe.own_prompt")), "text": .text(text)]))
        lines.append(words.string("tryon.recipe.service", ["service": .text(service), "model": .text(look.model)]))
        lines.append(words.string("tryon.recipe.took", ["duration": .text(seconds(look.durationMilliseconds)), "date": .text(date(look.startedAt))]))
        if let batch = look.batchID {
            lines.append(words.string("tryon.recipe.batch", ["batch": .text(String(batch.prefix(8))), "variation": .integer(look.variation)]))
        }
        let title = words.string("tryon.recipe.title", ["number": .text(String(look.number))]) + (look.favourite ? " ⭐" : "")
        return .bold(title) + .plain("\n" + lines.joined(separator: "\n"))
    }

    static func seconds(_ milliseconds: Int) -> String {
        let seconds = Double(milliseconds) / 1000
        return seconds < 10 ? String(format: "%.1f s", seconds) : "\(Int(seconds.rounded())) s"
    }

    /// "2026-01-15 10:02 UTC".
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// "…abcd": the last four characters of a key, never more.
    static func keyTail(_ key: String) -> String { "…" + key.suffix(4) }
}
