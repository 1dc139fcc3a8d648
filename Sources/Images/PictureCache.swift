import Synchronization

/// Finished pictures kept in memory for reuse, so the same outfit asked for again (`/outfit` twice, the daily
/// message, a vote on it) is not drawn again; bounded by bytes and by entries, least recently used first out.
///
/// The key is the caller's: it must name every input that changes the picture (the photos by content hash,
/// the numbers, colours and labels, the layout). `ImageProcessor.pictureKeyPrefix` covers the layout and style.
public final class PictureCache: Sendable {
    /// One picture: the encoded image and the SHA-256 of its bytes (for a transport's upload cache).
    public struct Entry: Sendable {
        /// The encoded picture.
        public let image: EncodedImage
        /// Lowercase hex SHA-256 of `image.bytes`.
        public let sha256: String

        /// An entry.
        public init(image: EncodedImage, sha256: String) {
            self.image = image
            self.sha256 = sha256
        }
    }

    private struct State {
        var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Most bytes of pictures held at once.
    public let byteLimit: Int
    /// Most pictures held at once.
    public let entryLimit: Int

    /// A cache holding at most `byteLimit` bytes in at most `entryLimit` pictures; 0 keeps nothing.
    public init(byteLimit: Int, entryLimit: Int) {
        self.byteLimit = max(0, byteLimit)
        self.entryLimit = max(0, entryLimit)
    }

    /// The picture kept under `key`, if any (and marks it as just used).
    public func picture(_ key: String) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (found.entry, state.clock)
            return found.entry
        }
    }

    /// Keeps `entry` under `key`, dropping the least recently used pictures to stay within the limits;
    /// a picture larger than the whole budget is not kept.
    public func keep(_ entry: Entry, for key: String) {
        let size = entry.image.bytes.count + key.utf8.count
        guard size <= byteLimit, entryLimit > 0 else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.entry.image.bytes.count + key.utf8.count }
            while !state.entries.isEmpty && (state.bytes + size > byteLimit || state.entries.count >= entryLimit) {
                guard let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.entry.image.bytes.count + oldest.key.utf8.count
            }
            state.clock += 1
            state.entries[key] = (entry, state.clock)
            state.bytes += size
        }
    }

    /// Bytes held now (pictures and keys).
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// Pictures held now.
    public var count: Int { state.withLock { $0.entries.count } }
}
