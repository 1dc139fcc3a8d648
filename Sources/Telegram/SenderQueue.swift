import Chat
import Foundation
import JSON
import Storage

/// The outbox rows waiting to be sent, one FIFO per chat, as a pure value.
///
/// - Rows of one chat go one at a time, in order, except that edits of earlier messages (progress)
///   wait behind newer messages: answers come before progress.
/// - An edit supersedes an unsent older edit of the same message; a delete of a message that was
///   never sent drops both. Superseded rows are returned so the caller marks them dropped.
/// - A row that refers to a message another row will post waits until that row is done.
struct SenderQueue: Sendable {
    /// One row as the queue sees it.
    struct Entry: Sendable {
        let record: OutboxRecord
        /// The row's message, decoded once when it was queued (without its files, which stay in the table).
        let message: OutgoingMessage
        /// The message an edit changes (its message id, pending or posted), else nil.
        let editTarget: String?
        /// True for `.edit` (text and buttons), false for `.editButtons` (buttons only).
        let replacesText: Bool
        /// The message a delete removes, else nil.
        let deleteTarget: String?
        /// The pending row this one refers to (reply, edit, delete, stop), which must be done first.
        let dependsOn: String?
        /// How many messages the row posts.
        let postedCount: Int
        /// The message's Bot API calls, planned once when the row was queued.
        let steps: [TelegramStep]
        /// Not before this instant (an edit whose message is not known yet steps aside for a moment).
        var notBefore: Date?

        var chat: String { record.chatExternalID }
        var txnID: String { record.txnID }
        var isEdit: Bool { editTarget != nil }
    }

    /// What a chat's worker should do next.
    enum Next: Sendable {
        case send(Entry)
        /// Rows are waiting, but each refers to a message not posted yet.
        case wait
        /// Nothing left for this chat.
        case idle
    }

    private var waiting: [String: [Entry]] = [:]
    /// Rows waiting or taken and not yet done, by transaction id.
    private var queued: Set<String> = []
    /// Rows done (sent, failed or dropped) in this run, so references to them resolve at once.
    private var done: Set<String> = []

    /// Number of rows waiting or being sent.
    var count: Int { queued.count }

    /// Whether `txnID` is queued or being sent.
    func isQueued(_ txnID: String) -> Bool { queued.contains(txnID) }

    /// Whether `txnID` was finished in this run.
    func isDone(_ txnID: String) -> Bool { done.contains(txnID) }

    /// Queues a row; returns the rows it made pointless (including itself when it is pointless).
    mutating func add(_ entry: Entry) -> [Entry] {
        guard !isQueued(entry.txnID), !done.contains(entry.txnID) else { return [] }
        var queue = waiting[entry.chat] ?? []
        var dropped: [Entry] = []
        if let target = entry.editTarget {
            // A newer edit makes an unsent older one of the same message pointless (text edits cover button edits).
            queue.removeAll { old in
                let superseded = old.editTarget == target && (entry.replacesText || !old.replacesText)
                if superseded { dropped.append(old) }
                return superseded
            }
        }
        if let target = entry.deleteTarget {
            queue.removeAll { old in
                let pointless = old.editTarget == target
                if pointless { dropped.append(old) }
                return pointless
            }
            // Deleting the only message of a row that was never sent: neither needs to go.
            if let pending = MessageRef(chatID: entry.chat, messageID: target).pending, pending.index == 0,
               let index = queue.firstIndex(where: { $0.txnID == pending.txnID && $0.postedCount == 1 }) {
                dropped.append(queue.remove(at: index))
                dropped.append(entry)
                waiting[entry.chat] = queue.isEmpty ? nil : queue
                for entry in dropped { queued.remove(entry.txnID) }
                return dropped
            }
        }
        queue.append(entry)
        waiting[entry.chat] = queue
        queued.insert(entry.txnID)
        for entry in dropped { queued.remove(entry.txnID) }
        return dropped
    }

    /// Takes the next row of `chat`: the oldest new message first, then the oldest edit, skipping
    /// rows whose reference is still to be posted by a row queued here, and rows stepping aside.
    mutating func next(chat: String, now: Date = .distantFuture) -> Next {
        guard let queue = waiting[chat], !queue.isEmpty else { return .idle }
        func ready(_ entry: Entry) -> Bool {
            if let notBefore = entry.notBefore, notBefore > now { return false }
            guard let dependency = entry.dependsOn else { return true }
            return !queued.contains(dependency)
        }
        let pick = queue.firstIndex { !$0.isEdit && ready($0) } ?? queue.firstIndex { $0.isEdit && ready($0) }
        guard let index = pick else { return .wait }
        var rest = queue
        let entry = rest.remove(at: index)
        waiting[chat] = rest.isEmpty ? nil : rest
        return .send(entry)
    }

    /// The row is finished (sent, failed or dropped).
    mutating func finished(_ txnID: String) {
        queued.remove(txnID)
        done.insert(txnID)
        if done.count > 50_000 { done.removeAll() }
    }

    /// A taken row goes back to the front of its chat (its send failed for a passing reason).
    mutating func putBack(_ entry: Entry) {
        waiting[entry.chat, default: []].insert(entry, at: 0)
    }

    /// A taken row goes to the back of its chat until `until`, letting the chat's other rows go first
    /// (an edit of a message whose row is not written yet).
    mutating func stepAside(_ entry: Entry, until: Date) {
        var entry = entry
        entry.notBefore = until
        waiting[entry.chat, default: []].append(entry)
    }
}

/// A reply as the sender needs it, made once when the handler sent it: the message and its Bot API calls.
/// Used for the row written from it only while the row still holds `payload` (a handler run again after
/// a crash may find a row of its earlier run); messages with files are never planned ahead (their bytes
/// stay in the table until they are sent).
struct PlannedMessage: Sendable {
    let payload: JSON
    let message: OutgoingMessage
    let steps: [TelegramStep]
}

extension SenderQueue.Entry {
    /// The queue's view of a stored row and its decoded message.
    init(record: OutboxRecord, message: OutgoingMessage) {
        self.init(record: record, message: message, steps: TelegramStep.plan(message))
    }

    /// The queue's view of a stored row, its message and that message's calls.
    init(record: OutboxRecord, message: OutgoingMessage, steps: [TelegramStep]) {
        self.record = record
        self.message = message
        self.steps = steps
        postedCount = steps.reduce(0) { $0 + $1.postedCount }
        switch message {
        case .edit(let ref, _, _): editTarget = ref.messageID; replacesText = true
        case .editButtons(let ref, _): editTarget = ref.messageID; replacesText = false
        default: editTarget = nil; replacesText = false
        }
        if case .delete(let ref) = message { deleteTarget = ref.messageID } else { deleteTarget = nil }
        dependsOn = steps.lazy.compactMap { $0.reference?.pending?.txnID }.first
        notBefore = nil
    }
}
