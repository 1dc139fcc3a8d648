import Chat
import Closet
import Foundation
import Images
import Localization
import JSON
import Storage
import Support

/// A photo for a piece already in the closet: `/edit N photo` then a photo, or a photo sent in
/// reply to the piece's card. Pieces added by text, or imports whose photo failed, can then be
/// tried on and shown.
enum ItemPhoto {
    /// The chat-state key holding the item number `/edit N photo` waits for.
    static let stateKey = "item_photo"

    /// How long `/edit N photo` waits for its photo; a photo sent later is a photo like any other.
    static let window: TimeInterval = 600

    /// Makes the next photo in this chat (within `window`) the photo of item `number`.
    static func expect(_ number: Int, context: ChatContext) async throws {
        let until = context.clock.now().timeIntervalSince1970 + window
        try await context.updateState { $0.setting(stateKey, ["number": .int(Int64(number)), "until": .double(until)]) }
    }

    /// The item the next photo is for: the card it replies to, else the one `/edit N photo` named.
    static func target(_ context: ChatContext) async throws -> Int? {
        if let reply = context.event.replyTo, let number = try await ItemCardMessages.item(for: reply, context: context) {
            return number
        }
        guard let waiting = try await context.state()[stateKey], let number = waiting["number"]?.int,
            let until = waiting["until"]?.double, context.clock.now().timeIntervalSince1970 <= until
        else { return nil }
        return Int(number)
    }

    /// Saves the stored image `sha` as item `number`'s photo.
    static func attach(_ sha: String, to number: Int, context: ChatContext, images: ImageProcessor) async throws {
        try await context.updateState { $0.setting(stateKey, .null) }
        guard var item = try await context.data.item(userID: context.user.id, number: number) else {
            throw LocalizedUserMessageError("closet.photo.item_gone", ["number": .text(String(number))])
        }
        item.photo = sha
        try await context.data.updateItem(item, userID: context.user.id)
        try await context.reply(context.text("closet.photo.saved", ["number": .text(String(number)), "name": .text(item.name)]))
        if let store = try? context.data { await ThumbnailCache(store: store, images: images).warm(userID: context.user.id, sha256: sha) }
    }
}
