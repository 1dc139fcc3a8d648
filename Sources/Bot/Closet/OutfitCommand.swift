import Chat
import Closet
import Foundation
import JSON
import Localization
import Storage
import Support

/// `/outfit OCCASION [N]` and its buttons: Show another, Why?, I wore this.
struct OutfitCommand {
    let environment: BotEnvironment

    /// At most this many candidates per request, so replies stay readable on a phone.
    static let maximumCount = 5

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("outfit", usage: "OCCASION [N]", topic: .outfits) {
            context, arguments in
            try await run(context, arguments: arguments)
        })
        builder.add(Command("occasions", topic: .outfits) { context, _ in
            let lines = environment.occasions.occasions.map { occasion in
                // The aliases are every language's names; the user's own name leads, the English one follows if different.
                let name = context.occasionName(occasion)
                let english = name == occasion.name ? "" : " / \(occasion.name)"
                return "• " + context.string("outfit.occasions.line", ["name": .text(name + english), "formality": .text(occasion.formalityLabel)])
            }
            try await context.reply(
                context.text("outfit.occasions.title").bolded + .plain("\n" + lines.joined(separator: "\n") + "\n\n") + context.text("outfit.occasions.hint"))
        })
        builder.onButton(.outfitPick) { context, record in
            let count = try record.arguments.optionalInt("count", in: 1...Self.maximumCount) ?? 1
            try await suggest(context, occasionName: try record.arguments.string("occasion", maxLength: 64), count: count)
        }
        builder.onButton(.outfitAnother) { context, record in
            try await suggest(context, occasionName: try record.arguments.string("occasion", maxLength: 64), count: 1)
        }
        builder.onButton(.outfitWhy) { context, record in
            let lines = try record.arguments.strings("lines")
            let why = try record.arguments.optionalString("why", maxLength: 2_000) ?? ""
            try await context.reply(
                context.text("outfit.why.title").bolded + .plain("\n\(why)" + (lines.isEmpty ? "" : "\n\n" + lines.joined(separator: "\n"))))
        }
        // "I wore this" (`.outfitWore`) is handled by WearCommands, which keeps the wear log.
    }

    /// `/outfit [OCCASION] [N]`: the outfit, or the occasion picker when none is named.
    func run(_ context: ChatContext, arguments: String) async throws {
        var words = arguments.split(separator: " ").map(String.init)
        var count = 1
        // Any run of digits is the count, so "/outfit business 99999999999999999999" says how many it can make.
        if let last = words.last, let number = TypedNumber.integer(last) {
            guard (1...Self.maximumCount).contains(number) else {
                throw LocalizedUserMessageError("outfit.count.invalid", ["max": .integer(Self.maximumCount)])
            }
            count = number
            words.removeLast()
        }
        guard !words.isEmpty else {
            // Nothing to dress from: say so now rather than after the occasion is picked.
            guard try await !context.data.items(userID: context.user.id).isEmpty else {
                try await context.reply(context.text("outfit.closet_empty"))
                return
            }
            var buttons: [Button] = []
            // Every occasion, and the count asked for (`/outfit 3`) travels with the pick.
            for occasion in environment.occasions.occasions {
                buttons.append(try await context.button(
                    context.occasionName(occasion), action: .outfitPick, payload: ["occasion": .string(occasion.name), "count": .int(Int64(count))]))
            }
            try await context.reply(context.text("outfit.ask_occasion"), buttons: stride(from: 0, to: buttons.count, by: 2).map { Array(buttons[$0..<min($0 + 2, buttons.count)]) })
            return
        }
        let match = try environment.occasions.match(words.joined(separator: " "))
        if let word = match.correctedFrom {
            let shown = word.shortened(to: 40)
            try await context.reply(context.text("outfit.corrected", ["word": .text(shown), "occasion": .text(context.occasionName(match.occasion))]))
        }
        try await suggest(context, occasionName: match.occasion.name, count: count)
    }

    /// Runs the engine for `occasionName` and sends the outfits, or what is missing.
    func suggest(_ context: ChatContext, occasionName: String, count: Int) async throws {
        let occasion = try environment.occasions.resolve(occasionName)
        let closet = try await context.data.items(userID: context.user.id)
        let state = try await context.state()
        let shown = Set((state["shown"]?[occasion.name]?.array ?? []).compactMap { $0.string.flatMap(OutfitKey.init(text:)) })
        // One outfit with the explainer on: the rules' best few go to the model, which picks one.
        let asked = count == 1 ? (environment.explainer?.configuration.candidates ?? 1) : count
        let suggestion = environment.engine.distinctOutfits(
            closet: closet, occasion: occasion, count: asked, now: context.clock.now(), seed: environment.nextSeed(), exclude: shown)
        switch suggestion {
        case .missing(let missing):
            guard !closet.isEmpty else {
                try await context.reply(context.text("outfit.closet_empty"))
                return
            }
            let said = MissingText.text(missing, context.phrasebook)
            guard let (closest, near) = closestOutfit(closet: closet, occasion: occasion, context: context) else {
                try await context.reply(.plain(said))
                return
            }
            // Said first, so nobody takes it for a true casual (or black-tie) outfit; only owned pieces, as always.
            try await context.reply(.plain(said + "\n") + context.text("outfit.closest", ["range": .text(near.formalityLabel)]))
            try await send(closest, heading: context.phrasebook.heading(context.occasionName(occasion)), occasion: near, context: context, offerAnother: false)
        case .outfits(var outfits, let startedOver):
            var modelNote: String?
            if count == 1, outfits.count > 1 {
                try await context.send(.action(.typing))
                // The rules' own first choice stands unless the model cleanly picks one of the candidates.
                if let explainer = environment.explainer, let pick = await explainer.choose(outfits, occasion: occasion) {
                    outfits = [outfits[pick.index]]
                    modelNote = pick.sentence
                } else {
                    outfits = [outfits[0]]
                }
            } else if count > 1, outfits.count < count {
                try await context.reply(context.text(
                    "outfit.only_some", ["count": .integer(outfits.count), "occasion": .text(context.occasionName(occasion))]))
            }
            if startedOver { try await context.reply(context.text("outfit.started_over", ["occasion": .text(context.occasionName(occasion))])) }
            if let voting = environment.voting, !context.isPrivate, outfits.count > 1 {
                try await OutfitVote(voting: voting, images: environment.images).start(outfits, occasion: occasion, context: context)
                try await remember(outfits.map(\.key), occasion: occasion, context: context)
                return
            }
            for (index, outfit) in outfits.enumerated() {
                let name = context.occasionName(occasion)
                let heading = outfits.count > 1
                    ? context.string("outfit.heading.option", ["occasion": .text(context.phrasebook.heading(name)), "index": .integer(index + 1), "count": .integer(outfits.count)])
                    : context.phrasebook.heading(name)
                try await send(
                    outfit, heading: heading, occasion: occasion, context: context, offerAnother: index == outfits.count - 1, note: modelNote)
            }
            try await remember(outfits.map(\.key), occasion: occasion, context: context)
        }
    }

    /// When nothing fits the occasion's formality, the best outfit one step either side of it (then two),
    /// with that wider occasion; nil when that finds nothing either (or the pieces are only in the laundry).
    private func closestOutfit(closet: [ClosetItem], occasion: Occasion, context: ChatContext) -> (Outfit, Occasion)? {
        for step in 1...2 {
            var near = occasion
            near.formality = max(1, occasion.formality.lowerBound - step)...min(5, occasion.formality.upperBound + step)
            if case .outfits(let outfits, _) = environment.engine.topOutfits(closet: closet, occasion: near, count: 1, now: context.clock.now()),
               let best = outfits.first {
                return (best, near)
            }
        }
        return nil
    }

    private func send(
        _ outfit: Outfit, heading: String, occasion: Occasion, context: ChatContext, offerAnother: Bool, note: String? = nil
    ) async throws {
        let picture = try await OutfitPicture(store: context.data, images: environment.images, words: context.phrasebook)
            .image(outfit, userID: context.user.id, logger: environment.logger)
        let buttons = try await OutfitCard.buttons(
            outfit, occasion: occasion, chatID: context.chat.id, userID: context.user.id, store: context.data, now: context.clock.now(),
            offerAnother: offerAnother, modelNote: note, words: context.phrasebook)
        try await context.send(.picture(picture, caption: OutfitCard.text(outfit, heading: heading, note: note, context.phrasebook), buttons: buttons))
    }

    /// Remembers shown outfits per occasion so "Show another" doesn't repeat them.
    private func remember(_ keys: [OutfitKey], occasion: Occasion, context: ChatContext) async throws {
        try await context.updateState { OutfitCard.remember(keys, occasion: occasion, in: $0) }
    }
}
