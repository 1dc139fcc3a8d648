import Chat
import JSON

/// Remembers which message showed which closet item, so a reply to it ("try", `/tryon`) can name the item.
///
/// Hook for every feature that posts an item card (`/item N`, product import drafts): call
/// `remember(_:item:context:)` with the refs `send`/`reply` returned. Kept per user and chat in the
/// chat state, the last 50 cards.
enum ItemCardMessages {
    static let stateKey = "item_cards"
    static let limit = 50

    /// Records that `refs` show item `number`.
    static func remember(_ refs: [MessageRef], item number: Int, context: ChatContext) async throws {
        guard !refs.isEmpty else { return }
        try await context.updateState { state in
            var cards = state[stateKey]?.array ?? []
            cards += refs.map { ["message": .string($0.messageID), "item": .int(Int64(number))] }
            return state.setting(stateKey, .array(Array(cards.suffix(limit))))
        }
    }

    /// The item shown by the message `ref`, if it was a card.
    static func item(for ref: MessageRef, context: ChatContext) async throws -> Int? {
        let cards = try await context.state()[stateKey]?.array ?? []
        return cards.last { $0["message"]?.string == ref.messageID }?["item"]?.int.map(Int.init)
    }
}
