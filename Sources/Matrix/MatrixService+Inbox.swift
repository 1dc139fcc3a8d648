import Chat
import Foundation
import JSON
import Storage

extension MatrixService {
    /// What an elected worker needs when workers share PostgreSQL: the shared inbox its events go to,
    /// and where it publishes its access token for the other workers' downloads.
    public struct Sharing: Sendable {
        /// The inbox every worker claims rooms' events from.
        public let inbox: any SharedInbox
        /// The shared access token.
        public let token: SharedAccessToken

        /// Sharing through `inbox` and `token`.
        public init(inbox: any SharedInbox, token: SharedAccessToken) {
            self.inbox = inbox
            self.token = token
        }
    }

    /// The sync position to start from: the shared inbox's cursor, else (one process, or the first
    /// term after an upgrade) the position of the cursor table.
    func storedPosition() async throws -> String? {
        if let sharing, let position = try await sharing.inbox.cursor(network: MatrixInboxEvent.network) { return position }
        return try await store.cursor(transport: Self.cursorKey)
    }

    /// Stores the sync position without events (the first sync).
    func storePosition(_ nextBatch: String) async throws {
        if let sharing {
            try await sharing.inbox.enqueue([], network: MatrixInboxEvent.network, cursor: nextBatch)
        } else {
            try await store.setCursor(transport: Self.cursorKey, value: nextBatch, now: clock.now())
        }
    }

    /// Writes a sync's events to the shared inbox with its `next_batch`, in one transaction: after a
    /// crash either both are stored or neither, and events stored before are skipped by id.
    func enqueue(_ events: [ChatEvent], sources: [String: JSON], nextBatch: String, in inbox: any SharedInbox) async throws {
        let entries = events.map { event in
            var media: [MatrixMedia] = []
            if case .photos = event.payload, let source = sources[event.id], let content = source["content"],
                let picture = MatrixMedia(content: content, body: content["body"]?.string ?? "")
            {
                media = [picture]
            }
            return SharedInboxEntry(
                externalID: event.id, chatKey: MatrixInboxEvent.chatKey(room: event.chat.id),
                payload: MatrixInboxEvent.encode(event, media: media).serialized())
        }
        let stored = try await inbox.enqueue(entries, network: MatrixInboxEvent.network, cursor: nextBatch)
        if stored > 0 { logger.debug("stored events in the shared inbox", ["events": stored]) }
    }

    /// Publishes the session's access token when it changed (a new login), so the other workers can
    /// download pictures. A failure is logged and tried again at the next sync.
    func publishTokenIfChanged() async throws {
        guard let sharing, let token = await session.accessToken, publishedToken.withLock({ $0 }) != token else { return }
        do {
            try await sharing.token.publish(token)
            publishedToken.withLock { $0 = token }
        } catch {
            logger.warning("cannot share the access token with the other workers; retrying at the next sync", ["error": "\(error)"])
        }
    }
}
