import Chat
import Closet
import Foundation
import JSON
import Localization
import ProductImport
import Storage
import Support

/// `/closet`, `/item`, `/edit`, `/remove`, `/laundry`, `/clean` and `/export`.
struct ClosetCommands {
    let environment: BotEnvironment
    /// Items per `/closet` page: one contact sheet (4 × 6 by default).
    var pageSize: Int { environment.images.configuration.pictures.sheetCapacity }

    func register(on builder: inout RouterBuilder) {
        builder.pendingInput(stateKey: ItemPhoto.stateKey)
        builder.add(Command("closet", usage: "[category] [page]", topic: .closet) { context, arguments in
            var words = arguments.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            var number = 1
            // A trailing number is a page ("/closet 2", "/closet shoes 2"), bounded where it enters.
            if let last = words.last, let value = Self.pageNumber(last) {
                guard value >= 1 else { throw LocalizedUserMessageError("closet.page.invalid") }
                // A page past the end shows the last page with a note, however large the number.
                number = min(value, 10_000)
                words.removeLast()
            }
            let category = try words.isEmpty
                ? nil : ItemNumbers.category(words.joined(separator: " "), words: context.phrasebook, rules: environment.rules)
            try await page(context, category: category, page: number - 1)
        })
        builder.onButton(.closetPage) { context, record in
            let category = try record.arguments.optionalValue("category", as: Category.self)
            try await page(context, category: category, page: try record.arguments.optionalInt("page", in: 0...100_000) ?? 0)
        }
        builder.add(Command("item", usage: "N", topic: .closet) { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            let photos = try await PhotoLoader.images(for: [item], userID: context.user.id, store: context.data)
            var refs: [MessageRef] = []
            if !photos.isEmpty { refs += try await context.send(.photos(photos)) }
            // Try it on (or Add a photo) as a button too: the console and some clients can't reply to a card.
            let next = try await SavedPieceText.nextButton(item, context: context)
            if let card = try await context.reply(ItemText.card(item, context.phrasebook), buttons: [[next]]) { refs.append(card) }
            // A reply "try" (or /tryon) to the card puts this piece in the try-on Clothing slot.
            try await ItemCardMessages.remember(refs, item: item.number, context: context)
        })
        builder.add(Command("edit", usage: "N FIELD VALUE", topic: .closet) { context, arguments in
            let parts = arguments.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count == 2, parts[1].lowercased() == "photo" {
                let item = try await ItemNumbers.item(parts[0], context: context)
                try await ItemPhoto.expect(item.number, context: context)
                try await context.reply(context.text("closet.photo.send", ["number": .text(String(item.number)), "name": .text(item.name)]))
                return
            }
            let words = context.phrasebook
            guard parts.count == 3 else {
                throw LocalizedUserMessageError("closet.edit.usage", ["fields": .text(ItemEditor.fieldNames(words))])
            }
            var item = try await ItemNumbers.item(parts[0], context: context)
            let field = try ItemEditor.field(parts[1], words)
            try ItemEditor.apply(field, value: parts[2], to: &item, rules: environment.rules, words)
            try await context.data.updateItem(item, userID: context.user.id)
            let fieldName = words.string(field.nameKey)
            if let value = ItemEditor.shownValue(field, of: item, words) {
                try await context.reply(context.text(
                    "closet.edit.done", ["number": .text(String(item.number)), "field": .text(fieldName), "value": value]))
            } else {
                try await context.reply(context.text("closet.edit.cleared", ["number": .text(String(item.number)), "field": .text(fieldName)]))
            }
        })
        builder.add(Command("remove", usage: "N", topic: .closet) { context, arguments in
            let item = try await ItemNumbers.item(arguments, context: context)
            let number: [String: MessageArgument] = ["number": .text(String(item.number)), "name": .text(item.name)]
            let yes = try await context.button(
                context.string("closet.remove.button", number), action: .closetRemove, payload: ["number": .int(Int64(item.number))])
            let no = try await context.button(context.string("closet.remove.keep"), action: .closetKeep)
            // The wear log of the piece goes with it, so the question says so (and how much).
            let wears = try await context.data.wears(userID: context.user.id, itemID: item.id).count
            let question = wears == 0
                ? context.text("closet.remove.question", number)
                : context.text("closet.remove.question_worn", number.merging(["count": .integer(wears)]) { $1 })
            try await context.reply(question, buttons: [[yes, no]])
        })
        builder.onButton(.closetRemove) { context, record in
            let number = try record.arguments.int("number", in: 1...1_000_000)
            let removed = try await context.data.removeItem(userID: context.user.id, number: number)
            try await context.store.deleteButtons(tokens: [record.token])
            try await context.reply(context.text(removed ? "closet.remove.done" : "closet.remove.gone", ["number": .text(String(number))]))
        }
        builder.onButton(.closetKeep) { context, _ in try await context.reply(context.text("closet.remove.kept")) }
        builder.onButton(.closetPhoto) { context, record in
            let item = try await ItemNumbers.item(String(try record.arguments.int("number", in: 1...1_000_000)), context: context)
            try await ItemPhoto.expect(item.number, context: context)
            try await context.reply(context.text("closet.photo.send", ["number": .text(String(item.number)), "name": .text(item.name)]))
        }
        builder.add(Command("laundry", usage: "[N]", topic: .closet) { context, arguments in
            try await Self.setLaundry(true, arguments: arguments, context: context)
        })
        builder.add(Command("clean", usage: "[N|all]", topic: .closet) { context, arguments in
            try await Self.setLaundry(false, arguments: arguments, context: context)
        })
        builder.add(Command("export", usage: "[csv]", topic: .closet) { context, arguments in
            let format = arguments.trimmingCharacters(in: .whitespaces).lowercased()
            guard ["", "json", "csv"].contains(format) else { throw LocalizedUserMessageError("closet.export.format") }
            let export = try await context.data.closetExport(userID: context.user.id)
            let (items, wears) = (export.pieceCount, export.wearCount)
            let caption = context.text("closet.export.caption", [
                "pieces": .text(context.string("closet.count", ["count": .integer(items)])),
                "wears": .text(context.string("closet.export.wears", ["count": .integer(wears)])),
            ])
            if format == "csv" {
                // The spreadsheet has the pieces only; the JSON file also holds every logged wear and reads back with closet import.
                let bytes = ClosetCSV.bytes(try await context.data.items(userID: context.user.id))
                try await context.send(.document(fileName: "wardrobe-closet.csv", bytes: bytes, mimeType: "text/csv", caption: caption))
            } else {
                try await context.send(.document(
                    fileName: "wardrobe-closet.json", bytes: Array(export.text.utf8), mimeType: "application/json", caption: caption))
            }
        })
    }

    /// A typed page number: digits with an optional sign; one too long for `Int` counts as very large
    /// (or very small), so it is a page past the end rather than a category name.
    static func pageNumber(_ word: String) -> Int? {
        let negative = word.hasPrefix("-")
        let digits = negative || word.hasPrefix("+") ? String(word.dropFirst()) : word
        guard !digits.hasPrefix("#"), let value = TypedNumber.integer(digits) else { return nil }
        return negative ? (value == Int.max ? Int.min : -value) : value
    }

    private func page(_ context: ChatContext, category: Category?, page: Int) async throws {
        let all = try await context.data.items(userID: context.user.id).filter { category == nil || $0.category == category }
        guard !all.isEmpty else {
            try await context.reply(category.map { context.text("closet.empty.category", ["category": .text(context.phrasebook.categoryPlural($0))]) }
                ?? context.text("closet.empty"))
            return
        }
        let pages = (all.count + pageSize - 1) / pageSize
        let current = min(max(page, 0), pages - 1)
        let slice = all[(current * pageSize)..<min(all.count, (current + 1) * pageSize)]
        let name = category.map { context.phrasebook.heading(context.phrasebook.categoryPlural($0)) } ?? context.string("closet.title")
        let title = context.string(pages > 1 ? "closet.heading.paged" : "closet.heading", [
            "title": .text(name), "count": .integer(all.count), "page": .integer(current + 1), "pages": .integer(pages),
        ])
        // A page past the end shows the last one and says so, rather than an empty list.
        let past = page >= pages ? context.string("closet.page.past", ["count": .integer(pages)]) + "\n" : ""
        var buttons: [Button] = []
        let base: JSON = ["category": category.map { .string($0.rawValue) } ?? .null]
        if current > 0 { buttons.append(try await context.button(context.string("closet.button.previous"), action: .closetPage, payload: base.setting("page", .int(Int64(current - 1))))) }
        if current < pages - 1 { buttons.append(try await context.button(context.string("closet.button.next"), action: .closetPage, payload: base.setting("page", .int(Int64(current + 1))))) }
        // The list stays as the caption (or its follow-up, when long): screen readers and search need the words.
        let lines = slice.map { ItemText.line($0, context.phrasebook) }.joined(separator: "\n")
        let text = RichText.plain(past) + .bold(title) + .plain("\n" + lines + "\n\n") + context.text("closet.item_hint")
        let reuse = PictureReuse(images: environment.images)
        let key = reuse.key("closet-sheet", userID: context.user.id, groups: [Array(slice)], words: context.phrasebook)
        var sheet = reuse.cached(key)
        if sheet == nil {
            let cache = ThumbnailCache(store: try context.data, images: environment.images)
            let tiles = await PieceTiles.tiles(
                Array(slice), userID: context.user.id, side: environment.images.configuration.pictures.sheetCell, cache: cache, words: context.phrasebook)
            do {
                let picture = try await environment.images.closetSheet(tiles)
                sheet = reuse.keep(picture.image, key: key, reusable: PictureReuse.drawnAsExpected(Array(slice), picture.tiles))
            } catch {
                environment.logger.warning("cannot draw the closet sheet", ["error": "\(error)"])
            }
        }
        try await context.send(.picture(sheet, caption: text, buttons: buttons.isEmpty ? [] : [buttons]))
    }
}

extension ClosetCommands {
    /// `/laundry 3`, `/laundry 1 2 3`, `/clean 3`, `/clean all`: a piece (or several) out of outfits until clean.
    static func setLaundry(_ dirty: Bool, arguments: String, context: ChatContext) async throws {
        let words = arguments.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var items: [ClosetItem]
        func inLaundry() async throws -> [ClosetItem] { try await context.data.items(userID: context.user.id).filter { !$0.isAvailable } }
        if words.isEmpty {
            // Alone, either command says what is in the laundry now.
            let dirtyItems = try await inLaundry()
            guard !dirtyItems.isEmpty else { throw LocalizedUserMessageError("closet.laundry.empty") }
            let list = dirtyItems.prefix(20).map { "#\($0.number) \($0.name)" }.joined(separator: ", ") + (dirtyItems.count > 20 ? ", …" : "")
            try await context.reply(context.text("closet.laundry.many", ["count": .integer(dirtyItems.count), "list": .text(list)]))
            return
        }
        if !dirty, words.count == 1, ["all", "alle", "tout", "tous", "todo", "todos", "tutto", "tutti"].contains(words[0].lowercased()) {
            items = try await inLaundry()
            guard !items.isEmpty else { throw LocalizedUserMessageError("closet.clean.none") }
        } else {
            guard (1...50).contains(words.count) else { throw LocalizedUserMessageError("closet.item.number_needed") }
            items = []
            for word in words where !items.contains(where: { $0.number == TypedNumber.integer(word) }) {
                items.append(try await ItemNumbers.item(word, context: context))
            }
        }
        // A piece removed meanwhile (another device) has nothing to mark; the rest still are.
        for item in items { _ = try await context.data.setAvailable(!dirty, userID: context.user.id, number: item.number) }
        if items.count == 1, let item = items.first {
            let key = dirty ? "closet.laundry.done" : "closet.clean.done"
            try await context.reply(context.text(key, ["number": .text(String(item.number)), "name": .text(item.name)]))
        } else {
            let list = items.map { "#\($0.number)" }.joined(separator: ", ")
            try await context.reply(context.text(dirty ? "closet.laundry.many" : "closet.clean.many", ["count": .integer(items.count), "list": .text(list)]))
        }
    }
}

/// Parses item numbers and categories from command arguments.
enum ItemNumbers {
    /// The user's item for "3" or "#3"; a clear error for anything else or someone else's number.
    static func item(_ text: String, context: ChatContext) async throws -> ClosetItem {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = TypedNumber.integer(trimmed), number > 0 else {
            throw LocalizedUserMessageError("closet.item.number_needed")
        }
        // A number too long for Int (`TypedNumber` gives Int.max) names no piece: said as typed, shortened.
        guard number < Int.max else {
            let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
            throw LocalizedUserMessageError("closet.item.unknown", ["number": .text(digits.shortened(to: 12))])
        }
        guard let item = try await context.data.item(userID: context.user.id, number: number) else {
            throw LocalizedUserMessageError("closet.item.unknown", ["number": .text(String(number))])
        }
        return item
    }

    /// A category from its name or plural ("shoes", "tops", "coat").
    /// A typed category: its English name, the reader's own words for it (`words`: "Hosen", "chaussures"),
    /// or a garment the keyword rules know in five languages ("jeans", "Schuhe", "vestido").
    static func category(_ text: String, words: Phrasebook? = nil, rules: KeywordRules? = nil) throws -> Category {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = Category(rawValue: word) { return exact }
        if let plural = Category.allCases.first(where: { $0.plural == word || $0.rawValue + "s" == word }) { return plural }
        let synonyms: [String: Category] = [
            "jacket": .outerwear, "jackets": .outerwear, "coat": .outerwear, "coats": .outerwear, "shoe": .shoes,
            "trousers": .bottom, "pants": .bottom, "accessories": .accessory, "dresses": .dress,
        ]
        if let match = synonyms[word] { return match }
        if let words, let match = Category.allCases.first(where: { names(of: $0, words).contains(word) }) { return match }
        if let rules, word.count <= 40, let found = rules.draft(fromText: word).category { return found }
        let shown = text.shortened(to: 40)
        throw LocalizedUserMessageError(
            "closet.category.unknown", ["word": .text(shown), "options": .text(Category.allCases.map(\.rawValue).joined(separator: ", "))])
    }

    /// A category's names in the reader's language, each part on its own: "Hose/Rock" and "Hosen und
    /// Röcke" give hose, rock, hosen, röcke.
    private static func names(of category: Category, _ words: Phrasebook) -> Set<String> {
        let joiners = ["/", " und ", " and ", " et ", " y ", " e ", " oder ", " or ", " ou ", " o "]
        var parts = [words.categoryName(category), words.categoryPlural(category)].map { $0.lowercased() }
        for joiner in joiners { parts = parts.flatMap { $0.components(separatedBy: joiner) } }
        return Set(parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
