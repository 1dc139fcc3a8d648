import Chat
import Foundation
import JSON
import Storage

extension MatrixService {
    /// Joins rooms the allowlist permits; rejects every other invite.
    func answer(_ invite: SyncResponse.Invite) async {
        let inviter = invite.inviter ?? "unknown"
        let allowed = invite.inviter.map(configuration.inviteAllowlist.allows) ?? false
        let log = logger.with("chat", "matrix:\(invite.roomID)").with("inviter", inviter)
        do {
            let retrying = transport.outbox.retrying
            if allowed {
                try await retrying.run { try await self.client.join(roomID: invite.roomID) }
                log.notice("joined room on invite")
            } else {
                try await retrying.run { try await self.client.leave(roomID: invite.roomID) }
                log.notice("refused invite from a sender not on matrix.invite_allowlist")
            }
        } catch {
            log.warning("cannot answer invite", ["error": "\(error)"])
        }
    }

    /// Whether a room is encrypted: remembered once seen, else asked from the room state once.
    func isEncrypted(_ roomID: String) async throws -> Bool {
        if let known = encryptedRooms.withLock({ $0[roomID] }) { return known }
        let encrypted = try await client.isEncrypted(roomID: roomID)
        encryptedRooms.withLock { $0[roomID] = encrypted }
        return encrypted
    }

    /// Says once per room that encrypted rooms are not supported; the room's events are ignored.
    func noteEncrypted(_ roomID: String) async {
        encryptedRooms.withLock { $0[roomID] = true }
        do {
            let chat = try await store.chat(transport: transport.name, externalID: roomID, kind: .group, now: clock.now())
            if chat.settings["matrix_encryption_notice"]?.bool == true { return }
            let text: RichText =
                "This room is end-to-end encrypted, and I can't read encrypted messages yet. Talk to me in a room without encryption."
            _ = try await transport.send(.text(text), to: ChatAddress(transport: transport.name, id: roomID, kind: chat.kind))
            try await store.setChatSettings(chat.settings.setting("matrix_encryption_notice", true), chatID: chat.id)
            logger.notice("encrypted room ignored", ["chat": "matrix:\(roomID)"])
        } catch {
            logger.warning("cannot send the encryption notice", ["chat": "matrix:\(roomID)", "error": "\(error)"])
        }
    }

    /// Updates the cached kind from a sync summary, or forgets it when membership changed without one.
    func updateKind(_ room: SyncResponse.JoinedRoom) {
        roomKinds.withLock { kinds in
            if let joined = room.joinedMemberCount {
                kinds[room.roomID] = MatrixService.kind(members: joined + (room.invitedMemberCount ?? 0))
            } else {
                kinds[room.roomID] = nil
            }
        }
    }

    /// Private for rooms of two (the bot and one person), else group; asks the server when not cached.
    func kind(of roomID: String) async throws -> ChatKind {
        if let known = roomKinds.withLock({ $0[roomID] }) { return known }
        let kind = MatrixService.kind(members: try await client.joinedMembers(roomID: roomID).count)
        roomKinds.withLock { $0[roomID] = kind }
        return kind
    }

    static func kind(members: Int) -> ChatKind { members <= 2 ? .privateChat : .group }
}
