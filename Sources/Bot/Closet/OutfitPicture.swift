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
    func image(pieces: [ClosetItem], userID: Int64, logger: Logger? = nil) async -> OutgoingImage? {
        guard case .outfit(let column, let side) = await option(pieces, userID: userID), !column.isEmpty else { return nil }
        do {
            return Self.outgoing(try await images.flatLay(column: column, side: side).image)
        } catch {
            logger?.warning("cannot draw the outfit picture", ["error": "\(error)"])
            return nil
        }
    }

    /// The vote picture of several outfits, numbered 1, 2, 3… side by side; nil when it cannot be drawn.
    func voteImage(_ outfits: [Outfit], userID: Int64, logger: Logger? = nil) async -> OutgoingImage? {
        var options: [VoteOptionPicture] = []
        for outfit in outfits { options.append(await option(outfit.allPieces, userID: userID)) }
        do {
            return Self.outgoing(try await images.voteSheet(options).image)
        } catch {
            logger?.warning("cannot draw the vote picture", ["error": "\(error)"])
            return nil
        }
    }

    /// A rendered picture as an outgoing image (no `sha256`: each picture is new, so there is no upload to reuse).
    static func outgoing(_ image: EncodedImage) -> OutgoingImage {
        OutgoingImage(bytes: image.bytes, mimeType: image.mimeType, width: image.width, height: image.height)
    }
}

extension OutgoingMessage {
    /// The picture with `text` as its caption and `buttons`, or the text alone when there is no picture.
    static func picture(_ image: OutgoingImage?, caption text: RichText, buttons: [[Button]] = []) -> OutgoingMessage {
        guard let image else { return .text(text, buttons: buttons) }
        return .photos([image], caption: text, buttons: buttons)
    }
}
