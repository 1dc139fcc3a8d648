import Chat
import Closet
import Storage

/// Loads the stored photos of closet items for sending.
enum PhotoLoader {
    /// The photos of the pieces that have one, in piece order (at most 10, Telegram's album limit).
    static func images(for pieces: [ClosetItem], userID: Int64, store: any WardrobeStore) async throws -> [OutgoingImage] {
        var images: [OutgoingImage] = []
        for piece in pieces {
            guard let sha = piece.photo, let record = try await store.image(userID: userID, sha256: sha),
                let bytes = try? await store.imageBytes(userID: userID, sha256: sha)
            else { continue }
            images.append(OutgoingImage(
                bytes: bytes, mimeType: record.mimeType, sha256: sha, caption: .plain("#\(piece.number) \(piece.name)"),
                width: record.width, height: record.height))
        }
        return Array(images.prefix(10))
    }
}
