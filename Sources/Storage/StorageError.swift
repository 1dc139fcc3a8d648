import Support
/// Failures of the database and media store.
public enum StorageError: InternalError, Sendable, CustomStringConvertible {
    /// The database was written by a newer Wardrobe.
    case schemaTooNew(found: Int, supported: Int)
    /// A SQLite call failed.
    case database(String)
    /// A file in the media store could not be written, read or removed.
    case media(path: String, reason: String)
    /// A row that should exist does not.
    case notFound(String)
    /// A row that cannot be read as what it should be (a missing or malformed column).
    case corrupt(String)
    /// The store in use does not offer this yet (a feature not behind the storage protocols, on PostgreSQL).
    case notSupported(String)
    /// An image or thumbnail outside `ImageLimits` (too large, empty, a malformed mime type); nothing was stored.
    case imageRefused(String)

    public var description: String {
        switch self {
        case .schemaTooNew(let found, let supported):
            return "database schema version \(found) is newer than this build supports (\(supported))"
        case .database(let text): return "database: \(text)"
        case .media(let path, let reason): return "media store: \(reason) (\(path))"
        case .notFound(let what): return "not found: \(what)"
        case .corrupt(let what): return "corrupt row: \(what)"
        case .notSupported(let what): return "not supported by this store: \(what)"
        case .imageRefused(let what): return "image refused: \(what)"
        }
    }

    /// Short text for a person: what happened and what to do.
    public var userMessage: String {
        switch self {
        case .schemaTooNew: return "This data folder was made by a newer Wardrobe. Upgrade the bot and start it again."
        case .database: return "Something went wrong saving your data. Nothing was changed; try again."
        case .media: return "I couldn't store that image. Nothing was saved; try again in a moment."
        case .notFound(let what): return "I can't find \(what)."
        case .corrupt: return "Something in my stored data is damaged. The operator has been told; try again later."
        case .notSupported: return "That isn't available on this server yet. Nothing was changed."
        case .imageRefused: return "I can't keep that image: it is empty or too large. Send a smaller photo."
        }
    }
}
