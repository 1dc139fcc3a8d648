import Chat
import Closet
import Images
import Storage
import Support

/// An outfit as one flat-lay picture, shared by `/outfit`, the daily message and outfit votes.
struct OutfitPicture: Sendable {
    let store: any WardrobeStore
    let images: ImageProcessor
    /// The reader's words, for the category written on a swatch.
    let words: Phrasebook

    private var cache: ThumbnailCache { ThumbnailCache(store: store, images: images) }

    /// The pieces' tiles in flat-lay order, from cached thumbnails of the flat-lay tile size.
    func option(_ pieces: [ClosetItem], userID: Int64) async -> VoteOptionPicture {
        let order = PieceTiles.flatLayOrder(pieces)
        let side = images.configuration.pictures.flatLayTile
        return .outfit(
            column: await PieceTiles.tiles(order.column, userID: userID, side: side, cache: cache, words: words),
            side: await PieceTiles.tiles(order.side, userID: userID, side: side, cache: cache, words: words))
    }

    /// The flat-lay as an image to send; nil when it cannot be drawn at all (the caller sends the text alone).
    func image(_ outfit: Outfit, userID: Int64, logger: Logger? = nil) async -> OutgoingImage? {
        await image(pieces: outfit.allPieces, userID: userID, logger: logger)
    }

    /// The flat-lay of these pieces (main pieces and accessories in any order); nil when it cannot be drawn.
    /// The same pieces drawn before come from the picture cache (`PictureReuse`).
    func image(pieces: [ClosetItem], userID: Int64, logger: Logger? = nil) async -> OutgoingImage? {
        let order = PieceTiles.flatLayOrder(pieces)
        guard !order.column.isEmpty else { return nil }
        let reuse = PictureReuse(images: images)
        let key = reuse.key("flat-lay", userID: userID, groups: [order.column, order.side], words: words)
        if let cached = reuse.cached(key) { return cached }
        guard case .outfit(let column, let side) = await option(pieces, userID: userID), !column.isEmpty else { return nil }
        do {
            let picture = try await images.flatLay(column: column, side: side)
            let drawn = order.column + order.side
            return reuse.keep(picture.image, key: key, reusable: PictureReuse.drawnAsExpected(drawn, picture.tiles))
        } catch {
            logger?.warning("cannot draw the outfit picture", ["error": "\(error)"])
            return nil
        }
    }

    /// The vote picture of several outfits, numbered 1, 2, 3… side by side; nil when it cannot be drawn.
    func voteImage(_ outfits: [Outfit], userID: Int64, logger: Logger? = nil) async -> OutgoingImage? {
        let reuse = PictureReuse(images: images)
        let orders = outfits.map { PieceTiles.flatLayOrder($0.allPieces) }
        let key = reuse.key("vote", userID: userID, groups: orders.flatMap { [$0.column, $0.side] }, words: words)
        if let cached = reuse.cached(key) { return cached }
        var options: [VoteOptionPicture] = []
        var complete = true
        for (outfit, order) in zip(outfits, orders) {
            let option = await option(outfit.allPieces, userID: userID)
            if case .outfit(let column, let side) = option {
                complete = complete && PictureReuse.thumbnailsFound(order.column + order.side, column + side)
            }
            options.append(option)
        }
        do {
            return reuse.keep(try await images.voteSheet(options).image, key: key, reusable: complete)
        } catch {
            logger?.warning("cannot draw the vote picture", ["error": "\(error)"])
            return nil
        }
    }

    /// A rendered picture as an outgoing image, named by its SHA-256 so an earlier upload of the same bytes is reused.
    static func outgoing(_ image: EncodedImage) -> OutgoingImage {
        OutgoingImage(bytes: image.bytes, mimeType: image.mimeType, sha256: MediaStore.digest(of: image.bytes), width: image.width, height: image.height)
    }
}

extension OutgoingMessage {
    /// The picture with `text` as its caption and `buttons`, or the text alone when there is no picture.
    static func picture(_ image: OutgoingImage?, caption text: RichText, buttons: [[Button]] = []) -> OutgoingMessage {
        guard let image else { return .text(text, buttons: buttons) }
        return .photos([image], caption: text, buttons: buttons)
    }
}
