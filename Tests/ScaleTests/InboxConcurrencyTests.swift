import Foundation
import Postgres
import PostgresTestKit
import Scale
import Support
import Testing

/// What the claimers saw, checked as they go: a chat held by two workers at once, or a message
/// out of its chat's order, is recorded as a violation.
actor ClaimLedger {
    private var holders: [String: Int] = [:]
    private var nextSequence: [String: Int] = [:]
    private(set) var handled: [String: Int] = [:]
    private(set) var violations: [String] = []
    private(set) var perWorker: [Int: Int] = [:]

    func begin(chat: String, sequence: Int, worker: Int) {
        if let holder = holders[chat] { violations.append("\(chat) claimed by \(worker) while \(holder) held it") }
        holders[chat] = worker
        let expected = nextSequence[chat, default: 1]
        if sequence != expected { violations.append("\(chat): got \(sequence), expected \(expected)") }
    }

    func end(chat: String, sequence: Int, worker: Int) {
        holders[chat] = nil
        nextSequence[chat] = sequence + 1
        handled["\(chat)/\(sequence)", default: 0] += 1
        perWorker[worker, default: 0] += 1
    }

    var total: Int { handled.values.reduce(0, +) }
}

@Suite(.needsPostgres) struct InboxConcurrencyTests {
    @Test func threeClaimersHandleEveryMessageOnceAndKeepEachChatsOrder() async throws {
        let chats = 300
        let perChat = 10
        try await ScaleFixture.with { database in
            let writer = Inbox(session: try await database.connect(), clock: SystemClock())
            // Interleaved like real traffic: every chat's first message, then every chat's second…
            for sequence in 1...perChat {
                let entries = try (1...chats).map { try ScaleFixture.entry(chat: "telegram:\($0)", sequence: sequence) }
                #expect(try await writer.enqueue(entries, network: "telegram", cursor: "\(sequence)") == chats)
            }
            let ledger = ClaimLedger()
            let total = chats * perChat
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 1...3 {
                    let inbox = Inbox(session: try await database.connect(), clock: SystemClock())
                    let owner = try WorkerID("worker-\(worker)")
                    group.addTask {
                        while await ledger.total < total {
                            guard let claim = try await inbox.claimNext(owner: owner) else {
                                // Every remaining chat is held by another worker right now.
                                await Task.yield()
                                continue
                            }
                            guard case .handle(let message) = claim else { throw ScaleError.invalidInput("set aside: \(claim)") }
                            let sequence = try ScaleFixture.sequence(of: message)
                            await ledger.begin(chat: message.chatKey, sequence: sequence, worker: worker)
                            await Task.yield()
                            await ledger.end(chat: message.chatKey, sequence: sequence, worker: worker)
                            try await inbox.markDone(message, owner: owner)
                        }
                        await inbox.session.close()
                    }
                }
                try await group.waitForAll()
            }
            let elapsed = ContinuousClock.now - started
            print("inbox concurrency: \(total) messages over \(chats) chats by 3 claimers in \(elapsed)")
            #expect(await ledger.violations == [])
            let handled = await ledger.handled
            #expect(handled.count == total)
            #expect(handled.values.allSatisfy { $0 == 1 })
            let perWorker = await ledger.perWorker
            #expect(perWorker.keys.sorted() == [1, 2, 3], "every claimer took part: \(perWorker)")
            #expect(try await writer.statistics().pending == 0)
            await writer.session.close()
        }
    }
}
