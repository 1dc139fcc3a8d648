import Chat
import Foundation
import Storage
import TryOn

/// How try-on messages read.
enum TryOnText {
    static let queued = "Queued…"
    static let generating = "Generating…"
    static let cancelled = "Cancelled."
    static let requeued = "The bot restarted — your look is queued again."

    static func generating(seconds: Int) -> String { "Generating (\(seconds) s)…" }


    static func done(_ looks: [LookRecord], seconds: Double) -> String {
        "Done in \(Int(seconds.rounded())) s — " + numbers(looks) + "."
    }

    /// "look #3" or "looks #3–#6".
    static func numbers(_ looks: [LookRecord]) -> String {
        guard let first = looks.first, let last = looks.last else { return "no looks" }
        return looks.count == 1 ? "look #\(first.number)" : "looks #\(first.number)–#\(last.number)"
    }

    /// The caption under a result photo or album.
    static func resultCaption(_ looks: [LookRecord], seconds: Double) -> RichText {
        let took = "made in \(Int(seconds.rounded())) s"
        if looks.count == 1 { return .bold("Look #\(looks[0].number)") + .plain(" — \(took).") }
        return .bold("\(looks.count) variations") + .plain(" — \(numbers(looks)), \(took).")
    }

    /// The recipe of one look for `/look N`.
    static func recipe(_ look: LookRecord, prompts: PromptCatalog) -> RichText {
        let service = TryOnService(rawValue: look.service)?.displayName ?? look.service
        let promptName = prompts.prompts.first { $0.text == look.prompt }?.name
        var lines: [String] = []
        lines.append("Prompt: " + (promptName ?? "your own") + " — “\(look.prompt.prefix(300))\(look.prompt.count > 300 ? "…" : "")”")
        lines.append("Service: \(service) · model \(look.model)")
        lines.append("Took \(seconds(look.durationMilliseconds)) · \(date(look.startedAt))")
        if let batch = look.batchID { lines.append("Batch \(batch.prefix(8)), variation \(look.variation)") }
        return .bold("Look #\(look.number)" + (look.favourite ? " ⭐" : "")) + .plain("\n" + lines.joined(separator: "\n"))
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
