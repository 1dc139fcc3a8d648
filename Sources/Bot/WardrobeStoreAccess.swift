import Chat
import Storage

/// The chat core hands features `any ChatStore`; `Features.router` and the bot's services are always
/// built on `BotEnvironment.store`, which is a `WardrobeStore` (SQLite or PostgreSQL), so these
/// accessors recover the features' protocols from it.
enum WardrobeStoreAccess {
    /// `store` as the whole `WardrobeStore`; throws when a chat core was built on a store that holds only chat state.
    static func wardrobe(_ store: any ChatStore) throws(StorageError) -> any WardrobeStore {
        guard let wardrobe = store as? any WardrobeStore else {
            throw StorageError.notSupported("this store keeps only chat state, not closets")
        }
        return wardrobe
    }
}

extension ChatContext {
    /// The features' storage behind `store` (see `WardrobeStoreAccess`).
    var data: any WardrobeStore {
        get throws(StorageError) { try WardrobeStoreAccess.wardrobe(store) }
    }
}

extension OutboundMessenger {
    /// The features' storage behind `store` (see `WardrobeStoreAccess`).
    var data: any WardrobeStore {
        get throws(StorageError) { try WardrobeStoreAccess.wardrobe(store) }
    }
}
