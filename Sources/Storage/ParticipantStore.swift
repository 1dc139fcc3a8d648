import Foundation
import JSON

/// Users, chats and group members: who an event comes from and where (one of the chat core's storage concerns).
public protocol ParticipantStore: Sendable {
    /// The user and chat of an incoming event, created or refreshed together; with `recordActivity`
    /// the user is also recorded as active in the chat at `now`.
    func participants(
        transport: String, userID: String, displayName: String?, chatID: String, kind: ChatKind, title: String?, recordActivity: Bool, now: Date
    ) async throws -> (user: UserRecord, chat: ChatRecord)
    /// The user for a transport identity, created on first sight; a given display name replaces the stored one.
    func user(transport: String, externalID: String, displayName: String?, now: Date) async throws -> UserRecord
    /// The user with this row id, if any.
    func user(id: Int64) async throws -> UserRecord?
    /// The user for an identity key such as `telegram:123`, if known.
    func user(key: String) async throws -> UserRecord?
    /// Replaces a user's settings object.
    func setSettings(_ settings: JSON, userID: Int64) async throws
    /// The chat for a transport conversation, created on first sight; its kind and a given title are refreshed.
    func chat(transport: String, externalID: String, kind: ChatKind, title: String?, now: Date) async throws -> ChatRecord
    /// The chat with this row id, if any.
    func chat(id: Int64) async throws -> ChatRecord?
    /// Replaces a chat's settings object.
    func setChatSettings(_ settings: JSON, chatID: Int64) async throws
    /// The identity keys of the members of `chatID` who spoke at or after `since`, sorted.
    func activeMemberKeys(chatID: Int64, since: Date) async throws -> [String]
}
