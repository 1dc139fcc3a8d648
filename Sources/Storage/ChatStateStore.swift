import Foundation
import JSON

/// The conversation state of one user in one chat, as one JSON object (pending drafts, numbered choices…).
public protocol ChatStateStore: Sendable {
    /// The state, or an empty object when none was stored.
    func chatState(chatID: Int64, userID: Int64) async throws -> JSON
    /// Replaces the state.
    func setChatState(_ state: JSON, chatID: Int64, userID: Int64, now: Date) async throws
}
