import Chat
import Foundation
import JSON
import Storage
import Support
import Synchronization

/// The Matrix transport of one of several workers sharing the account (storage on PostgreSQL).
///
/// Only the elected worker talks to the homeserver: it holds the device's encryption state, and two
/// processes encrypting with one Megolm session would reuse its message indexes. While this worker is
/// elected, messages go through its own `MatrixTransport`. Otherwise (a try-on result, a daily outfit
/// or a vote result produced here) the message is written to the shared outbox as a relay row, and
/// this waits until the elected worker has sent it and recorded its event ids.
public final class SharedMatrixTransport: ChatTransport {
    /// The outbox transport of relay rows.
    public static let relayTransport = "matrix.relay"
    public let name = "matrix"
    public let capabilities: TransportCapabilities
    public let botUserID: String?
    let store: any MatrixStore
    let clock: any WallClock
    let logger: Logger
    /// How long a relayed message may wait for an elected worker before it is given up.
    let relaySeconds: Double
    private let elected = Mutex<MatrixTransport?>(nil)

    /// A transport for the account `userID`; relayed messages wait at most `relaySeconds` (5–600 s).
    public init(userID: String, store: any MatrixStore, clock: any WallClock, logger: Logger, relaySeconds: Double = 60) {
        botUserID = userID
        capabilities = TransportCapabilities(inlineButtons: false, edits: true, polls: false, deletesUserMessages: true)
        self.store = store
        self.clock = clock
        self.logger = logger
        self.relaySeconds = relaySeconds.isFinite ? min(max(relaySeconds, 5), 600) : 60
    }

    /// This worker's own transport while it is elected; nil when its term ends.
    public func serve(through transport: MatrixTransport?) {
        elected.withLock { $0 = transport }
    }

    /// This worker's own transport while it is elected and its term has a token; before the term's
    /// login its messages wait as relay rows, which its relay loop sends once it can.
    private func ownTransport() async -> MatrixTransport? {
        guard let own = elected.withLock({ $0 }), await own.client.session.accessToken != nil else { return nil }
        return own
    }

    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress) async throws -> [MessageRef] {
        if let own = await ownTransport() { return try await own.send(message, to: chat) }
        // A typing signal is worth nothing once relayed.
        if message.isEphemeral { return [] }
        return try await relay(message, to: chat, txnID: "\(Self.relayPrefix)\(UUID().uuidString.lowercased())")
    }

    /// Sends a reply to a shared-inbox event; `reference` (`<event>-<k>` for the handler's k-th message)
    /// names its transaction ids, so handling the event again, on any worker, sends nothing twice: the
    /// relay row `mr-<reference>` is stored once, and its sends are `mx-<reference>-<n>` wherever they go out.
    @discardableResult
    public func send(_ message: OutgoingMessage, to chat: ChatAddress, reference: String) async throws -> [MessageRef] {
        if let own = await ownTransport() {
            return try await own.send(message, to: chat, names: TransactionNames(base: "\(Self.sendPrefix)\(reference)"))
        }
        if message.isEphemeral { return [] }
        return try await relay(message, to: chat, txnID: "\(Self.relayPrefix)\(reference)")
    }

    /// The transaction-id prefix of relay rows.
    static let relayPrefix = "mr-"
    /// The transaction-id prefix of the sends a relay row becomes.
    static let sendPrefix = "mx-"

    /// Writes `message` as a relay row (kept when a row of that id exists: a handler run again) and waits for its send.
    private func relay(_ message: OutgoingMessage, to chat: ChatAddress, txnID: String) async throws -> [MessageRef] {
        let stored = message.stored()
        let deadline = clock.now().addingTimeInterval(relaySeconds)
        _ = try await store.enqueueOutbox(
            [OutboxDraft(
                txnID: txnID, transport: Self.relayTransport, chatExternalID: chat.id, chatKind: chat.kind.rawValue, payload: stored.payload,
                files: stored.files, expiresAt: deadline)],
            now: clock.now())
        return try await waitForSend(txnID: txnID, chat: chat, deadline: deadline)
    }

    /// Polls the relay row until the elected worker finished it (a few reads a second at most).
    private func waitForSend(txnID: String, chat: ChatAddress, deadline: Date) async throws -> [MessageRef] {
        var pause = 0.05
        while true {
            if let row = try await store.outbox(txnID: txnID), row.state != "pending" {
                guard row.state == "sent" else { throw MatrixError.local("the elected Matrix worker could not send the message (\(row.state))") }
                return row.remoteIDs.map { MessageRef(chatID: chat.id, messageID: $0) }
            }
            if clock.now() >= deadline {
                try? await store.markOutboxDropped(txnID: txnID, now: clock.now())
                logger.warning("no elected Matrix worker sent a relayed message in time; dropped", ["room": chat.id, "txn": txnID])
                throw MatrixError.local("no worker is serving the Matrix account right now")
            }
            try await clock.sleep(seconds: pause)
            pause = min(pause * 2, 0.5)
        }
    }

    /// The elected worker's side: sends the relay rows other workers wrote, through `transport`, until cancelled.
    public func deliverRelayed(through transport: MatrixTransport, pollSeconds: Double = 0.25) async throws {
        while !Task.isCancelled {
            do {
                // A new term has no valid token until its first login; the rows wait for it.
                if await transport.client.session.accessToken != nil {
                    for row in try await store.pendingOutbox(transport: Self.relayTransport, since: clock.now().addingTimeInterval(-relaySeconds)) {
                        await deliver(row, through: transport)
                    }
                }
            } catch {
                logger.warning("cannot read relayed Matrix messages; retrying", ["error": "\(error)"])
            }
            try await clock.sleep(seconds: pollSeconds)
        }
    }

    /// Sends one relay row and records its event ids, or marks it failed (the waiting worker reports it).
    func deliver(_ row: OutboxRecord, through transport: MatrixTransport) async {
        if let expiry = row.expiresAt, clock.now() >= expiry {
            try? await store.markOutboxDropped(txnID: row.txnID, now: clock.now())
            return
        }
        let chat = ChatAddress(transport: name, id: row.chatExternalID, kind: ChatKind(rawValue: row.chatKind) ?? .group)
        do {
            let message = try OutgoingMessage(stored: StoredMessage(payload: row.payload, files: try await store.outboxFiles(txnID: row.txnID)))
            // Named after the row, so a standby delivering it again after this worker died finds the sends in the outbox.
            let names = TransactionNames(base: "\(Self.sendPrefix)\(row.txnID.dropFirst(Self.relayPrefix.count))")
            let refs = try await transport.send(message, to: chat, names: names)
            try await store.markOutboxSent(txnID: row.txnID, remoteIDs: refs.map(\.messageID), now: clock.now())
        } catch let error as MatrixError where error.isRetryable || error.code == "M_UNKNOWN_TOKEN" {
            // The homeserver is out of reach, or the term is logging in again: the row stays pending for
            // the next pass (until its relay time runs out), under the same transaction ids.
            logger.info("relayed Matrix message waits for the next pass", ["room": row.chatExternalID, "txn": row.txnID, "error": error])
        } catch {
            logger.warning("relayed Matrix message not sent", ["room": row.chatExternalID, "txn": row.txnID, "error": "\(error)"])
            try? await store.markOutboxFailed(txnID: row.txnID, now: clock.now())
        }
    }
}
