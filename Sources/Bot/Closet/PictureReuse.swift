import Chat
import Closet
import Images
import Storage

/// Reuses pictures already drawn (`ImageProcessor.pictureCache`) when the same pieces are asked for again, and
/// names every picture by the SHA-256 of its bytes, so a transport that uploaded those bytes before sends its
/// earlier upload instead (Telegram's file_id cache).
///
/// A picture is fully decided by what the key holds: the drawing code's version, style and quality
/// (`pictureKeyPrefix`), the user (whose thumbnails are drawn), and per piece its number, photo (by content
/// hash), colour family and the label written on its swatch (the reader's language). Drawing is deterministic,
/// so the same inputs make the same bytes in any process: a worker that draws an outfit another worker drew
/// gets the same SHA-256 and the same file_id from the shared database.
struct PictureReuse {
    let images: ImageProcessor

    /// The cache key of a picture of `kind` made of these groups of pieces (column and side, or options), in order.
    func key(_ kind: String, userID: Int64, groups: [[ClosetItem]], words: Phrasebook) -> String {
        var key = "\(images.pictureKeyPrefix)\u{0}\(kind)\u{0}\(userID)"
        for group in groups {
            key += "\u{0}|"
            for piece in group {
                key += "\u{0}\(piece.number) \(piece.photo ?? "-") \(piece.color.family.rawValue) \(words.categoryName(piece.category))"
            }
        }
        return key
    }

    /// The picture drawn earlier for `key`, if it is still kept.
    func cached(_ key: String) -> OutgoingImage? {
        images.pictureCache.picture(key).map(Self.outgoing)
    }

    /// The picture just drawn, named by its SHA-256, and kept under `key` when `reusable`: only when every piece
    /// that has a photo was drawn from it, since a photo that could not be read this time (a thumbnail not yet
    /// made and its image unreadable, a damaged file) became a swatch that the next request may not draw.
    func keep(_ image: EncodedImage, key: String, reusable: Bool) -> OutgoingImage {
        let entry = PictureCache.Entry(image: image, sha256: MediaStore.digest(of: image.bytes))
        if reusable { images.pictureCache.keep(entry, for: key) }
        return Self.outgoing(entry)
    }

    /// Whether each tile shows what its piece promises: a photo where the piece has one, a swatch where not.
    static func drawnAsExpected(_ pieces: [ClosetItem], _ placements: [TilePlacement]) -> Bool {
        pieces.count == placements.count && zip(pieces, placements).allSatisfy { ($0.photo == nil) == $1.isSwatch }
    }

    /// Whether every piece with a photo got its thumbnail (the tiles were made from `pieces`, in order).
    static func thumbnailsFound(_ pieces: [ClosetItem], _ tiles: [PictureTile]) -> Bool {
        pieces.count == tiles.count && zip(pieces, tiles).allSatisfy { $0.photo == nil || $1.photo != nil }
    }

    private static func outgoing(_ entry: PictureCache.Entry) -> OutgoingImage {
        OutgoingImage(bytes: entry.image.bytes, mimeType: entry.image.mimeType, sha256: entry.sha256, width: entry.image.width, height: entry.image.height)
    }
}
