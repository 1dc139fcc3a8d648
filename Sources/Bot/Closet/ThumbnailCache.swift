import Images
import Storage

/// Thumbnails of stored photos, made once per image and size and kept by the store
/// (beside the image on disk, or in the database), so pictures never shrink a full photo per request.
struct ThumbnailCache: Sendable {
    let store: any WardrobeStore
    let images: ImageProcessor

    /// The `side`-pixel thumbnail of the user's image `sha256`: the cached file, else made now and cached;
    /// nil when the image is missing or cannot be decoded (the picture then shows a swatch).
    func thumbnail(userID: Int64, sha256: String, side: Int) async -> [UInt8]? {
        if let cached = await store.thumbnail(userID: userID, sha256: sha256, side: side) { return cached }
        guard let original = try? await store.imageBytes(userID: userID, sha256: sha256),
              let small = try? await images.thumbnail(original, maxSide: side)
        else { return nil }
        // A failed write only costs the next request another shrink.
        try? await store.saveThumbnail(small.bytes, userID: userID, sha256: sha256, side: side)
        return small.bytes
    }

    /// Makes the thumbnails the pictures use (flat-lay and closet sheet sizes) for a photo just given to a piece,
    /// so even its first picture draws from thumbnails; a failure only leaves them to be made on first use.
    func warm(userID: Int64, sha256: String) async {
        let style = images.configuration.pictures
        for side in Set([style.flatLayTile, style.sheetCell]) {
            _ = await thumbnail(userID: userID, sha256: sha256, side: side)
        }
    }
}
