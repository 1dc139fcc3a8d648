import Chat
import Foundation
import Images
import JSON
import Localization
import Storage
import Support
import TryOn

/// `/looks`, `/look N` and the buttons under a result: Dress this look, Compare, Again, Keep.
struct LookCommands {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment
    /// Looks per `/looks` page: one album.
    static let pageSize = 4

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("looks", topic: .tryOn) { context, _ in
            try await page(context, page: 0)
        })
        builder.onButton(.looksPage) { context, record in
            try await page(context, page: try record.arguments.optionalInt("page", in: 0...100_000) ?? 0)
        }
        builder.add(Command("look", usage: "N [delete]", topic: .tryOn) { context, arguments in
            let words = arguments.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            if words.count == 2, ["delete", "remove"].contains(words[1].lowercased()) {
                let look = try await look(words[0], context: context)
                let number: [String: MessageArgument] = ["number": .text(String(look.number))]
                let yes = try await context.button(
                    context.string("look.delete.button", number), action: .lookDelete, payload: ["look": .int(Int64(look.number))])
                let no = try await context.button(context.string("look.delete.keep"), action: .closetKeep)
                try await context.reply(context.text("look.delete.question", number), buttons: [[yes, no]])
                return
            }
            let look = try await look(arguments, context: context)
            try await context.send(.action(.uploadPhoto))
            try await context.send(.photos([try await recipePicture(look, context: context)]))
            var buttons = try await LookButtons.make(
                for: [look], chatID: context.chat.id, userID: context.user.id, store: context.data, now: context.clock.now(), words: context.phrasebook)
            buttons.append([try await context.button(context.string("look.button.use_again"), action: .lookUseAgain, payload: ["look": .int(Int64(look.number))])])
            try await context.reply(TryOnText.recipe(look, prompts: tryOn.prompts, context.phrasebook), buttons: buttons)
        })
        builder.onButton(.lookDelete) { context, record in
            let number = try record.arguments.int("look", in: 1...1_000_000)
            try await context.store.deleteButtons(tokens: [record.token])
            let deleted = try await context.data.deleteLook(userID: context.user.id, number: number)
            try await context.reply(context.text(deleted == nil ? "look.deleted.gone" : "look.deleted", ["number": .text(String(number))]))
        }
        builder.onButton(.lookUseAgain) { context, record in
            let look = try await look(from: record, context: context)
            try await context.updateState { state in
                var slots = TryOnSlots(state: state)
                slots.person = look.personSHA256
                slots.personSource = .recipe(look.number)
                slots.garment = look.garmentSHA256
                slots.garmentSource = .recipe(look.number)
                slots.promptText = look.prompt
                slots.service = look.service
                slots.holdForGo = true
                slots.awaitingPerson = false
                slots.awaitingGarment = false
                return slots.stored(in: state)
            }
            try await TryOnComposer(environment: environment, tryOn: tryOn).show(context)
        }
        builder.onButton(.lookDress) { context, record in
            let look = try await look(from: record, context: context)
            try await context.updateState { state in
                var slots = TryOnSlots(state: state)
                slots.person = look.resultSHA256
                slots.personSource = .look(look.number)
                slots.awaitingPerson = false
                return slots.stored(in: state)
            }
            try await context.reply(context.text("look.dressed", ["number": .text(String(look.number))]))
        }
        builder.onButton(.lookCompare) { context, record in
            let look = try await look(from: record, context: context)
            try await context.send(.action(.uploadPhoto))
            let before = try await context.data.imageBytes(userID: context.user.id, sha256: look.personSHA256)
            let after = try await context.data.imageBytes(userID: context.user.id, sha256: look.resultSHA256)
            // An ImageError reaches the router, which words it in the user's language (ErrorMessages).
            let collage = try await tryOn.images.compare(before: before, after: after)
            try await context.send(.photos(
                [OutgoingImage(bytes: collage.bytes, mimeType: collage.mimeType, width: collage.width, height: collage.height)],
                caption: context.text("look.compare.caption", ["number": .text(String(look.number))])))
        }
        builder.onButton(.lookKeep) { context, record in
            let look = try await look(from: record, context: context)
            try await context.data.setFavourite(true, userID: context.user.id, number: look.number)
            try await context.reply(context.text("look.kept", ["number": .text(String(look.number))]))
        }
        builder.onButton(.lookAgain) { context, record in
            try await again(record, context: context)
        }
    }

    /// One page of looks as an album, with Previous/Next.
    private func page(_ context: ChatContext, page: Int) async throws {
        let total = try await context.data.lookCount(userID: context.user.id)
        guard total > 0 else {
            try await context.reply(context.text("look.none"))
            return
        }
        let pages = (total + Self.pageSize - 1) / Self.pageSize
        let current = min(max(page, 0), pages - 1)
        let looks = try await context.data.looks(userID: context.user.id, limit: Self.pageSize, offset: current * Self.pageSize)
        var photos: [OutgoingImage] = []
        for look in looks {
            photos.append(try await photo(look, context: context, caption: "#\(look.number)" + (look.favourite ? " ⭐" : "") + " · \(TryOnText.date(look.startedAt))"))
        }
        var row: [Button] = []
        if current > 0 { row.append(try await context.button(context.string("look.button.previous"), action: .looksPage, payload: ["page": .int(Int64(current - 1))])) }
        if current < pages - 1 { row.append(try await context.button(context.string("look.button.next"), action: .looksPage, payload: ["page": .int(Int64(current + 1))])) }
        let first = current * Self.pageSize + 1
        let range: [String: MessageArgument] = [
            "first": .integer(first), "last": .integer(first + looks.count - 1), "total": .integer(total), "page": .integer(current + 1),
            "pages": .integer(pages),
        ]
        let caption = context.text("look.page.title").bolded + context.text(pages > 1 ? "look.page.range_paged" : "look.page.range", range)
        try await context.send(.photos(photos, caption: caption, buttons: row.isEmpty ? [] : [row]))
    }

    /// You + Clothing → Look as one strip; the look alone when an input photo is gone.
    private func recipePicture(_ look: LookRecord, context: ChatContext) async throws -> OutgoingImage {
        let user = context.user.id
        guard let person = try? await context.data.imageBytes(userID: user, sha256: look.personSHA256),
            let garment = try? await context.data.imageBytes(userID: user, sha256: look.garmentSHA256),
            let result = try? await context.data.imageBytes(userID: user, sha256: look.resultSHA256),
            let strip = try? await tryOn.images.strip([
                LabelledPhoto(bytes: person, label: context.string("look.strip.you")),
                LabelledPhoto(bytes: garment, label: context.string("look.strip.clothing")),
                LabelledPhoto(bytes: result, label: context.string("look.strip.look", ["number": .text(String(look.number))])),
            ])
        else { return try await photo(look, context: context, caption: nil) }
        return OutgoingImage(bytes: strip.bytes, mimeType: strip.mimeType, width: strip.width, height: strip.height)
    }

    private func photo(_ look: LookRecord, context: ChatContext, caption: String?) async throws -> OutgoingImage {
        let record = try await context.data.image(userID: context.user.id, sha256: look.resultSHA256)
        return OutgoingImage(
            bytes: try await context.data.imageBytes(userID: context.user.id, sha256: look.resultSHA256),
            mimeType: record?.mimeType ?? "image/png", sha256: look.resultSHA256, caption: caption.map(RichText.plain),
            width: record?.width, height: record?.height)
    }

    private func look(_ text: String, context: ChatContext) async throws -> LookRecord {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed), number > 0 else {
            throw LocalizedUserMessageError("look.number_needed")
        }
        guard let look = try await context.data.look(userID: context.user.id, number: number) else {
            throw LocalizedUserMessageError("look.unknown", ["number": .text(String(number))])
        }
        return look
    }

    private func look(from record: ButtonRecord, context: ChatContext) async throws -> LookRecord {
        try await look(String(try record.arguments.int("look", in: 1...1_000_000)), context: context)
    }

    /// The same recipe again as a new variation of its batch.
    private func again(_ record: ButtonRecord, context: ChatContext) async throws {
        var recipe: TryOnRecipe
        if let number = try record.arguments.optionalInt("look", in: 1...1_000_000) {
            let look = try await look(String(number), context: context)
            let service = TryOnService(rawValue: look.service) ?? TryOnPreferences.service(of: context.user, tryOn: tryOn)
            let prompt = tryOn.prompts.prompts.first { $0.text == look.prompt }
            recipe = TryOnRecipe(
                person: look.personSHA256, garment: look.garmentSHA256, promptID: prompt?.id ?? "custom", promptText: look.prompt,
                service: service, count: 1, batchID: look.batchID ?? UUID().uuidString.lowercased(), firstVariation: 1)
        } else if let jobID = try record.arguments.optionalInt("job", in: 1...Int.max), let job = try await context.data.job(id: Int64(jobID)),
            job.userID == context.user.id, let payload = TryOnJobPayload(json: job.payload)
        {
            recipe = TryOnRecipe(
                person: payload.personSHA256, garment: payload.garmentSHA256, promptID: payload.promptID, promptText: payload.promptText,
                service: payload.service, count: payload.count, batchID: payload.batchID, firstVariation: 1)
        } else {
            throw LocalizedUserMessageError("look.again.gone")
        }
        let last = try await context.data.lastVariation(userID: context.user.id, batchID: recipe.batchID)
        recipe.firstVariation = last + 1
        try await TryOnStarter(environment: environment, tryOn: tryOn).enqueue(recipe, context: context)
    }
}
