import Chat
import Closet
import Foundation
import Images
import Localization
import Schedule
import Storage
import Support

/// The daily outfit: the engine on the subscriber's closet, avoiding yesterday's pieces (worn,
/// or shown in yesterday's message) and the laundry, rendered like `/outfit`: its picture, the text as caption, and its buttons.
struct OutfitDailyComposer: DailyMessageComposer {
    let store: any WardrobeStore
    /// Draws the outfit's picture.
    let images: ImageProcessor
    let occasions: OccasionCatalog
    let engine: OutfitEngine
    let clock: any WallClock
    let nextSeed: @Sendable () -> UInt64
    let defaultOccasion: String
    /// The catalogs the message is written from, in the subscriber's language.
    var catalogs: Catalogs = .builtIn

    func compose(_ request: DailyRequest) async throws -> DailyMessage {
        let occasion = try (try? occasions.resolve(request.schedule.occasion)) ?? occasions.resolve(defaultOccasion)
        let closet = try await store.items(userID: request.user.id)
        let now = clock.now()
        let yesterday = request.date.adding(days: -1)
        var avoid = Set(closet.filter { item in
            item.lastWornAt.map { ZonedTime.localDate(of: $0, in: request.zone) >= yesterday } ?? false
        }.map(\.id))
        if request.schedule.lastSentDate == yesterday.description { avoid.formUnion(request.schedule.lastSentItems) }
        let seed = nextSeed()
        var result = engine.topOutfits(closet: closet.filter { !avoid.contains($0.id) }, occasion: occasion, count: 1, now: now, seed: seed)
        if case .missing = result, !avoid.isEmpty {
            // Repeating a piece from yesterday beats sending nothing.
            result = engine.topOutfits(closet: closet, occasion: occasion, count: 1, now: now, seed: seed)
        }
        // In a group the message names its subscriber; a nameless one reads as in a private chat.
        let who = request.chat.kind == .group ? request.user.displayName : nil
        let words = Phrasebook(catalogs: catalogs, language: ChatContext.language(of: request.user))
        let named: [String: MessageArgument] = ["occasion": .text(words.occasionName(occasion)), "name": .text(who ?? "")]
        switch result {
        case .missing(let missing):
            let start = words.string(who == nil ? "daily.missing" : "daily.missing.group", named)
            let line = start + " " + (closet.isEmpty ? words.string("daily.closet_empty") : MissingText.text(missing, words))
            return DailyMessage(parts: [.text(RichText.plain(line))], itemIDs: [])
        case .outfits(let outfits, _):
            guard let outfit = outfits.first, !outfit.pieces.isEmpty else {
                return DailyMessage(parts: [.text(words.text("daily.incomplete"))], itemIDs: [])
            }
            let heading = words.string(who == nil ? "daily.heading" : "daily.heading.group", named)
            let picture = await OutfitPicture(store: store, images: images, words: words).image(outfit, userID: request.user.id)
            let buttons = try await OutfitCard.buttons(
                outfit, occasion: occasion, chatID: request.chat.id, userID: request.user.id, store: store, now: now, offerAnother: true,
                wearSource: .daily, words: words)
            let parts: [OutgoingMessage] = [.picture(picture, caption: OutfitCard.text(outfit, heading: heading, words), buttons: buttons)]
            let state = try await store.chatState(chatID: request.chat.id, userID: request.user.id)
            try await store.setChatState(
                OutfitCard.remember([outfit.key], occasion: occasion, in: state), chatID: request.chat.id, userID: request.user.id, now: now)
            return DailyMessage(parts: parts, itemIDs: outfit.pieces.map(\.id))
        }
    }
}
