import Chat
import JSON

/// Asks before drafting something that is not clothing: "That doesn't look like clothing
/// (toaster). Save it anyway?" Save anyway shows the usual draft card (the user then picks a
/// category); Cancel discards the draft like the card's own Cancel.
enum GoodsQuestion {
    /// The button action that keeps the draft and shows its card.

    /// Sends the question with its two buttons for the draft already stored in the chat state.
    static func ask(goods: String, draft: ItemDraft, context: ChatContext) async throws {
        let payload: JSON = ["draft": .string(draft.id)]
        let buttons = [[
            try await context.button(context.string("import.button.save_anyway"), action: .draftGoodsKeep, payload: payload),
            try await context.button(context.string("import.button.cancel"), action: .draftCancel, payload: payload),
        ]]
        try await context.reply(context.text("import.goods.question", ["goods": .text(name(of: goods, context: context))]), buttons: buttons)
    }

    /// The goods kind in the reader's language; a kind an operator added to keywords.json without a
    /// catalog entry keeps its own words.
    static func name(of goods: String, context: ChatContext) -> String {
        let key = "goods." + goods.replacingOccurrences(of: " ", with: "_")
        return context.catalogs.has(key, in: .en) ? context.string(key) : goods
    }
}
