import Chat
import Closet
import JSON

/// What the bot says when a piece is saved, and the one button that comes next: Try it on, or
/// Add a photo when it has none. A button, not "reply try", so the console can answer it too.
enum SavedPieceText {
    /// "Saved as #4 Navy blazer. /outfit can now use it." — only promising outfits it can be part of.
    static func text(_ item: ClosetItem, occasions: OccasionCatalog) -> String {
        let saved = "Saved as #\(item.number) \(item.name)" + (item.photo == nil ? " (no photo)" : "") + "."
        let inOutfits = occasions.occasions.isEmpty || occasions.occasions.contains { $0.formality.contains(item.formality) }
        return saved + (inOutfits ? " /outfit can now use it." : " No occasion I know is that formal, so /outfit won't pick it yet.")
    }

    /// Try it on (the piece goes to the Clothing slot), or Add a photo (the next photo becomes its photo).
    static func nextButton(_ item: ClosetItem, context: ChatContext) async throws -> Button {
        if item.photo != nil {
            return try await context.button("Try it on", action: "tryon.item", payload: ["number": .int(Int64(item.number))])
        }
        return try await context.button("Add a photo", action: "closet.photo", payload: ["number": .int(Int64(item.number))])
    }
}
