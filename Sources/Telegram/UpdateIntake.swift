import Chat
import Foundation
import JSON
import Support

/// What becomes of an update once it is taken: how it is recorded as handled (polling: the offset
/// watermark; webhook: the inbox row) and where album parts wait for the rest of their album.
protocol UpdateBookkeeping: Sendable {
    /// Records handled updates with their replies, then hands the replies to the sender; `armed`
    /// when their start may have been recorded (their attempt records are forgotten in the same write).
    func complete(_ ids: [Int64], batch: OutboxBatch?, armed: Bool) async
    /// Holds an album part until the album is complete or its window passed.
    func addAlbumPart(_ part: AlbumPart, now: Date) async
    /// Albums whose window has passed.
    func takeDueAlbums(now: Date) async -> [Album]
    /// When the next album falls due.
    func nextAlbumDeadline() async -> Date?
}

/// Polling's bookkeeping: the update ledger's watermark is persisted with the handled ids.
struct PollBookkeeping: UpdateBookkeeping {
    let poller: TelegramPoller
    let ledger: UpdateLedger
    let store: any TelegramLedger

    func complete(_ ids: [Int64], batch: OutboxBatch?, armed: Bool) async {
        await poller.complete(ids, ledger: ledger, store: store, batch: batch, armed: armed)
    }
    func addAlbumPart(_ part: AlbumPart, now: Date) async { await ledger.addAlbumPart(part, now: now) }
    func takeDueAlbums(now: Date) async -> [Album] { await ledger.takeDueAlbums(now: now) }
    func nextAlbumDeadline() async -> Date? { await ledger.nextAlbumDeadline }
}

/// The one path every Telegram update takes, from getUpdates or from the webhook inbox: decide what
/// it is, queue it in its chat behind the poison guard, and record it (with its replies) when handled.
struct UpdateIntake: Sendable {
    let poller: TelegramPoller
    let mapper: UpdateMapper
    let books: any UpdateBookkeeping
    /// This intake's updates in the dispatcher, so a suspect can run alone.
    let running = RunningUpdates()

    private var logger: Logger { poller.logger }
    private var clock: any WallClock { poller.clock }

    /// Decides what `update` is and queues its handling; button acknowledgements run in `group`.
    /// A suspect (`.alone`) waits until nothing else runs, and is done when this returns.
    func take(_ update: TelegramUpdate, mode: GuardMode, group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        if mode == .alone { await running.waitUntilIdle() }
        await decide(update, mode: mode, group: &group)
        if mode == .alone { await running.waitUntilIdle() }
    }

    private func decide(_ update: TelegramUpdate, mode: GuardMode, group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        let ids = [update.id]
        let armed = mode.recordsStart
        let log = logger.with("update", update.id)
        switch mapper.decide(update) {
        case .event(let event):
            await submit(event, ids: ids, mode: mode)
        case .albumPart(let part):
            await books.addAlbumPart(part, now: clock.now())
        case .refuse(let chat, let text, let replyTo):
            // In the chat's queue, so the refusal comes after the answers to that chat's earlier messages.
            let batch = OutboxBatch(updateID: String(update.id))
            running.started()
            let accepted = await poller.dispatcher.submit(in: chat, done: { [books, running] in
                await books.complete(ids, batch: batch, armed: armed)
                running.ended()
            }) { [poller] in
                do {
                    _ = try await poller.transport.send(.text(RichText.plain(text), replyTo: replyTo), to: chat, batch: batch)
                } catch {
                    log.warning("cannot send refusal", ["chat": chat.id, "error": "\(error)"])
                }
            }
            if !accepted {
                running.ended()
                logger.info("dispatcher stopped; update left for the next run", ["update": update.id])
            }
        case .answerCallback(let id, let notice):
            group.addTask { [books] in
                let chat = ChatAddress(transport: TelegramPoller.transportName, id: "callback", kind: .privateChat)
                do {
                    try await poller.transport.send(.answerButton(callbackID: id, notice: notice), to: chat)
                } catch {
                    log.warning("cannot answer button", ["error": "\(error)"])
                }
                await books.complete(ids, batch: nil, armed: armed)
            }
        case .vote(let pollID, let sender, let options, let date):
            guard let target = try? await poller.store.telegramPollChat(pollID: pollID) else {
                log.info("vote for an unknown poll", ["poll": pollID])
                await books.complete(ids, batch: nil, armed: armed)
                return
            }
            let chat = ChatAddress(transport: TelegramPoller.transportName, id: target.chatID, kind: target.kind)
            // Features know a poll by the message that carried it, as they know every other message.
            let reference = target.messageID ?? pollID
            await submit(ChatEvent(id: String(update.id), chat: chat, sender: sender, payload: .vote(pollID: reference, options: options), date: date), ids: ids, mode: mode)
        case .ignore(let reason, let notice):
            if notice { log.notice(reason) } else { log.debug("ignored", ["reason": reason]) }
            await books.complete(ids, batch: nil, armed: armed)
        }
    }

    /// Queues `event` in its chat behind the poison guard; `ids` are recorded with its replies when it is handled.
    func submit(_ event: ChatEvent, ids: [Int64], mode: GuardMode) async {
        let event = await poller.matchingReplies(event)
        let batch = OutboxBatch(updateID: String(ids.first ?? 0))
        let transport = EventTransport(base: poller.transport, batch: batch)
        running.started()
        let accepted = await poller.dispatcher.submit(
            event, via: transport,
            done: { [books, running] in
                await books.complete(ids, batch: batch, armed: mode.recordsStart)
                running.ended()
            },
            around: { [poller] handle in await poller.guarded(ids, event: event, transport: transport, mode: mode, handle: handle) })
        // Not accepted means shutting down: the update stays unconfirmed and comes back after the restart.
        if !accepted {
            running.ended()
            logger.info("dispatcher stopped; update left for the next run", ["update": event.id])
        }
    }

    /// Submits the albums whose window has passed; `mode` says how each is guarded (an album with a
    /// suspect part runs alone, and is done when this returns).
    func releaseAlbums(mode: @Sendable (Album) async -> GuardMode) async {
        for album in await books.takeDueAlbums(now: clock.now()) {
            let albumMode = await mode(album)
            if albumMode == .alone { await running.waitUntilIdle() }
            await submit(album.event, ids: album.updateIDs, mode: albumMode)
            if albumMode == .alone { await running.waitUntilIdle() }
        }
    }
}
