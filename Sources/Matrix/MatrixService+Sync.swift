import Chat
import Foundation
import JSON
import Storage

extension MatrixService {
    /// The filter: a limited timeline, no presence, no ephemeral events or account data.
    var filter: JSON {
        [
            "presence": ["not_types": ["*"]],
            "account_data": ["not_types": ["*"]],
            "room": [
                "timeline": ["limit": .int(Int64(configuration.timelineLimit))],
                "state": ["lazy_load_members": true],
                "ephemeral": ["not_types": ["*"]],
                "account_data": ["not_types": ["*"]],
            ],
        ]
    }

    /// Filter ids are per user and per definition; a changed definition gets a new filter.
    var filterSignature: String { "v1/\(configuration.userID)/\(configuration.timelineLimit)" }

    /// The stored filter id when it was made for the current definition.
    func storedFilterID() async throws -> String? {
        guard let stored = try await store.cursor(transport: Self.filterKey), let space = stored.lastIndex(of: " ") else { return nil }
        return stored[..<space] == filterSignature ? String(stored[stored.index(after: space)...]) : nil
    }

    /// Creates the filter on the server and stores its id.
    func createFilter() async throws -> String {
        let id = try await client.createFilter(userID: configuration.userID, filter: filter)
        do {
            try await store.setCursor(transport: Self.filterKey, value: "\(filterSignature) \(id)", now: clock.now())
        } catch {
            throw MatrixError.local("cannot store the filter id: \(error)")
        }
        logger.info("created sync filter", ["filter": id])
        return id
    }

    /// Turns one sync answer into events for the dispatcher; the sync position is stored once they are handled.
    func handle(_ response: SyncResponse, initial: Bool) async throws {
        for invite in response.invites { await answer(invite) }
        // Room keys come first (also on the first sync), so this sync's encrypted events can use them.
        let arrivals = try await receiveDeviceMessages(response)
        if initial {
            // The very first sync only marks where the bot starts; old history is not answered.
            try await storePosition(response.nextBatch)
            logger.notice("first matrix sync; starting from now", ["rooms": response.joined.count])
            return
        }
        var events: [ChatEvent] = []
        // The decrypted events behind `events`, by id: the shared inbox stores their pictures' descriptions.
        var sources: [String: JSON] = [:]
        for room in response.joined {
            if room.changesMembership || room.joinedMemberCount != nil { updateKind(room) }
            await encryptor.observe(roomID: room.roomID, encryptionContent: room.encryptionContent)
            if !room.departedMembers.isEmpty, try await encryptor.isEncrypted(room.roomID) { try await encryptor.membersLeft(room.roomID) }
            var timeline = room.timeline
            if room.limited, let previous = room.previousBatch, !room.containsOwnJoin(configuration.userID) {
                timeline = try await missedEvents(roomID: room.roomID, from: previous) + timeline
            }
            timeline = try await decrypt(timeline, roomID: room.roomID)
            timeline += try await parkedEvents(roomID: room.roomID, arrivals: arrivals)
            let chat = ChatAddress(transport: transport.name, id: room.roomID, kind: try await kind(of: room.roomID))
            let names = room.memberNames
            for event in timeline {
                // A server may repeat an event (a gap fill overlapping the timeline): handle it once.
                guard let chatEvent = try await incoming(event, in: chat), !events.contains(where: { $0.id == chatEvent.id }) else { continue }
                events.append(chatEvent.naming(sender: names[chatEvent.sender.id]))
                sources[chatEvent.id] = event
            }
        }
        // Rooms with a key arrival but no news in this sync.
        for roomID in Set(arrivals.map(\.roomID)).subtracting(response.joined.map(\.roomID)).sorted() {
            let chat = ChatAddress(transport: transport.name, id: roomID, kind: try await kind(of: roomID))
            for event in try await parkedEvents(roomID: roomID, arrivals: arrivals) {
                guard let chatEvent = try await incoming(event, in: chat), !events.contains(where: { $0.id == chatEvent.id }) else { continue }
                events.append(chatEvent)
                sources[chatEvent.id] = event
            }
        }
        if let sharing {
            try await enqueue(events, sources: sources, nextBatch: response.nextBatch, in: sharing.inbox)
        } else {
            try await dispatch(events, nextBatch: response.nextBatch)
        }
        await noticeKeysThatNeverCame()
    }

    /// The chat event for one timeline event, or nil when there is nothing to answer.
    func incoming(_ event: JSON, in chat: ChatAddress) async throws -> ChatEvent? {
        guard let id = event["event_id"]?.string else { return nil }
        let mapped = mapper.map(event, in: chat)
        if case .ignored = mapped { return nil }
        if try await isTaken(id) { return nil }
        switch mapped {
        case .message(let chatEvent):
            return try await voteByReply(chatEvent) ?? chatEvent
        case .reaction(let id, let sender, let target, let key):
            guard let record = try await store.sentChoices(transport: transport.name, messageID: target),
                record.chatExternalID == chat.id, let payload = MatrixChoices.payload(forReaction: key, on: record.tokens)
            else { return nil }
            if case .vote(let pollID, _) = payload {
                try await store.recordChoices(
                    transport: transport.name, messageID: id, chatExternalID: chat.id,
                    tokens: MatrixChoices.voteReaction(pollID: pollID, voter: sender), now: clock.now())
            }
            return ChatEvent(
                id: id, chat: chat, sender: Sender(id: sender), payload: payload, message: MessageRef(chatID: chat.id, messageID: target))
        case .redaction(let id, let sender, let redacts):
            guard let record = try await store.sentChoices(transport: transport.name, messageID: redacts),
                let payload = MatrixChoices.payload(forRedactionOf: record.tokens, by: sender)
            else { return nil }
            return ChatEvent(id: id, chat: chat, sender: Sender(id: sender), payload: payload)
        case .ignored:
            return nil
        }
    }

    /// The kind of attempt records of events (poison-message protection).
    static let attemptKind = "matrix.event"

    /// Whether an event is already handled, or being handled now: it must not be queued again.
    func isTaken(_ eventID: String) async throws -> Bool {
        if await ledger.isInFlight(eventID) { return true }
        if let sharing, try await sharing.inbox.contains(network: MatrixInboxEvent.network, externalID: eventID) { return true }
        return try await store.isProcessed(transport: Self.cursorKey, updateID: eventID)
    }

    /// A reply with a number on a vote notice, as a vote (replies that are not votes stay messages).
    func voteByReply(_ event: ChatEvent) async throws -> ChatEvent? {
        guard case .text(let text) = event.payload, let target = event.replyTo,
            let record = try await store.sentChoices(transport: transport.name, messageID: target.messageID),
            record.chatExternalID == event.chat.id, let payload = MatrixChoices.payload(forReply: text, on: record.tokens)
        else { return nil }
        return ChatEvent(
            id: event.id, chat: event.chat, sender: event.sender, payload: payload, message: target, replyTo: target, date: event.date)
    }

    /// Submits a batch without waiting for it to be handled (see `SyncLedger`); each event records
    /// itself as handled, and the event that completes the oldest open batches also moves the stored
    /// sync position, in the same transaction. Waits only while too many events are in flight.
    func dispatch(_ events: [ChatEvent], nextBatch: String) async throws {
        if let position = await ledger.begin(eventIDs: events.map(\.id), nextBatch: nextBatch) {
            try await store.setCursor(transport: Self.cursorKey, value: position, now: clock.now())
        }
        for event in events {
            await attribution.began(event.id, room: event.chat.id)
            let guardian = PoisonGuard(kind: Self.attemptKind, store: store, maxAttempts: configuration.maxAttempts, logger: logger, clock: clock)
            let accepted = await dispatcher.submit(event, via: transport, done: { [store, attribution, ledger, clock, logger] in
                await attribution.ended(event.id, room: event.chat.id)
                let position = await ledger.finished(event.id)
                do {
                    try await store.recordHandled(
                        transport: MatrixService.cursorKey, eventID: event.id, cursor: position, attemptKind: Self.attemptKind, now: clock.now())
                } catch {
                    logger.error("cannot record a handled event", ["update": event.id, "error": "\(error)"])
                }
                await ledger.recorded(event.id)
            }, around: { [transport] handle in
                // An event that crashed the worker twice is set aside (its reply goes through the outbox's txnId).
                await guardian.run(event.id, event: event, via: transport) { await handle() }
            })
            // The dispatcher stopped taking work: shutting down, the cursor stays where it was.
            guard accepted else { throw CancellationError() }
        }
        await ledger.waitUntilFewer(than: Self.maxEventsInFlight)
    }

    /// Events left out of a `limited` timeline, oldest first, back to the last handled event
    /// (or the bot's own join, or `maxGapPages` pages).
    func missedEvents(roomID: String, from token: String) async throws -> [JSON] {
        var collected: [JSON] = []
        var from = token
        pages: for _ in 0..<configuration.maxGapPages {
            let page = try await client.messages(roomID: roomID, from: from, limit: configuration.timelineLimit)
            let chunk = page["chunk"]?.array ?? []
            for event in chunk {
                if let id = event["event_id"]?.string, try await isTaken(id) { break pages }
                if event["type"]?.string == "m.room.member", event["state_key"]?.string == configuration.userID,
                    event["content"]?["membership"]?.string == "join"
                {
                    break pages
                }
                collected.append(event)
            }
            guard let end = page["end"]?.string, !chunk.isEmpty, end != from else { break }
            from = end
        }
        if !collected.isEmpty { logger.notice("filled a sync gap", ["room": roomID, "events": collected.count]) }
        return collected.reversed()
    }
}
