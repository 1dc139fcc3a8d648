import Chat
import Closet
import JSON

/// Shows a draft with its photo and the buttons to confirm or correct it.
enum DraftCard {
    /// Most colorway and size buttons offered, so the menu stays short on a phone.
    static let maximumChoices = 6
    /// The colors offered when nothing says which one a piece is.
    static let commonFamilies: [ColorFamily] = [.black, .white, .grey, .navy, .beige, .blue]

    /// Sends (or re-sends) the draft card and remembers its messages, so a reply to them
    /// (e.g. "try") can name the item once it is saved.
    static func send(_ draft: ItemDraft, context: ChatContext, note: String? = nil, withPhoto: Bool = true) async throws {
        var refs: [MessageRef] = []
        if withPhoto, let sha = draft.item.photo, let record = try await context.data.image(userID: context.user.id, sha256: sha),
            let bytes = try? await context.data.imageBytes(userID: context.user.id, sha256: sha)
        {
            refs += try await context.send(.photos([OutgoingImage(bytes: bytes, mimeType: record.mimeType, sha256: sha, width: record.width, height: record.height)]))
        }
        var text = ItemText.card(
            draft.item, title: context.string("import.draft.title", ["name": .text(draft.item.name)]),
            categoryLine: draft.hasCategory ? nil : context.string("import.draft.category_unsure"),
            colorLine: draft.hasColor ? nil : context.string("import.draft.color_unsure"), context.phrasebook)
        let asksSize = try await DraftEditing.asksForSize(draft, context: context)
        let check = draft.sizes.isEmpty && !asksSize ? "import.draft.check_color" : "import.draft.check_color_size"
        text += .plain("\n\n" + (note.map { $0 + "\n" } ?? "")) + context.text(check)
        if let card = try await context.reply(text, buttons: try await buttons(for: draft, context: context)) { refs.append(card) }
        try await context.updateState { state in
            guard var stored = state[ItemDraft.stateKey], stored["id"]?.string == draft.id else { return state }
            let messages = (stored["messages"]?.array ?? []) + refs.map { .string($0.messageID) }
            stored = stored.setting("messages", .array(Array(messages.suffix(20))))
            return state.setting(ItemDraft.stateKey, stored)
        }
    }

    private static func buttons(for draft: ItemDraft, context: ChatContext) async throws -> [[Button]] {
        func button(_ title: String, _ action: ButtonAction, _ extra: JSON = [:]) async throws -> Button {
            try await context.button(title, action: action, payload: extra.setting("draft", .string(draft.id)))
        }
        func button(key: String, _ action: ButtonAction) async throws -> Button { try await button(context.string(key), action) }
        var rows: [[Button]] = [[try await button(key: "import.button.save", .draftSave), try await button(key: "import.button.cancel", .draftCancel)]]
        if !draft.hasCategory {
            var row: [Button] = []
            for category in [Category.top, .bottom, .dress, .shoes, .outerwear, .accessory] {
                row.append(try await button(context.categoryName(category), .draftCategory, ["category": .string(category.rawValue)]))
            }
            rows.append(row)
        }
        // The color always gets a confirmation button, since pages often list every colorway; with no
        // color known, the commonest families are offered instead, none of them ticked.
        let colors = draft.hasColor
            ? (draft.colors.isEmpty ? [draft.item.color] : Array(draft.colors.prefix(maximumChoices)))
            : Self.commonFamilies.map { ItemColor(name: context.phrasebook.colorFamilyName($0), family: $0) }
        var colorRow: [Button] = []
        for (index, color) in colors.enumerated() {
            let mark = draft.hasColor && color == draft.item.color ? "✓ " : ""
            colorRow.append(try await button("\(mark)\(context.phrasebook.colorName(color))", .draftColor, ["index": .int(Int64(index)), "name": .string(color.name), "family": .string(color.family.rawValue)]))
        }
        colorRow.append(try await button(key: "import.button.other_color", .draftOtherColor))
        rows.append(colorRow)
        if !draft.sizes.isEmpty {
            var sizeRow: [Button] = []
            for size in draft.sizes.prefix(maximumChoices) {
                sizeRow.append(try await button((draft.item.size == size ? "✓ " : "") + context.string("import.button.size", ["size": .text(size)]), .draftSize, ["size": .string(size)]))
            }
            rows.append(sizeRow)
        } else if try await DraftEditing.asksForSize(draft, context: context) {
            // No sizes on the page (or typed words): ask for it, as a shop would, with Skip.
            rows.append([try await button(key: "import.button.type_size", .draftTypeSize), try await button(key: "import.button.skip_size", .draftSkipSize)])
        }
        return rows
    }
}
