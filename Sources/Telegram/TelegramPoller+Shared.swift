import Chat
import Foundation
import JSON
import Storage
import Support

extension TelegramPoller {
    /// Serves Telegram as one of several workers: claims and handles updates from the shared inbox,
    /// and while elected for this bot also fetches its updates (polling mode) and sends its replies,
    /// so one process paces the whole bot within Telegram's limits.
    func runShared(_ shared: any SharedInbox, identity: (id: Int64?, username: String?), mapper: UpdateMapper) async throws {
        let role = "poller:telegram:\(identity.id.map(String.init) ?? identity.username ?? "bot")"
        logger.notice("serving Telegram from the shared inbox", ["bot": identity.username ?? "?", "mode": configuration.mode.rawValue])
        health.set(configuration.mode == .webhook ? .webhook : .polling, now: clock.now())
        let claims = ClaimLoop(poller: self, shared: shared, mapper: mapper)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await shared.lead(role) { try await self.lead(shared) } }
            group.addTask { [earlyFlusher] in await earlyFlusher.run() }
            do {
                try await withThrowingTaskGroup(of: Void.self) { inner in
                    inner.addTask { try await claims.run() }
                    inner.addTask { [stops] in for await _ in stops {} }
                    defer { inner.cancelAll() }
                    try await inner.next()
                }
            } catch {
                earlyFlusher.stop()
                group.cancelAll()
                throw error
            }
            health.set(.stopped("shut down"), now: clock.now())
            // Updates already handed to the dispatcher finish and are recorded; their replies stay in
            // the outbox for whichever worker is elected next, if this one stops sending first.
            while await dispatcher.pending() > 0, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
            await claims.releaseHeld()
            earlyFlusher.stop()
            group.cancelAll()
        }
    }

    /// What only the elected worker does: send the bot's replies, written by any worker, and in polling
    /// mode fetch getUpdates into the shared inbox.
    private func lead(_ shared: any SharedInbox) async throws {
        logger.notice("elected to send this bot's replies" + (configuration.mode == .polling ? " and fetch its updates" : ""))
        let sender = transport.sender
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await sender.run() }
            group.addTask { [logger] in
                // Any worker's committed replies notify; notifications during a read make the next wait return at once.
                while !Task.isCancelled {
                    await shared.waitForReplies(seconds: 1)
                    do { try await sender.pickUp() } catch { logger.warning("cannot read the outbox; retrying", ["error": "\(error)"]) }
                }
            }
            if configuration.mode == .polling { group.addTask { try await SharedPollLoop(poller: self, shared: shared).run() } }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

/// The elected worker's getUpdates loop: the poll state machine's fetches, each batch stored in the
/// shared inbox with the next offset in one transaction, so a new leader neither skips nor loses one.
struct SharedPollLoop: Sendable {
    let poller: TelegramPoller
    let shared: any SharedInbox

    func run() async throws {
        let configuration = poller.configuration
        let saved = try await shared.cursor(network: TelegramPoller.transportName).flatMap { Int64($0) }
        let machine = PollStateMachine(
            savedOffset: saved, pollTimeout: configuration.pollTimeoutSeconds, backoff: configuration.backoff,
            conflictBackoff: configuration.conflictBackoff, progressInterval: configuration.progressIntervalSeconds,
            limit: configuration.updateLimit, seed: UInt64.random(in: 1...UInt64.max))
        let ledger = UpdateLedger(machine: machine, albumWindow: configuration.albumWindowSeconds)
        poller.logger.notice("polling Telegram into the shared inbox", ["offset": saved.map(String.init) ?? "none"])
        while !Task.isCancelled {
            switch await ledger.nextAction() {
            case .fetch(let offset, let timeout):
                try await fetch(offset: offset, timeout: timeout, ledger: ledger)
            case .backOff(let seconds), .waitForProgress(let seconds):
                try await poller.clock.sleep(seconds: seconds)
            case .stop(let error):
                throw poller.pollingStopped(error)
            }
        }
    }

    private func fetch(offset: Int64?, timeout: Int, ledger: UpdateLedger) async throws {
        let raw: [JSON]
        do {
            raw = try await poller.client.updates(offset: offset, timeout: timeout, limit: poller.configuration.updateLimit)
        } catch {
            if case .network(.cancelled) = error { return }
            await poller.reportPollFailure(error, ledger: ledger)
            return
        }
        let ids = raw.compactMap { $0["update_id"]?.int }
        let fresh = await ledger.received(ids)
        guard let last = ids.max(), !fresh.isEmpty else { return }
        let freshSet = Set(fresh)
        let entries = raw.compactMap { update -> SharedInboxEntry? in
            guard let id = update["update_id"]?.int, freshSet.contains(id) else { return nil }
            return SharedInboxEntry(externalID: String(id), chatKey: TelegramUpdate.chatKey(of: update), payload: update.serialized())
        }
        do {
            try await shared.enqueue(entries, network: TelegramPoller.transportName, cursor: String(last + 1))
            _ = await ledger.finished(fresh)
        } catch {
            // Not stored: the same updates are fetched again from the old offset.
            poller.logger.error("cannot store fetched updates in the shared inbox; fetching them again", ["error": "\(error)"])
            await ledger.released(fresh)
            try await poller.clock.sleep(seconds: 1)
        }
    }
}

extension TelegramUpdate {
    /// The key that orders an update among others in the shared inbox: its chat, or for updates
    /// without one its sender or poll, so unrelated updates never wait for each other.
    static func chatKey(of update: JSON) -> String {
        for field in ["message", "edited_message", "channel_post", "edited_channel_post", "my_chat_member", "chat_member", "chat_join_request"] {
            if let chat = update[field]?["chat"]?["id"]?.int { return "telegram:\(chat)" }
        }
        if let callback = update["callback_query"] {
            if let chat = callback["message"]?["chat"]?["id"]?.int { return "telegram:\(chat)" }
            if let user = callback["from"]?["id"]?.int { return "telegram:\(user)" }
        }
        if let poll = update["poll_answer"]?["poll_id"]?.string { return "telegram-poll:\(poll.prefix(64))" }
        if let poll = update["poll"]?["id"]?.string { return "telegram-poll:\(poll.prefix(64))" }
        return "telegram-update:\(update["update_id"]?.int ?? 0)"
    }
}
