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
                try await context.reply("Send the new You photo: face and outfit visible, standing, good light.")
            } else {
                try await context.reply("Send the new Clothing photo, or /tryon #N for a piece from your /closet.")
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
            try await context.reply(
                slots.keepGarment
                    ? "Keeping the Clothing photo: each run leaves it in place, so you can try it on another You photo."
                    : "The Clothing photo is used up by the next run again.")
        }
    }

    /// The Now button that opens the composer.
    static func nowButton(_ context: ChatContext) async throws -> Button {
        try await context.button("Now", action: .tryOnNow)
    }

    /// Shows the composer: the picture of what is filled, where each photo came from, and the choices.
    func show(_ context: ChatContext) async throws {
        let slots = TryOnSlots(state: try await context.state())
        let user = context.user.id
        var photos: [LabelledPhoto] = []
        var lines: [String] = []
        for (role, sha, source) in [(SlotRole.person, slots.person, slots.personSource), (.garment, slots.garment, slots.garmentSource)] {
            guard let sha, let bytes = try? await context.data.imageBytes(userID: user, sha256: sha) else {
                lines.append("\(role.title): empty — " + (role == .person ? "send a photo of yourself captioned me." : "send a photo captioned wear, or /tryon #N."))
                continue
            }
            photos.append(LabelledPhoto(bytes: bytes, label: (source ?? .photo).label(role)))
            lines.append("\(role.title): \((source ?? .photo).description)")
        }
        lines.append("Style: \(promptName(slots, context: context)) · Service: \(service(slots, context: context).displayName)")
        if slots.keepGarment { lines.append("Keep clothing is on: a run leaves the Clothing photo in place.") }
        if let count = slots.pendingCount, count > 1 { lines.append("\(count) variations.") }
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
        var first = [
            try await context.button("Swap You", action: .tryOnSwap, payload: ["role": "person"]),
            try await context.button("Swap Clothing", action: .tryOnSwap, payload: ["role": "garment"]),
        ]
        if photos.count == 2 { first.append(try await context.button("Go", action: .tryOnGo)) }
        let keepTitle = slots.keepGarment ? "Keep clothing ✓" : "Keep clothing"
        let rows = [first, [try await context.button(keepTitle, action: .tryOnKeep)]]
        try await context.reply(.bold("Next try-on") + .plain("\n" + lines.joined(separator: "\n")), buttons: rows)
    }

    /// The prompt's name the next run uses: loaded with Use again, the user's own text, or their style.
    private func promptName(_ slots: TryOnSlots, context: ChatContext) -> String {
        if let text = slots.promptText {
            return tryOn.prompts.prompts.first { $0.text == text }?.name ?? "from the look (“\(text.prefix(40))…”)"
        }
        return TryOnPreferences.prompt(of: context.user, tryOn: tryOn, ownName: context.string("tryon.prompt.own_name")).name
    }

    private func service(_ slots: TryOnSlots, context: ChatContext) -> TryOnService {
        slots.service.flatMap(TryOnService.init(rawValue:)) ?? TryOnPreferences.service(of: context.user, tryOn: tryOn)
    }
}
