import Chat
import Closet
import Foundation
import Images

/// `/outfit OCCASION N` in a group: one picture of the candidates numbered side by side with their
/// lists as its caption, then the group votes.
struct OutfitVote {
    let voting: GroupVoting
    let images: ImageProcessor

    func start(_ outfits: [Outfit], occasion: Occasion, context: ChatContext) async throws {
        let words = context.phrasebook
        let picture = try await OutfitPicture(store: context.data, images: images, words: words).voteImage(outfits, userID: context.user.id)
        let occasionName = words.occasionName(occasion)
        var caption: RichText = ""
        for (index, outfit) in outfits.enumerated() {
            caption = caption + (index == 0 ? "" : "\n\n") + OutfitCard.text(outfit, heading: "\(index + 1). \(words.heading(occasionName))", words)
        }
        // Through the same path as the poll: a handler's own replies may be held until its update is recorded
        // (Telegram), and the picture must not arrive after the poll whose numbers point at it.
        try await voting.outbound.send(.picture(picture, caption: caption), to: context.chat, userID: nil)
        let options = outfits.enumerated().map { index, outfit in
            String("\(index + 1): " + outfit.pieces.map(\.name).joined(separator: ", ")).prefix(100).description
        }
        let question = context.user.displayName.map { words.string("vote.outfit.question", ["occasion": .text(occasionName), "name": .text($0)]) }
            ?? words.string("vote.outfit.question_anonymous", ["occasion": .text(occasionName)])
        try await voting.open(
            .outfits(occasion: occasion.name, items: outfits.map { $0.pieces.map(\.id) }),
            question: question, options: options, chat: context.chat, starterID: context.user.id, language: context.language)
    }
}
