import Chat
import Closet
import Foundation
import JSON
import Storage

/// How one outfit is shown, shared by `/outfit`, group votes and the daily message: the caption
/// (the heading with one line per piece) and the buttons Show another, Why? and I wore this under
/// the outfit's picture (`OutfitPicture`).
enum OutfitCard {
    /// The text: the heading in bold, then "• #3 Navy blazer · navy · formality 4" per piece.
    static func text(_ outfit: Outfit, heading: String, note: String? = nil, _ words: Phrasebook) -> RichText {
        let accessories = outfit.accessories.map { "• + " + ItemText.line($0, words) }
        return RichText.bold(heading) + .plain("\n" + (outfit.pieces.map { "• " + ItemText.line($0, words) } + accessories).joined(separator: "\n")
            + (note.map { "\n💬 " + $0 } ?? ""))
    }

    /// The buttons under the text, owned by `userID`; Show another only when `offerAnother`; `wearSource` says
    /// where "I wore this" was shown, for the wear log.
    static func buttons(
        _ outfit: Outfit, occasion: Occasion, chatID: Int64, userID: Int64, store: any WardrobeStore, now: Date, offerAnother: Bool,
        modelNote: String? = nil, wearSource: WearSource = .button, words: Phrasebook
    ) async throws -> [[Button]] {
        var specs: [(title: String, action: ButtonAction, payload: JSON)] = []
        if offerAnother { specs.append((words.string("outfit.button.another"), .outfitAnother, ["occasion": .string(occasion.name)])) }
        specs.append((words.string("outfit.button.why"), .outfitWhy, [
            "why": .string(modelNote ?? OutfitWhy.text(outfit, occasion: occasion, words)),
            "lines": .array(OutfitWhy.lines(outfit, words).map(JSON.string)),
        ]))
        specs.append((words.string("outfit.button.wore"), .outfitWore, [
            "ids": .array(outfit.allPieces.map { .int($0.id) }), WearCommands.sourceKey: .string(wearSource.rawValue),
        ]))
        // One transaction for the row: this runs for every outfit shown.
        let tokens = try await store.createButtons(specs.map { ($0.action.rawValue, $0.payload) }, chatID: chatID, userID: userID, now: now)
        return [zip(specs, tokens).map { Button(title: $0.title, token: $1) }]
    }

    /// "I wore this" for these pieces (also offered to the starter of an outfit vote for the winner).
    static func wearButton(itemIDs: [Int64], chatID: Int64, userID: Int64, store: any WardrobeStore, now: Date, words: Phrasebook) async throws -> Button {
        let token = try await store.createButton(
            chatID: chatID, userID: userID, action: ButtonAction.outfitWore.rawValue, payload: ["ids": .array(itemIDs.map { .int($0) })], now: now)
        return Button(title: words.string("outfit.button.wore"), token: token)
    }

    /// Remembers shown outfits per occasion in a user's chat state so "Show another" doesn't repeat them.
    static func remember(_ keys: [OutfitKey], occasion: Occasion, in state: JSON) -> JSON {
        var shown = state["shown"]?.object ?? [:]
        let list = (shown[occasion.name]?.array ?? []) + keys.map { .string($0.description) }
        shown[occasion.name] = .array(Array(list.suffix(500)))
        return state.setting("shown", .object(shown))
    }
}
