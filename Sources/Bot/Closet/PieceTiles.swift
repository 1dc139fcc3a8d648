import Closet
import Images

/// Closet pieces as numbered picture tiles: their cached thumbnail, or a swatch of their colour with their category.
enum PieceTiles {
    /// One tile per piece, in the given order, with thumbnails of `side` pixels.
    static func tiles(_ pieces: [ClosetItem], userID: Int64, side: Int, cache: ThumbnailCache, words: Phrasebook) async -> [PictureTile] {
        var tiles: [PictureTile] = []
        for piece in pieces {
            let photo = await piece.photo.asyncMap { await cache.thumbnail(userID: userID, sha256: $0, side: side) } ?? nil
            tiles.append(PictureTile(number: piece.number, photo: photo, color: piece.color.family.swatch, label: words.categoryName(piece.category)))
        }
        return tiles
    }

    /// The flat-lay order: outerwear, top (or dress), bottom, shoes in the column; accessories beside it.
    static func flatLayOrder(_ pieces: [ClosetItem]) -> (column: [ClosetItem], side: [ClosetItem]) {
        let rank: [Category: Int] = [.outerwear: 0, .top: 1, .dress: 1, .bottom: 2, .shoes: 3]
        let column = pieces.filter { $0.category != .accessory }.sorted { (rank[$0.category] ?? 4) < (rank[$1.category] ?? 4) }
        return (column, pieces.filter { $0.category == .accessory })
    }
}

extension Optional {
    /// `map` with an async transform.
    fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}

extension ColorFamily {
    /// A typical colour of the family, for the swatch of a piece without a photo.
    var swatch: RGB {
        switch self {
        case .black: RGB(grey: 30)
        case .white: RGB(grey: 250)
        case .grey: RGB(grey: 140)
        case .navy: RGB(31, 42, 80)
        case .beige: RGB(222, 204, 170)
        case .camel: RGB(193, 154, 107)
        case .brown: RGB(110, 72, 44)
        case .olive: RGB(107, 112, 58)
        case .denim: RGB(76, 105, 145)
        case .red: RGB(190, 35, 45)
        case .orange: RGB(230, 120, 40)
        case .yellow: RGB(235, 200, 60)
        case .green: RGB(50, 130, 70)
        case .teal: RGB(30, 130, 130)
        case .blue: RGB(45, 90, 180)
        case .purple: RGB(110, 60, 140)
        case .pink: RGB(230, 140, 170)
        case .metallic: RGB(190, 190, 195)
        case .multi: RGB(170, 120, 150)
        }
    }
}
