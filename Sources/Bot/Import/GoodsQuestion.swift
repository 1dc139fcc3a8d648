import Chat
import JSON

/// Asks before drafting something that is not clothing: "That looks like a toaster, not
/// clothing. Save it anyway?" Save anyway shows the usual draft card (the user then picks a
/// category); Cancel discards the draft like the card's own Cancel.
enum GoodsQuestion {
    /// The button action that keeps the draft and shows its card.
    static let keepAction = "draft.goods.keep"

    /// Sends the question with its two buttons for the draft already stored in the chat state.
    static func ask(goods: String, draft: ItemDraft, context: ChatContext) async throws {
        let payload: JSON = ["draft": .string(draft.id)]
        let buttons = [[
            try await context.button("✅ Save anyway", action: keepAction, payload: payload),
            try await context.button("✖ Cancel", action: "draft.cancel", payload: payload),
        ]]
        try await context.reply(RichText.plain("That looks like \(article(for: goods)) \(goods), not clothing. Save it anyway?"), buttons: buttons)
    }

    /// "a" or "an" before the kind's first letter.
    static func article(for word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }
}
