import Chat
import Closet
import Foundation
import JSON
import Storage
import Support

/// `/closet`, `/item`, `/edit`, `/remove`, `/laundry`, `/clean` and `/export`.
struct ClosetCommands {
    let environment: BotEnvironment
    /// Items per `/closet` page: one contact sheet (4 × 6 by default).
    var pageSize: Int { environment.images.configuration.pictures.sheetCapacity }

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("closet", usage: "[category] [page]", summary: "your pieces as a numbered picture, e.g. /closet shoes, /closet 2") { context, arguments in
            var words = arguments.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            var number = 1
            // A trailing number is a page ("/closet 2", "/closet shoes 2"), bounded where it enters.
            if let last = words.last, let value = Int(last) {
                guard (1...10_000).contains(value) else { throw UserMessageError("Pages start at 1, e.g. /closet 2.") }
                number = value
                words.removeLast()
            }
            let category = try words.isEmpty ? nil : ItemNumbers.category(words.joined(separator: " "))
            try await page(context, category: category, page: number - 1)
        })
        builder.onButton("closet.page") { context, record in
            let category = record.payload["category"]?.string.flatMap(Category.init(rawValue:))
            try await page(context, category: category, page: Int(record.payload["page"]?.int ?? 0))
        }
        builder.add(Command("item", usage: "N", summary: "one piece with its photo and details") { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            let photos = try await PhotoLoader.images(for: [item], userID: context.user.id, store: context.data)
            var refs: [MessageRef] = []
            if !photos.isEmpty { refs += try await context.send(.photos(photos)) }
            // Try it on (or Add a photo) as a button too: the console and some clients can't reply to a card.
            let next = try await SavedPieceText.nextButton(item, context: context)
            if let card = try await context.reply(ItemText.card(item), buttons: [[next]]) { refs.append(card) }
            // A reply "try" (or /tryon) to the card puts this piece in the try-on Clothing slot.
            try await ItemCardMessages.remember(refs, item: item.number, context: context)
        })
        builder.add(Command("edit", usage: "N FIELD VALUE", summary: "change a field, e.g. /edit 3 color navy") { context, arguments in
            let parts = arguments.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count == 2, parts[1].lowercased() == "photo" {
                let item = try await ItemNumbers.item(parts[0], context: context)
                try await ItemPhoto.expect(item.number, context: context)
                try await context.reply("Send the photo of #\(item.number) \(item.name) now.")
                return
            }
            guard parts.count == 3 else {
                throw UserMessageError("Use /edit N FIELD VALUE, e.g. /edit 3 color navy. Fields: \(ItemEditor.fieldNames).")
            }
            var item = try await ItemNumbers.item(parts[0], context: context)
            try ItemEditor.apply(field: parts[1], value: parts[2], to: &item)
            try await context.data.updateItem(item, userID: context.user.id)
            try await context.reply("Updated #\(item.number): \(parts[1].lowercased()) is now \(parts[2]).")
        })
        builder.add(Command("remove", usage: "N", summary: "delete a piece (asks first)") { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            let yes = try await context.button("Delete #\(item.number)", action: "closet.remove", payload: ["number": .int(Int64(item.number))])
            let no = try await context.button("Keep it", action: "closet.keep")
            try await context.reply("Delete #\(item.number) \(item.name)? This can't be undone.", buttons: [[yes, no]])
        })
        builder.onButton("closet.remove") { context, record in
            let number = Int(record.payload["number"]?.int ?? 0)
            let removed = try await context.data.removeItem(userID: context.user.id, number: number)
            try await context.store.deleteButtons(tokens: [record.token])
            try await context.reply(removed ? "Deleted #\(number)." : "#\(number) was already gone.")
        }
        builder.onButton("closet.keep") { context, _ in try await context.reply("Kept it.") }
        builder.onButton("closet.photo") { context, record in
            let item = try await ItemNumbers.item(String(record.payload["number"]?.int ?? 0), context: context)
            try await ItemPhoto.expect(item.number, context: context)
            try await context.reply("Send the photo of #\(item.number) \(item.name) now.")
        }
        builder.add(Command("laundry", usage: "N", summary: "mark a piece as in the laundry") { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            try await context.data.setAvailable(false, userID: context.user.id, number: item.number)
            try await context.reply("#\(item.number) \(item.name) is in the laundry. I'll leave it out until /clean \(item.number).")
        })
        builder.add(Command("clean", usage: "N", summary: "mark a piece as clean again") { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            try await context.data.setAvailable(true, userID: context.user.id, number: item.number)
            try await context.reply("#\(item.number) \(item.name) is back in your closet.")
        })
        builder.add(Command("export", summary: "your closet as a JSON file") { context, _ in
            let export = try await context.data.closetExport(userID: context.user.id)
            let (items, wears) = (export.pieceCount, export.wearCount)
            try await context.send(.document(
                fileName: "wardrobe-closet.json", bytes: Array(export.text.utf8), mimeType: "application/json",
                caption: .plain("Your closet: \(items) piece\(items == 1 ? "" : "s"), \(wears) logged wear\(wears == 1 ? "" : "s").")))
        })
    }

    private func page(_ context: ChatContext, category: Category?, page: Int) async throws {
        let all = try await context.data.items(userID: context.user.id).filter { category == nil || $0.category == category }
        guard !all.isEmpty else {
            let what = category.map { "no \($0.plural)" } ?? "an empty closet"
            try await context.reply(RichText.plain("You have \(what). Paste a product link or send /add navy wool blazer to add a piece."))
            return
        }
        let pages = (all.count + pageSize - 1) / pageSize
        let current = min(max(page, 0), pages - 1)
        let slice = all[(current * pageSize)..<min(all.count, (current + 1) * pageSize)]
        let title = (category?.plural.capitalized ?? "Your closet") + " (\(all.count))" + (pages > 1 ? " — page \(current + 1)/\(pages)" : "")
        // A page past the end shows the last one and says so, rather than an empty list.
        let past = page >= pages ? "(There \(pages == 1 ? "is only 1 page" : "are only \(pages) pages").)\n" : ""
        var buttons: [Button] = []
        let base: JSON = ["category": category.map { .string($0.rawValue) } ?? .null]
        if current > 0 { buttons.append(try await context.button("◀ Previous", action: "closet.page", payload: base.setting("page", .int(Int64(current - 1))))) }
        if current < pages - 1 { buttons.append(try await context.button("Next ▶", action: "closet.page", payload: base.setting("page", .int(Int64(current + 1))))) }
        // The list stays as the caption (or its follow-up, when long): screen readers and search need the words.
        let text = RichText.plain(past) + .bold(title) + .plain("\n" + slice.map(ItemText.line).joined(separator: "\n") + "\n\n/item N shows one piece.")
        let cache = ThumbnailCache(store: try context.data, images: environment.images)
        let tiles = await PieceTiles.tiles(Array(slice), userID: context.user.id, side: environment.images.configuration.pictures.sheetCell, cache: cache)
        var sheet: OutgoingImage?
        do { sheet = OutfitPicture.outgoing(try await environment.images.closetSheet(tiles).image) } catch {
            environment.logger.warning("cannot draw the closet sheet", ["error": "\(error)"])
        }
        try await context.send(.picture(sheet, caption: text, buttons: buttons.isEmpty ? [] : [buttons]))
    }
}

/// Parses item numbers and categories from command arguments.
enum ItemNumbers {
    /// The user's item for "3" or "#3"; a clear error for anything else or someone else's number.
    static func item(_ text: String, context: ChatContext) async throws -> ClosetItem {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        guard let number = Int(digits), number > 0 else {
            throw UserMessageError("Give the item number, e.g. 3. /closet lists your pieces with their numbers.")
        }
        guard let item = try await context.data.item(userID: context.user.id, number: number) else {
            throw UserMessageError("You have no item #\(number). /closet lists your pieces.")
        }
        return item
    }

    /// A category from its name or plural ("shoes", "tops", "coat").
    static func category(_ text: String) throws -> Category {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = Category(rawValue: word) { return exact }
        if let plural = Category.allCases.first(where: { $0.plural == word || $0.rawValue + "s" == word }) { return plural }
        let synonyms: [String: Category] = [
            "jacket": .outerwear, "jackets": .outerwear, "coat": .outerwear, "coats": .outerwear, "shoe": .shoes,
            "trousers": .bottom, "pants": .bottom, "accessories": .accessory, "dresses": .dress,
        ]
        if let match = synonyms[word] { return match }
        throw UserMessageError("I don't know the category \"\(text)\". Use one of: \(Category.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}
