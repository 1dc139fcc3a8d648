import Chat
import Foundation
import JSON
import Support

/// The thin loop around the poll state machine: fetch, hand updates on, wait, back off.
struct PollLoop: Sendable {
    let poller: TelegramPoller
    let ledger: UpdateLedger
    let mapper: UpdateMapper

    private var logger: Logger { poller.logger }
    private var clock: any WallClock { poller.clock }

    func run() async throws {
        // Button acknowledgements are sent beside the loop so a slow send never stalls polling.
        try await withThrowingDiscardingTaskGroup { group in
            while !Task.isCancelled {
                await releaseAlbums()
                switch await ledger.nextAction() {
                case .fetch(let offset, let timeout):
                    await fetch(offset: offset, timeout: timeout, group: &group)
                case .backOff(let seconds):
                    try await clock.sleep(seconds: seconds)
                case .waitForProgress(let seconds):
                    try await waitForProgress(upTo: seconds)
                case .stop(let error):
                    logger.critical("Telegram rejected the bot token; polling stopped. Store a valid token with `wardrobe keys set telegram.token`", ["error": error.description])
                    throw error
                }
            }
        }
    }

    private func fetch(offset: Int64?, timeout: Int, group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        let raw: [JSON]
        do {
            raw = try await poller.client.updates(offset: offset, timeout: timeout, limit: poller.configuration.updateLimit)
        } catch {
            if case .network(.cancelled) = error { return }
            await report(error)
            return
        }
        let failuresBefore = await ledger.failures + ledger.conflicts
        // Most of a batch is often already in flight (Telegram redelivers from the watermark): only new updates are decoded.
        let fresh = Set(await ledger.received(raw.compactMap { $0["update_id"]?.int }))
        let updates = raw.filter { $0["update_id"]?.int.map(fresh.contains) == true }.compactMap(TelegramUpdate.init)
        if failuresBefore > 0 { logger.notice("Telegram polling recovered", ["failures": failuresBefore]) }
        guard !fresh.isEmpty else { return }
        let done: Set<String>
        do {
            done = try await poller.store.processedIDs(transport: TelegramPoller.transportName, among: fresh.map { String($0) })
        } catch {
            logger.error("cannot read processed updates; will fetch them again", ["error": "\(error)"])
            await ledger.released(Array(fresh))
            return
        }
        for update in updates {
            if done.contains(String(update.id)) {
                // Handled before a restart; only the watermark needs to learn it.
                logger.debug("skipping redelivered update", ["update": update.id])
                _ = await ledger.finished([update.id])
                continue
            }
            await take(update, group: &group)
        }
    }

    private func take(_ update: TelegramUpdate, group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        let ids = [update.id]
        let log = logger.with("update", update.id)
        switch mapper.decide(update) {
        case .event(let event):
            await submit(event, ids: ids)
        case .albumPart(let part):
            await ledger.addAlbumPart(part, now: clock.now())
        case .refuse(let chat, let text, let replyTo):
            // In the chat's queue, so the refusal comes after the answers to that chat's earlier messages.
            let batch = OutboxBatch(updateID: String(update.id))
            let accepted = await poller.dispatcher.submit(in: chat, done: { [poller, ledger] in await poller.complete(ids, ledger: ledger, batch: batch) }) {
                [poller] in
                do {
                    try await poller.transport.send(.text(RichText.plain(text), replyTo: replyTo), to: chat, batch: batch)
                } catch {
                    log.warning("cannot send refusal", ["chat": chat.id, "error": "\(error)"])
                }
            }
            if !accepted { logger.info("dispatcher stopped; update left for the next run", ["update": update.id]) }
        case .answerCallback(let id, let notice):
            group.addTask { [poller, ledger] in
                let chat = ChatAddress(transport: TelegramPoller.transportName, id: "callback", kind: .privateChat)
                do {
                    try await poller.transport.send(.answerButton(callbackID: id, notice: notice), to: chat)
                } catch {
                    log.warning("cannot answer button", ["error": "\(error)"])
                }
                await poller.complete(ids, ledger: ledger, batch: nil)
            }
        case .vote(let pollID, let sender, let options, let date):
            guard let target = try? await poller.store.telegramPollChat(pollID: pollID) else {
                log.info("vote for an unknown poll", ["poll": pollID])
                await poller.complete(ids, ledger: ledger, batch: nil)
                return
            }
            let chat = ChatAddress(transport: TelegramPoller.transportName, id: target.chatID, kind: target.kind)
            // Features know a poll by the message that carried it, as they know every other message.
            let reference = target.messageID ?? pollID
            await submit(ChatEvent(id: String(update.id), chat: chat, sender: sender, payload: .vote(pollID: reference, options: options), date: date), ids: ids)
        case .ignore(let reason, let notice):
            if notice { log.notice(reason) } else { log.debug("ignored", ["reason": reason]) }
            await poller.complete(ids, ledger: ledger, batch: nil)
        }
    }

    private func submit(_ event: ChatEvent, ids: [Int64]) async {
        let event = await poller.matchingReplies(event)
        let batch = OutboxBatch(updateID: String(ids.first ?? 0))
        let transport = EventTransport(base: poller.transport, batch: batch)
        let accepted = await poller.dispatcher.submit(
            event, via: transport, done: { [poller, ledger] in await poller.complete(ids, ledger: ledger, batch: batch) },
            around: { [poller] handle in await poller.guarded(ids, event: event, transport: transport, handle: handle) })
        // Not accepted means shutting down: the update stays unconfirmed and comes back after the restart.
        if !accepted { logger.info("dispatcher stopped; update left for the next run", ["update": event.id]) }
    }

    private func releaseAlbums() async {
        for album in await ledger.takeDueAlbums(now: clock.now()) {
            await submit(album.event, ids: album.updateIDs)
        }
    }

    /// Waits until a fetch is worth making (the ledger says so), an album falls due, or `seconds`
    /// pass. A short floor keeps a busy bot from refetching after every single completion.
    private func waitForProgress(upTo seconds: Double) async throws {
        var deadline = clock.now().addingTimeInterval(seconds)
        if let album = await ledger.nextAlbumDeadline, album < deadline { deadline = album }
        try await Task.sleep(for: .milliseconds(5))
        while clock.now() < deadline, !(await ledger.isReadyToFetch) {
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private func report(_ error: TelegramError) async {
        switch await ledger.failed(error) {
        case .stop:
            break
        case .firstConflict:
            let cause = error.description.lowercased().contains("webhook")
                ? "a webhook is set for this bot; run `wardrobe telegram delete-webhook`"
                : "another process is polling with this bot token; stop it"
            logger.error("Telegram answered 409 Conflict: \(cause). Retrying with backoff", ["error": error.description])
        case .repeatedConflict:
            logger.debug("still in conflict", ["error": error.description])
        case .retry(let attempt):
            let level: LogLevel = attempt == 1 || attempt % 10 == 0 ? .warning : .debug
            logger.log(level, "getUpdates failed; backing off", ["error": error.description, "attempt": attempt])
        }
    }
}
