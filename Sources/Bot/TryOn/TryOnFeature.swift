import Chat
import Foundation
import Images
import JSON
import Localization
import Storage
import Support
import TryOn

/// The try-on flow: the You and Clothing slots, `/me`, `/tryon`, Cancel, and the photo intake.
///
/// Looks (`/looks`, `/look`, the result buttons), prompts, services and keys live in their own files.
struct TryOnFeature {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    var store: any WardrobeStore { environment.store }

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("me", topic: .tryOn) { context, _ in
            try await context.updateState { state in
                var slots = TryOnSlots(state: state)
                slots.awaitingPerson = true
                return slots.stored(in: state)
            }
            try await context.reply(context.text("tryon.me.ask"))
        })
        builder.add(Command("tryon", usage: "[1|2|4] [#ITEM]", topic: .tryOn) { context, arguments in
            try await tryOnCommand(context, arguments: arguments)
        })
        builder.onButton(.tryOnSlot) { context, record in
            let sha = try record.arguments.string("sha", maxLength: 64)
            let role = try record.arguments.value("role", as: SlotRole.self)
            try await context.store.deleteButtons(tokens: [record.token])
            try await fill(role, with: sha, context: context)
        }
        builder.onButton(.tryOnItem) { context, record in
            let number = try record.arguments.int("number", in: 1...1_000_000)
            try await fill(.garment, with: try await itemPhoto(number, context: context), source: .item(number), context: context)
        }
        builder.onButton(.tryOnAddPiece) { context, record in
            let sha = try record.arguments.string("sha", maxLength: 64)
            let name = try record.arguments.string("name", maxLength: 200)
            try await context.store.deleteButtons(tokens: [record.token])
            try await ImportFeature(environment: environment).draftFromText(name, photo: sha, context: context)
        }
        builder.onButton(.tryOnCancel) { context, record in
            try await cancel(context, ticket: record.token)
        }
        builder.onText { context, text in
            try await replyToItemCard(context, text: text)
        }
        // Photos captioned `add` go to the closet (`onCaptionedPhotos("add")`); the rest come here.
        builder.onPhotos { context, attachments, caption in
            try await receivePhotos(context, attachments: attachments, caption: caption)
        }
        TryOnComposer(environment: environment, tryOn: tryOn).register(on: &builder)
        LookCommands(environment: environment, tryOn: tryOn).register(on: &builder)
        TryOnPreferences(environment: environment, tryOn: tryOn).register(on: &builder)
        KeyCommand(environment: environment, tryOn: tryOn).register(on: &builder)
    }

    // MARK: Photos

    /// Intake, storage and slot filling for one photo event (one photo or an album).
    func receivePhotos(_ context: ChatContext, attachments: [Attachment], caption: String?) async throws {
        guard !attachments.isEmpty else { return }
        let used = Array(attachments.prefix(2))
        var encoded: [EncodedImage] = []
        // Every photo passes intake before anything is saved, so a bad second photo saves nothing.
        for attachment in used {
            encoded.append(try await intake(attachment))
        }
        var saved: [ImageRecord] = []
        for image in encoded {
            saved.append(try await store.saveImage(
                image.bytes, userID: context.user.id, mimeType: image.mimeType, width: image.width, height: image.height, now: context.clock.now()))
        }
        if saved.count == 1, let number = try await ItemPhoto.target(context) {
            try await ItemPhoto.attach(saved[0].sha256, to: number, context: context, images: environment.images)
            return
        }
        if attachments.count > 2 { try await context.reply(context.text("tryon.first_two")) }
        if saved.count == 2 {
            try await fillPair(person: saved[0].sha256, garment: saved[1].sha256, context: context)
            return
        }
        let sha = saved[0].sha256
        let slots = TryOnSlots(state: try await context.state())
        if let role = SlotRole.from(caption: caption) {
            try await fill(role, with: sha, context: context)
        } else if let words = caption?.trimmingCharacters(in: .whitespacesAndNewlines), words.contains(" ") {
            // "navy wool trousers" names a piece: ask whether it is for the closet or for a try-on.
            try await askWhichSlot(sha, context: context, pieceName: String(words.prefix(200)))
        } else if slots.awaitingPerson {
            try await fill(.person, with: sha, context: context)
        } else if slots.awaitingGarment {
            try await fill(.garment, with: sha, context: context)
        } else if (slots.person == nil) != (slots.garment == nil) {
            try await fill(slots.person == nil ? .person : .garment, with: sha, context: context)
        } else {
            try await askWhichSlot(sha, context: context)
        }
    }

    /// Loads and checks one attachment; an unusable file throws its `ImageError`, which the router words in the
    /// user's language (`ErrorMessages`).
    private func intake(_ attachment: Attachment) async throws -> EncodedImage {
        if let count = attachment.byteCount { try tryOn.images.checkByteCount(count) }
        let bytes = try await attachment.load()
        return try await tryOn.images.intake(bytes)
    }

    private func askWhichSlot(_ sha: String, context: ChatContext, pieceName: String? = nil) async throws {
        let you = try await context.button(context.string("tryon.button.me"), action: .tryOnSlot, payload: ["sha": .string(sha), "role": "person"])
        let clothing = try await context.button(
            context.string("tryon.button.clothing"), action: .tryOnSlot, payload: ["sha": .string(sha), "role": "garment"])
        guard let pieceName else {
            try await context.reply(context.text("tryon.which_slot"), buttons: [[you, clothing]])
            return
        }
        let add = try await context.button(
            context.string("tryon.button.add_to_closet"), action: .tryOnAddPiece, payload: ["sha": .string(sha), "name": .string(pieceName)])
        try await context.reply(context.text("tryon.which_slot.piece", ["name": .text(pieceName)]), buttons: [[add], [you, clothing]])
    }

    /// Fills one slot; starts the try-on when both are full, unless the user is steering the composer
    /// (Swap, Use again), which shows it again with Go.
    func fill(_ role: SlotRole, with sha: String, source: SlotSource = .photo, context: ChatContext) async throws {
        var slots = TryOnSlots(state: try await context.state())
        switch role {
        case .person:
            slots.person = sha
            slots.personSource = source
            slots.awaitingPerson = false
        case .garment:
            slots.garment = sha
            slots.garmentSource = source
            slots.awaitingGarment = false
        }
        try await context.updateState { slots.stored(in: $0) }
        if slots.person != nil && slots.garment != nil {
            if slots.holdForGo {
                try await TryOnComposer(environment: environment, tryOn: tryOn).show(context)
            } else {
                try await start(context, count: slots.pendingCount ?? 1)
            }
        } else if role == .person {
            try await context.reply(context.text("tryon.got_you"), buttons: [[try await TryOnComposer.nowButton(context)]])
        } else {
            try await context.reply(context.text("tryon.got_clothing"), buttons: [[try await TryOnComposer.nowButton(context)]])
        }
    }

    private func fillPair(person: String, garment: String, context: ChatContext) async throws {
        var slots = TryOnSlots(state: try await context.state())
        slots.person = person
        slots.garment = garment
        slots.personSource = .photo
        slots.garmentSource = .photo
        slots.awaitingPerson = false
        slots.awaitingGarment = false
        try await context.updateState { slots.stored(in: $0) }
        try await start(context, count: slots.pendingCount ?? 1)
    }

    // MARK: /tryon

    private func tryOnCommand(_ context: ChatContext, arguments: String) async throws {
        let request = try TryOnArguments(arguments)
        var itemNumber = request.itemNumber
        if itemNumber == nil, let reply = context.event.replyTo { itemNumber = try await ItemCardMessages.item(for: reply, context: context) }
        if let itemNumber {
            let sha = try await itemPhoto(itemNumber, context: context)
            if let count = request.count { try await rememberCount(count, context: context) }
            try await fill(.garment, with: sha, source: .item(itemNumber), context: context)
            return
        }
        let slots = TryOnSlots(state: try await context.state())
        guard let count = request.count else {
            // No argument: show what the next run would use, with Swap and Go.
            try await TryOnComposer(environment: environment, tryOn: tryOn).show(context)
            return
        }
        guard slots.person != nil, slots.garment != nil else {
            try await rememberCount(count, context: context)
            if slots.person == nil {
                try await context.reply(context.text("tryon.need_person"))
            } else {
                try await context.reply(context.text("tryon.need_clothing"))
            }
            return
        }
        try await start(context, count: count)
    }

    private func rememberCount(_ count: Int, context: ChatContext) async throws {
        try await context.updateState { state in
            var slots = TryOnSlots(state: state)
            slots.pendingCount = count
            return slots.stored(in: state)
        }
    }

    private func itemPhoto(_ number: Int, context: ChatContext) async throws -> String {
        guard let item = try await store.item(userID: context.user.id, number: number) else {
            throw LocalizedUserMessageError("tryon.no_item", ["number": .text(String(number))])
        }
        guard let sha = item.photo, try await store.image(userID: context.user.id, sha256: sha) != nil else {
            throw LocalizedUserMessageError("tryon.item_no_photo", ["number": .text(String(number)), "name": .text(item.name)])
        }
        return sha
    }

    /// "try" or "wear" in reply to an item card puts that item in the Clothing slot.
    private func replyToItemCard(_ context: ChatContext, text: String) async throws -> Bool {
        guard let reply = context.event.replyTo, SlotRole.from(caption: text) == .garment,
            let number = try await ItemCardMessages.item(for: reply, context: context)
        else { return false }
        try await fill(.garment, with: try await itemPhoto(number, context: context), source: .item(number), context: context)
        return true
    }

    // MARK: Start and cancel

    /// Starts a try-on from the slots. The Clothing slot is used up unless Keep clothing is on; You
    /// stays for the next piece. A prompt and service loaded with Use again serve this run only.
    func start(_ context: ChatContext, count: Int) async throws {
        let slots = TryOnSlots(state: try await context.state())
        guard let person = slots.person, let garment = slots.garment else { return }
        let own = TryOnPreferences.prompt(of: context.user, tryOn: tryOn)
        let promptText = slots.promptText ?? own.text
        let promptID = tryOn.prompts.prompts.first { $0.text == promptText }?.id ?? "custom"
        let service = slots.service.flatMap(TryOnService.init(rawValue:)) ?? TryOnPreferences.service(of: context.user, tryOn: tryOn)
        let recipe = TryOnRecipe(
            person: person, garment: garment, promptID: promptID, promptText: promptText, service: service,
            count: count, batchID: UUID().uuidString.lowercased(), firstVariation: 1)
        do {
            try await TryOnStarter(environment: environment, tryOn: tryOn).enqueue(recipe, context: context)
        } catch {
            // A refused run (quota, key) must not refuse every later photo the same way: forget `/tryon N`.
            try await context.updateState { state in
                var slots = TryOnSlots(state: state)
                slots.pendingCount = nil
                return slots.stored(in: state)
            }
            throw error
        }
        try await context.updateState { state in
            var slots = TryOnSlots(state: state)
            if !slots.keepGarment {
                slots.garment = nil
                slots.garmentSource = nil
            }
            slots.pendingCount = nil
            slots.holdForGo = false
            slots.promptText = nil
            slots.service = nil
            return slots.stored(in: state)
        }
    }

    private func cancel(_ context: ChatContext, ticket: String) async throws {
        let jobs = try await store.activeJobs(userID: context.user.id, kind: TryOnJobPayload.kind)
        guard let record = jobs.first(where: { TryOnJobPayload(json: $0.payload)?.ticket == ticket }),
            let before = try await store.cancelJob(id: record.id, now: context.clock.now())
        else {
            try await context.reply(context.text("tryon.already_finished"))
            return
        }
        context.logger.info("try-on cancelled", ["job": record.id, "was": before.state.rawValue])
        if before.state == .running {
            // The worker stops the provider request and updates the progress message.
            tryOn.worker.cancel(jobID: record.id)
        } else if let id = TryOnJobPayload(json: record.payload)?.progressMessageID, context.transport.capabilities.edits {
            try await context.send(.edit(MessageRef(chatID: context.event.chat.id, messageID: id), context.text("tryon.cancelled")))
        } else {
            try await context.reply(context.text("tryon.cancelled"))
        }
    }
}

/// `/tryon` arguments: bare 1, 2 or 4 is the number of variations; `#N`, `item N` or any other
/// number is a closet item.
struct TryOnArguments: Hashable {
    var count: Int?
    var itemNumber: Int?

    init(_ text: String) throws {
        var words = text.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)[...]
        while let word = words.popFirst() {
            if word == "item", let next = words.first, let number = Int(next.drop { $0 == "#" }) {
                words.removeFirst()
                itemNumber = number
            } else if word.hasPrefix("#"), let number = Int(word.dropFirst()) {
                itemNumber = number
            } else if let number = Int(word.drop { $0 == "x" || $0 == "×" }), [1, 2, 4].contains(number), count == nil {
                count = number
            } else if let number = Int(word), number > 0 {
                itemNumber = number
            } else {
                throw LocalizedUserMessageError("tryon.usage")
            }
        }
    }
}
