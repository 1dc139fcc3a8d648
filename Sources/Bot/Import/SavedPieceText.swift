import Chat
import Closet
import JSON
import Localization

/// What the bot says when a piece is saved, and the one button that comes next: Try it on, or
/// Add a photo when it has none. A button, not "reply try", so the console can answer it too.
enum SavedPieceText {
    /// "Saved as #4 Navy blazer. /outfit can now use it." — only promising outfits it can be part of.
    static func text(_ item: ClosetItem, occasions: OccasionCatalog, context: ChatContext) -> RichText {
        // An item number is an identifier, typed back as is: never grouped ("#1234", not "#1,234").
        let arguments: [String: MessageArgument] = ["number": .text(String(item.number)), "name": .text(item.name)]
        let saved = context.text(item.photo == nil ? "import.saved.no_photo" : "import.saved", arguments)
        let inOutfits = occasions.occasions.isEmpty || occasions.occasions.contains { $0.formality.contains(item.formality) }
        return saved + .plain(" ") + context.text(inOutfits ? "import.saved.usable" : "import.saved.too_formal")
    }

    /// Try it on (the piece goes to the Clothing slot), or Add a photo (the next photo becomes its photo).
    static func nextButton(_ item: ClosetItem, context: ChatContext) async throws -> Button {
        if item.photo != nil {
            return try await context.button(context.string("import.button.try_on"), action: .tryOnItem, payload: ["number": .int(Int64(item.number))])
        }
        return try await context.button(context.string("import.button.add_photo"), action: .closetPhoto, payload: ["number": .int(Int64(item.number))])
    }
}
