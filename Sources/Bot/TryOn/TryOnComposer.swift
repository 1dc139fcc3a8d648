import Chat
import Foundation
import Images
import JSON
import Storage
import Support
import TryOn

/// The try-on composer: what the next run will use (You, Clothing, prompt, service), shown as one
/// small side-by-side picture with Swap You · Swap Clothing · Go and Keep clothing.
struct TryOnComposer {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    /// Adds the composer's buttons to the router.
    func register(on builder: inout RouterBuilder) {
        builder.onButton(.tryOnNow) { context, _ in
            try await show(context)
        }
        builder.onButton(.tryOnSwap) { context, record in
            let role = try record.arguments.value("role", as: SlotRole.self)
            try await context.updateState { state in
                var slots = TryOnSlots(state: state)
                slots.awaitingPerson = role == .person
                slots.awaitingGarment = role == .garment
                slots.holdForGo = true
                return slots.stored(in: state)
            }
            if role == .person {
                try await context.reply(context.text("tryon.swap.person"))
            } else {
                try await context.reply(context.text("tryon.swap.clothing"))
            }
        }
        builder.onButton(.tryOnGo) { context, _ in
            let slots = TryOnSlots(state: try await context.state())
            guard slots.person != nil, slots.garment != nil else {
                try await show(context)
                return
            }
            try await TryOnFeature(environment: environment, tryOn: tryOn).start(context, count: slots.pendingCount ?? 1)
        }
        builder.onButton(.tryOnKeep) { context, _ in
            var slots = TryOnSlots(state: try await context.state())
            slots.keepGarment.toggle()
            try await context.updateState { slots.stored(in: $0) }
            try await context.reply(context.text(slots.keepGarment ? "tryon.keep.on" : "tryon.keep.off"))
        }
    }

    /// The Now button that opens the composer.
    static func nowButton(_ context: ChatContext) async throws -> Button {
        try await context.button(context.string("tryon.button.now"), action: .tryOnNow)
    }

    /// Shows the composer: the picture of what is filled, where each photo came from, and the choices.
    func show(_ context: ChatContext) async throws {
        let slots = TryOnSlots(state: try await context.state())
        let user = context.user.id
        let words = context.phrasebook
        var photos: [LabelledPhoto] = []
        var lines: [String] = []
        for (role, sha, source) in [(SlotRole.person, slots.person, slots.personSource), (.garment, slots.garment, slots.garmentSource)] {
            guard let sha, let bytes = try? await context.data.imageBytes(userID: user, sha256: sha) else {
                let key = role == .person ? "tryon.composer.empty.person" : "tryon.composer.empty.clothing"
                lines.append(words.string(key, ["slot": .text(role.title(words))]))
                continue
            }
            photos.append(LabelledPhoto(bytes: bytes, label: (source ?? .photo).label(role, words)))
            lines.append(words.string("tryon.composer.filled", ["slot": .text(role.title(words)), "source": .text((source ?? .photo).description(words))]))
        }
        lines.append(words.string("tryon.composer.style", [
            "prompt": .text(promptName(slots, context: context)), "service": .text(service(slots, context: context).displayName),
        ]))
        if slots.keepGarment { lines.append(words.string("tryon.composer.keep")) }
        if let count = slots.pendingCount, count > 1 { lines.append(words.string("tryon.composer.variations", ["count": .integer(count)])) }
        if photos.count == 2 {
            try await context.send(.action(.uploadPhoto))
            do {
                let strip = try await tryOn.images.strip(photos)
                _ = try await context.send(.photos([OutgoingImage(bytes: strip.bytes, mimeType: strip.mimeType, width: strip.width, height: strip.height)]))
            } catch let error as ImageError {
                context.logger.warning("composer picture failed", ["error": "\(error)"])
            }
        } else if let only = photos.first, let small = try? await tryOn.images.thumbnail(only.bytes) {
            _ = try await context.send(.photos([OutgoingImage(bytes: small.bytes, mimeType: small.mimeType, width: small.width, height: small.height)]))
        }
        // An empty slot is filled, not swapped: its button says Add.
        let personKey = slots.person == nil ? "tryon.button.add_person" : "tryon.button.swap_person"
        let clothingKey = slots.garment == nil ? "tryon.button.add_clothing" : "tryon.button.swap_clothing"
        var first = [
            try await context.button(words.string(personKey), action: .tryOnSwap, payload: ["role": "person"]),
            try await context.button(words.string(clothingKey), action: .tryOnSwap, payload: ["role": "garment"]),
        ]
        if photos.count == 2 { first.append(try await context.button(words.string("tryon.button.go"), action: .tryOnGo)) }
        let keepTitle = words.string(slots.keepGarment ? "tryon.button.keep_on" : "tryon.button.keep")
        let rows = [first, [try await context.button(keepTitle, action: .tryOnKeep)]]
        try await context.reply(words.text("tryon.composer.title").bolded + .plain("\n" + lines.joined(separator: "\n")), buttons: rows)
    }

    /// The prompt's name the next run uses: loaded with Use again, the user's own text, or their style.
    private func promptName(_ slots: TryOnSlots, context: ChatContext) -> String {
        if let text = slots.promptText {
            guard let style = tryOn.prompts.prompts.first(where: { $0.text == text }) else {
                return context.string("tryon.composer.from_look", ["text": .text(String(text.prefix(40)))])
            }
            return context.phrasebook.promptName(style)
        }
        return context.phrasebook.promptName(TryOnPreferences.prompt(of: context.user, tryOn: tryOn, ownName: context.string("tryon.prompt.own_name")))
    }

    private func service(_ slots: TryOnSlots, context: ChatContext) -> TryOnService {
        slots.service.flatMap(TryOnService.init(rawValue:)) ?? TryOnPreferences.service(of: context.user, tryOn: tryOn)
    }
}
