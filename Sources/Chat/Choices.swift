import JSON

/// Numbered choices for transports without inline buttons: the buttons of the last message
/// are remembered in the user's chat state, and "2" (or a reaction) presses the second one.
public enum Choices {
    /// The chat-state key holding the last offered button tokens.
    static let stateKey = "choices"

    /// The emoji keys offered for numbered choices, 1️⃣ … 🔟.
    public static let keycaps = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    /// The buttons flattened in the order they are numbered.
    public static func flatten(_ rows: [[Button]]) -> [Button] { rows.flatMap { $0 } }

    /// Plain-text menu, e.g. "1️⃣ Show another   2️⃣ Why?".
    public static func menu(_ rows: [[Button]]) -> String {
        flatten(rows).enumerated().map { index, button in
            "\(index < keycaps.count ? keycaps[index] : "\(index + 1).") \(button.title)"
        }.joined(separator: "   ")
    }

    /// The 0-based choice a reply or reaction names: "2", "2.", a keycap, or ✅/👍 for the first.
    public static func index(of answer: String) -> Int? {
        let trimmed = answer.trimmingTrailingWhitespace().drop { $0.isWhitespace }
        if let keycap = keycaps.firstIndex(of: String(trimmed)) { return keycap }
        if trimmed == "✅" || trimmed == "✔️" || trimmed == "👍" { return 0 }
        let digits = trimmed.hasSuffix(".") ? trimmed.dropLast() : trimmed
        guard let number = Int(digits), number >= 1, number <= 50 else { return nil }
        return number - 1
    }

    /// Remembers `rows` as the current choices in `state`.
    static func remember(_ rows: [[Button]], in state: JSON) -> JSON {
        state.setting(stateKey, .array(flatten(rows).map { .string($0.token) }))
    }

    /// How many choices `state` offers, nil when none.
    static func count(in state: JSON) -> Int? {
        guard let tokens = state[stateKey]?.array, !tokens.isEmpty else { return nil }
        return tokens.count
    }

    /// The token the answer picks from `state`, if any.
    static func token(for answer: String, in state: JSON) -> String? {
        guard let index = index(of: answer), let tokens = state[stateKey]?.array, index < tokens.count else { return nil }
        return tokens[index].string
    }
}
