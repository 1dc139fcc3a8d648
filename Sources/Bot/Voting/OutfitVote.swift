import Chat
import Closet
import Foundation

/// `/outfit OCCASION N` in a group: the candidates go out numbered, then the group votes.
struct OutfitVote {
    let voting: GroupVoting

    func start(_ outfits: [Outfit], occasion: Occasion, context: ChatContext) async throws {
        for (index, outfit) in outfits.enumerated() {
            let photos = try await OutfitCard.photos(outfit, userID: context.user.id, store: context.sqlite)
            if !photos.isEmpty { try await context.send(.photos(photos)) }
            try await context.send(.text(OutfitCard.text(outfit, heading: "\(index + 1). \(occasion.name.capitalized)")))
        }
        let options = outfits.enumerated().map { index, outfit in
            String("\(index + 1): " + outfit.pieces.map(\.name).joined(separator: ", ")).prefix(100).description
        }
        let name = context.user.displayName ?? "they"
        try await voting.open(
            .outfits(occasion: occasion.name, items: outfits.map { $0.pieces.map(\.id) }),
            question: "Which \(occasion.name) outfit should \(name) wear?", options: options, chat: context.chat, starterID: context.user.id)
    }
}
