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
