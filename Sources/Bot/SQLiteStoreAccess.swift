import Chat
import Storage

/// The features not yet behind storage protocols (closet, looks, images, jobs, votes, schedules)
/// still use the SQLite `Store`. The chat core hands them `any ChatStore`; `Features.router` and
/// the bot's services are always built on `BotEnvironment.store`, so it is the SQLite store, and
/// these accessors recover it. They go away as each feature moves behind its own protocol.
enum SQLiteStoreAccess {
    /// `store` as the SQLite store; throws when the chat core runs on another backend.
    static func sqlite(_ store: any ChatStore) throws(StorageError) -> Store {
        guard let sqlite = store as? Store else {
            throw StorageError.notSupported("this feature still needs the SQLite store (issue #16: closet, looks, jobs, votes, schedules)")
        }
        return sqlite
    }
}

extension ChatContext {
    /// The SQLite store behind `store`, for features not yet behind a protocol (see `SQLiteStoreAccess`).
    var sqlite: Store {
        get throws(StorageError) { try SQLiteStoreAccess.sqlite(store) }
    }
}

extension OutboundMessenger {
    /// The SQLite store behind `store`, for features not yet behind a protocol (see `SQLiteStoreAccess`).
    var sqlite: Store {
        get throws(StorageError) { try SQLiteStoreAccess.sqlite(store) }
    }
}
