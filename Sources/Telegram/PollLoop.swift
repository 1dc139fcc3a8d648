import Chat
import Foundation
import JSON
import Storage
import Support

/// The thin loop around the poll state machine: fetch, hand updates on, wait, back off.
struct PollLoop: Sendable {
    let poller: TelegramPoller
    let ledger: UpdateLedger
    let store: any TelegramLedger
    let intake: UpdateIntake

    init(poller: TelegramPoller, ledger: UpdateLedger, store: any TelegramLedger, mapper: UpdateMapper) {
        self.poller = poller
        self.ledger = ledger
        self.store = store
        intake = UpdateIntake(poller: poller, mapper: mapper, books: PollBookkeeping(poller: poller, ledger: ledger, store: store))
    }

    private var logger: Logger { poller.logger }
    private var clock: any WallClock { poller.clock }

    func run() async throws {
        // A mark of another process: it died with the updates up to the mark perhaps running.
        let mark = try await store.fetchMark(key: TelegramPoller.fetchMarkKey)
        await ledger.startSuspects(mark: mark, process: poller.processName)
        // Button acknowledgements are sent beside the loop so a slow send never stalls polling.
        try await withThrowingDiscardingTaskGroup { group in
            while !Task.isCancelled {
                await intake.releaseAlbums { [ledger] album in await ledger.hasSuspect(album.updateIDs) ? .alone : .marked }
                switch await ledger.nextAction() {
                case .fetch(let offset, let timeout):
                    await fetch(offset: offset, timeout: timeout, group: &group)
                case .backOff(let seconds):
                    try await clock.sleep(seconds: seconds)
                case .waitForProgress(let seconds):
                    try await waitForProgress(upTo: seconds)
                case .stop(let error):
                    throw poller.pollingStopped(error)
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
            await poller.reportPollFailure(error, ledger: ledger)
            return
        }
        let failuresBefore = await ledger.failures + ledger.conflicts
        // Most of a batch is often already in flight (Telegram redelivers from the watermark): only new updates are decoded.
        let fresh = Set(await ledger.received(raw.compactMap { $0["update_id"]?.int }))
        let updates = raw.filter { $0["update_id"]?.int.map(fresh.contains) == true }.compactMap(TelegramUpdate.init)
        if failuresBefore > 0 {
            logger.notice("Telegram polling recovered", ["failures": failuresBefore])
            poller.health.set(.polling, now: clock.now())
        }
        guard !fresh.isEmpty else {
            await ledger.settleSuspects(emptyFetch: raw.isEmpty)
            return
        }
        let admission: Admission
        do {
            admission = try await admit(fresh: fresh, raw: raw)
        } catch {
            logger.error("cannot read processed updates; will fetch them again", ["error": "\(error)"])
            await ledger.released(Array(fresh))
            return
        }
        // A batch the fetch mark covers runs as usual; any other batch runs one update at a time, each
        // with its start recorded, so a crash now is charged to the update that was running.
        let mode: GuardMode = admission.marked ? .marked : .alone
        if !admission.suspects.isEmpty {
            logger.notice("handling updates one at a time: the last run may have died while they were running", [
                "updates": admission.suspects.sorted().joined(separator: ","),
            ])
        }
        for update in updates {
            if admission.processed.contains(String(update.id)) {
                // Handled before a restart; only the watermark needs to learn it.
                logger.debug("skipping redelivered update", ["update": update.id])
                _ = await ledger.finished([update.id])
                continue
            }
            if mode == .alone { await ledger.tookAlone([update.id]) }
            await intake.take(update, mode: mode, group: &group)
        }
        await ledger.settleSuspects(emptyFetch: false)
    }

    /// Finds the handled updates and the suspects among `fresh`, and moves the fetch mark over them
    /// when none is a suspect and no dead process's updates are still to come (one write).
    private func admit(fresh: Set<Int64>, raw: [JSON]) async throws -> Admission {
        let suspectThrough = await ledger.suspectThrough
        var chatKeys: [String: String] = [:]
        if suspectThrough != nil {
            for update in raw { if let id = update["update_id"]?.int, fresh.contains(id) { chatKeys[String(id)] = TelegramUpdate.chatKey(of: update) } }
        }
        return try await store.admit(
            transport: TelegramPoller.transportName, updates: fresh.sorted().map { FetchedUpdate(id: String($0), position: $0) },
            markKey: TelegramPoller.fetchMarkKey, process: poller.processName, suspectThrough: suspectThrough,
            markThrough: suspectThrough == nil ? fresh.max() : nil, attemptKind: TelegramPoller.attemptKind, chatKeys: chatKeys, now: clock.now())
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
}

extension TelegramPoller {
    /// Logs that a rejected token stopped polling and returns the error to throw.
    func pollingStopped(_ error: TelegramError) -> TelegramError {
        logger.critical("Telegram rejected the bot token; polling stopped. Store a valid token with `wardrobe keys set telegram.token`", ["error": error.description])
        return error
    }

    /// Logs a failed getUpdates by kind (a conflict says its cause once) and lets the ledger back off.
    func reportPollFailure(_ error: TelegramError, ledger: UpdateLedger) async {
        health.failed(error.description, now: clock.now())
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
