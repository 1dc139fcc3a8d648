import Chat
import Foundation
import JSON
import Storage
import Testing
@testable import Telegram

/// The sender's queue without I/O: order per chat, answers before progress, superseded edits.
struct SenderQueueTests {
    func entry(_ txn: String, chat: String = "1", _ message: OutgoingMessage) -> SenderQueue.Entry {
        let stored = message.stored()
        let record = OutboxRecord(
            id: 0, transport: "telegram", chatExternalID: chat, chatKind: "private", txnID: txn, payload: stored.payload, state: "pending",
            remoteIDs: [], stepsDone: 0, expiresAt: nil, createdAt: Date())
        return SenderQueue.Entry(record: record, message: message)
    }

    func take(_ queue: inout SenderQueue, chat: String = "1") -> String? {
        guard case .send(let entry) = queue.next(chat: chat) else { return nil }
        queue.finished(entry.txnID)
        return entry.txnID
    }

    @Test func rowsOfOneChatGoInOrderAndOneAtATime() {
        var queue = SenderQueue()
        _ = queue.add(entry("a", .text("one")))
        _ = queue.add(entry("b", .text("two")))
        guard case .send(let first) = queue.next(chat: "1") else { Issue.record("expected a row"); return }
        #expect(first.txnID == "a")
        #expect(queue.count == 2)
        queue.finished("a")
        #expect(take(&queue) == "b")
        guard case .idle = queue.next(chat: "1") else { Issue.record("expected idle"); return }
    }

    @Test func aNewerEditOfTheSameMessageSupersedesAnUnsentOlderOne() {
        var queue = SenderQueue()
        let progress = MessageRef(chatID: "1", messageID: "77")
        _ = queue.add(entry("q", .edit(progress, "Queued…")))
        let dropped = queue.add(entry("g", .edit(progress, "Generating…")))
        #expect(dropped.map(\.txnID) == ["q"])
        let buttonsOnly = queue.add(entry("b", .editButtons(progress, [])))
        #expect(buttonsOnly.isEmpty)
        #expect(queue.add(entry("d", .edit(progress, "Done"))).map(\.txnID) == ["g", "b"])
        #expect(take(&queue) == "d")
    }

    @Test func answersGoBeforeProgressEditsQueuedEarlier() {
        var queue = SenderQueue()
        _ = queue.add(entry("progress", .edit(MessageRef(chatID: "1", messageID: "9"), "Generating…")))
        _ = queue.add(entry("result", .text("Here is your look")))
        #expect(take(&queue) == "result")
        #expect(take(&queue) == "progress")
    }

    @Test func deletingAMessageThatWasNeverSentDropsBoth() {
        var queue = SenderQueue()
        _ = queue.add(entry("reading", .text("Reading the page…")))
        let dropped = queue.add(entry("gone", .delete(MessageRef.pending(chatID: "1", txnID: "reading", index: 0))))
        #expect(Set(dropped.map(\.txnID)) == ["reading", "gone"])
        #expect(queue.count == 0)
    }

    @Test func anEditWaitsForTheRowThatPostsItsMessage() {
        var queue = SenderQueue()
        let pending = MessageRef.pending(chatID: "1", txnID: "card", index: 0)
        _ = queue.add(entry("card", .text("Navy blazer")))
        _ = queue.add(entry("edit", .editButtons(pending, [])))
        guard case .send(let card) = queue.next(chat: "1") else { Issue.record("expected the card"); return }
        #expect(card.txnID == "card")
        // While the card is being sent, its edit must wait.
        guard case .wait = queue.next(chat: "1") else { Issue.record("expected to wait"); return }
        queue.finished("card")
        #expect(take(&queue) == "edit")
    }

    @Test func anEditWhoseMessageIsNotKnownYetStepsAsideForTheChatsOtherRows() {
        var queue = SenderQueue()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        _ = queue.add(entry("progress", .edit(MessageRef.pending(chatID: "1", txnID: "not-written-yet", index: 0), "Generating…")))
        guard case .send(let edit) = queue.next(chat: "1", now: start) else { Issue.record("expected the edit"); return }
        queue.stepAside(edit, until: start.addingTimeInterval(0.05))
        _ = queue.add(entry("result", .photos([OutgoingImage(bytes: [1], mimeType: "image/jpeg")])))
        // The result goes at once; the edit waits for its moment, and is then tried again.
        #expect(take(&queue, chat: "1") == "result")
        guard case .wait = queue.next(chat: "1", now: start.addingTimeInterval(0.01)) else { Issue.record("expected to wait"); return }
        guard case .send(let again) = queue.next(chat: "1", now: start.addingTimeInterval(0.06)) else { Issue.record("expected the edit again"); return }
        #expect(again.txnID == "progress")
    }

    @Test func chatsAreIndependent() {
        var queue = SenderQueue()
        _ = queue.add(entry("a1", chat: "a", .text("x")))
        _ = queue.add(entry("b1", chat: "b", .text("y")))
        #expect(take(&queue, chat: "b") == "b1")
        #expect(take(&queue, chat: "a") == "a1")
    }
}

/// What one handler's replies become before they are written.
struct OutboxBatchTests {
    func draft(_ txn: String, _ message: OutgoingMessage) -> OutboxDraft {
        let stored = message.stored()
        return OutboxDraft(txnID: txn, transport: "telegram", chatExternalID: "1", payload: stored.payload, files: stored.files)
    }

    @Test func aProgressMessageDeletedByTheSameHandlerIsNeverWritten() {
        let batch = OutboxBatch(updateID: "5")
        let reading = batch.nextTransactionID()
        #expect(reading == "tg-5-0")
        #expect(batch.hold(draft(reading, .text("Reading the page…"))))
        let delete = batch.nextTransactionID()
        #expect(batch.hold(draft(delete, .delete(MessageRef.pending(chatID: "1", txnID: reading, index: 0)))))
        let card = batch.nextTransactionID()
        #expect(batch.hold(draft(card, .text("Navy blazer"))))
        #expect(batch.take().map(\.txnID) == [card])
    }

    @Test func anEditOfAnUnsentMessageBecomesItsText() throws {
        let batch = OutboxBatch(updateID: "6")
        let queued = batch.nextTransactionID()
        _ = batch.hold(draft(queued, .text("Queued…")))
        _ = batch.hold(draft(batch.nextTransactionID(), .edit(MessageRef.pending(chatID: "1", txnID: queued, index: 0), "Done", buttons: [[Button(title: "Keep", token: "k")]])))
        let drafts = batch.take()
        #expect(drafts.count == 1)
        let message = try OutgoingMessage(stored: StoredMessage(payload: drafts[0].payload, files: drafts[0].files))
        guard case .text(let text, let buttons, _) = message else { Issue.record("expected text"); return }
        #expect(text.plainText == "Done")
        #expect(buttons.first?.first?.token == "k")
    }

    @Test func plansGoWithTheirRepliesUnlessAnEditWasFoldedIn() throws {
        let batch = OutboxBatch(updateID: "8")
        func plan(_ message: OutgoingMessage) -> PlannedMessage {
            PlannedMessage(payload: message.stored().payload, message: message, steps: TelegramStep.plan(message))
        }
        let queued = batch.nextTransactionID(), card = batch.nextTransactionID()
        _ = batch.hold(draft(queued, .text("Queued…")), plan: plan(.text("Queued…")))
        _ = batch.hold(draft(card, .text("Navy blazer")), plan: plan(.text("Navy blazer")))
        let edit = OutgoingMessage.edit(MessageRef.pending(chatID: "1", txnID: queued, index: 0), "Done", buttons: [])
        _ = batch.hold(draft(batch.nextTransactionID(), edit), plan: plan(edit))
        let (drafts, plans) = batch.takeWithPlans()
        #expect(drafts.map(\.txnID) == [queued, card])
        // The folded edit changed the first reply's text: its plan would send "Queued…", so it is not kept.
        #expect(Set(plans.keys) == [card])
        #expect(plans[card]?.payload == drafts[1].payload)
        #expect(batch.takeWithPlans().plans.isEmpty)
    }

    @Test func afterAnEarlyFlushRepliesAreNoLongerHeld() {
        let batch = OutboxBatch(updateID: "7")
        #expect(batch.hold(draft(batch.nextTransactionID(), .text("Reading…"))))
        #expect(batch.take(early: true).count == 1)
        #expect(!batch.hold(draft(batch.nextTransactionID(), .text("Draft"))))
    }

    @Test func aHandlerRunAgainGetsTheSameTransactionIDs() {
        let first = OutboxBatch(updateID: "42"), second = OutboxBatch(updateID: "42")
        #expect((0..<3).map { _ in first.nextTransactionID() } == (0..<3).map { _ in second.nextTransactionID() })
    }

    @Test func anAlbumWithButtonsIsTwoStepsAndFourPostedMessages() {
        let images = (0..<3).map { OutgoingImage(bytes: [UInt8($0)], mimeType: "image/jpeg") }
        let steps = TelegramStep.plan(.photos(images, caption: "Pick", buttons: [[Button(title: "A", token: "a")]]))
        #expect(steps.count == 2)
        #expect(steps.map(\.postedCount) == [3, 1])
        let album = OutgoingMessage.photos(images, caption: "Pick", buttons: [])
        let refs = TelegramTransport.references(album, steps: TelegramStep.plan(album), chat: ChatAddress(transport: "telegram", id: "1", kind: .privateChat), txnID: "t")
        #expect(refs.map(\.messageID) == ["outbox:t:0", "outbox:t:1", "outbox:t:2"])
    }
}
