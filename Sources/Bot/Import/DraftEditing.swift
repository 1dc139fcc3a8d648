import Chat
import Closet
import Foundation
import JSON
import Localization
import ProductImport
import Storage
import Support

/// The draft buttons: Save, Cancel, category, color (including a typed one) and size.
struct DraftEditing {
    let environment: BotEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.pendingInput(stateKey: "awaiting")
        builder.onButton(.draftSave) { context, record in
            var draft = try await Self.current(record, context: context)
            guard draft.hasCategory else {
                try await context.reply(context.text("import.draft.pick_category"))
                return
            }
            guard draft.hasColor else {
                try await context.reply(context.text("import.draft.pick_color"))
                return
            }
            draft.item.addedAt = context.clock.now()
            let saved = try await context.data.addItem(draft.item, userID: context.user.id)
            let cardIDs = try await context.state()[ItemDraft.stateKey]?["messages"]?.array?.compactMap(\.string) ?? []
            try await context.updateState { $0.setting(ItemDraft.stateKey, .null) }
            let confirmation = try await context.reply(
                SavedPieceText.text(saved, occasions: environment.occasions, context: context),
                buttons: [[try await SavedPieceText.nextButton(saved, context: context)]])
            let refs = cardIDs.map { MessageRef(chatID: context.event.chat.id, messageID: $0) } + (confirmation.map { [$0] } ?? [])
            try await ItemCardMessages.remember(refs, item: saved.number, context: context)
            if let photo = saved.photo {
                if let store = try? context.data { await ThumbnailCache(store: store, images: environment.images).warm(userID: context.user.id, sha256: photo) }
            }
        }
        builder.onButton(.draftCancel) { context, record in
            _ = try await Self.current(record, context: context)
            try await context.updateState { $0.setting(ItemDraft.stateKey, .null) }
            try await context.reply(context.text("import.draft.discarded"))
        }
        builder.onButton(.draftGoodsKeep) { context, record in
            let draft = try await Self.current(record, context: context)
            try await DraftCard.send(draft, context: context)
        }
        builder.onButton(.draftCategory) { context, record in
            var draft = try await Self.current(record, context: context)
            let category = try record.arguments.value("category", as: Category.self)
            draft.item.category = category
            draft.hasCategory = true
            if category != .bottom { draft.item.legShape = nil }
            try await Self.save(draft, context: context)
            try await DraftCard.send(draft, context: context, withPhoto: false)
        }
        builder.onButton(.draftColor) { context, record in
            var draft = try await Self.current(record, context: context)
            let name = try record.arguments.string("name", maxLength: 64)
            let family = try record.arguments.value("family", as: ColorFamily.self)
            draft.item.color = ItemColor(name: name, family: family)
            draft.hasColor = true
            try await Self.save(draft, context: context)
            try await DraftCard.send(draft, context: context, withPhoto: false)
        }
        builder.onButton(.draftOtherColor) { context, record in
            _ = try await Self.current(record, context: context)
            try await context.updateState { $0.setting("awaiting", "draft.color") }
            try await context.reply(context.text("import.draft.type_color"))
        }
        builder.onButton(.draftTypeSize) { context, record in
            _ = try await Self.current(record, context: context)
            try await context.updateState { $0.setting("awaiting", "draft.size") }
            try await context.reply(context.text("import.draft.type_size"))
        }
        builder.onButton(.draftSkipSize) { context, record in
            let draft = try await Self.current(record, context: context)
            try await context.updateState { $0.setting("size_skipped", .string(draft.id)) }
            try await DraftCard.send(draft, context: context, withPhoto: false)
        }
        builder.onButton(.draftSize) { context, record in
            var draft = try await Self.current(record, context: context)
            draft.item.size = try record.arguments.optionalString("size", maxLength: 64)
            try await Self.save(draft, context: context)
            try await DraftCard.send(draft, context: context, withPhoto: false)
        }
    }

    /// Whether the draft card still asks for a size: none listed, none set, not skipped.
    static func asksForSize(_ draft: ItemDraft, context: ChatContext) async throws -> Bool {
        guard draft.sizes.isEmpty, draft.item.size == nil else { return false }
        return try await context.state()["size_skipped"]?.string != draft.id
    }

    /// Takes a typed size after "Type the size"; true when the text was that answer.
    static func takeTypedSize(_ text: String, context: ChatContext) async throws -> Bool {
        let state = try await context.state()
        guard state["awaiting"]?.string == "draft.size", var draft = state[ItemDraft.stateKey].flatMap(ItemDraft.init(json:)) else {
            return false
        }
        let size = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...20).contains(size.count) else {
            try await context.reply(context.text("import.draft.size_invalid"))
            return true
        }
        draft.item.size = size
        try await context.updateState { $0.setting("awaiting", .null).setting(ItemDraft.stateKey, draft.json) }
        try await DraftCard.send(draft, context: context, withPhoto: false)
        return true
    }

    /// Takes a typed color after "Other color", or a color word alone while the draft has none; true when the text was that answer.
    static func takeTypedColor(_ text: String, context: ChatContext, rules: KeywordRules) async throws -> Bool {
        let state = try await context.state()
        guard var draft = state[ItemDraft.stateKey].flatMap(ItemDraft.init(json:)) else { return false }
        let asked = state["awaiting"]?.string == "draft.color"
        // A draft still without a color takes a color word typed on its own ("teal", "blau"), as people
        // answer the card's question without pressing Other color first; any other text goes on.
        guard asked || (!draft.hasColor && text.count <= 40) else { return false }
        try ItemField.colorName.check(text)
        let named = rules.color(named: text)
        guard asked || named != nil else { return false }
        guard let color = named else {
            try await context.reply(context.text("import.draft.color_unknown"))
            return true
        }
        // The user's own words stay the color's name ("sky blue"); the rules only pick its family.
        let words = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        draft.item.color = ItemColor(name: words.isEmpty ? color.name : words, family: color.family)
        draft.hasColor = true
        try await context.updateState { $0.setting("awaiting", .null).setting(ItemDraft.stateKey, draft.json) }
        try await DraftCard.send(draft, context: context, withPhoto: false)
        return true
    }

    /// Stores the draft as the user's current one in this chat.
    static func save(_ draft: ItemDraft, context: ChatContext) async throws {
        let previous = try await context.state()[ItemDraft.stateKey].flatMap(ItemDraft.init(json:))
        if let previous, previous.id != draft.id {
            // One draft per chat: say so, rather than lose the first one silently.
            try await context.reply(context.text("import.draft.replaced", ["name": .text(previous.item.name)]))
        }
        try await context.updateState { $0.setting(ItemDraft.stateKey, draft.json) }
    }

    /// The draft a button belongs to; an older draft's buttons have expired.
    static func current(_ record: ButtonRecord, context: ChatContext) async throws -> ItemDraft {
        let state = try await context.state()
        guard let draft = state[ItemDraft.stateKey].flatMap(ItemDraft.init(json:)), draft.id == record.payload["draft"]?.string else {
            throw LocalizedUserMessageError("import.draft.expired")
        }
        return draft
    }
}
