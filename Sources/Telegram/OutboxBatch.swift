import Chat
import Foundation
import JSON
import Storage
import Synchronization

/// The replies one update's handler produced, held until the update is recorded as handled so
/// both are written in one transaction. Transaction ids are `tg-<update>-<n>`: a handler run again
/// after a crash produces the same ids, so rows an earlier run already wrote are not written twice.
///
/// A handler that is still working after a short while (fetching a page) has its replies written
/// and sent at once from then on ("flushed early"), so the user sees its progress.
final class OutboxBatch: Sendable {
    private struct State {
        var drafts: [OutboxDraft] = []
        /// What the sender needs of held replies, planned once when they were made (see `PlannedMessage`).
        var plans: [String: PlannedMessage] = [:]
        var sequence = 0
        var immediate = false
    }

    /// The update (or first update of an album) the replies answer.
    let updateID: String
    private let state = Mutex(State())

    init(updateID: String) { self.updateID = updateID }

    /// The next transaction id of this update's replies.
    func nextTransactionID() -> String {
        state.withLock { state in
            defer { state.sequence += 1 }
            return "tg-\(updateID)-\(state.sequence)"
        }
    }

    /// Holds a reply (and its plan, if made); false when the batch was flushed early and the reply must be written now.
    func hold(_ draft: OutboxDraft, plan: PlannedMessage? = nil) -> Bool {
        state.withLock { state in
            guard !state.immediate else { return false }
            state.drafts.append(draft)
            if let plan { state.plans[draft.txnID] = plan }
            return true
        }
    }

    /// Takes what is held; with `early`, later replies are written as they come.
    func take(early: Bool = false) -> [OutboxDraft] {
        takeWithPlans(early: early).drafts
    }

    /// Takes what is held with the plans still true of it (a reply an edit was folded into is planned again by the sender).
    func takeWithPlans(early: Bool = false) -> (drafts: [OutboxDraft], plans: [String: PlannedMessage]) {
        state.withLock { state in
            if early { state.immediate = true }
            defer {
                state.drafts = []
                state.plans = [:]
            }
            let (drafts, changed) = OutboxBatch.coalesced(state.drafts)
            var plans: [String: PlannedMessage] = [:]
            for draft in drafts where !changed.contains(draft.txnID) { plans[draft.txnID] = state.plans[draft.txnID] }
            return (drafts, plans)
        }
    }

    /// Drops work that cancels out before anything was sent: a message deleted by the same handler
    /// goes nowhere, and an edit of a message not sent yet becomes that message's text. Also returns
    /// the transaction ids of the drafts whose payload changed.
    static func coalesced(_ drafts: [OutboxDraft]) -> (drafts: [OutboxDraft], changed: Set<String>) {
        var changed: Set<String> = []
        var result = drafts
        var index = 0
        while index < result.count {
            let kind = result[index].payload["kind"]?.string
            guard kind == "delete" || kind == "edit", let target = result[index].payload["target"]?["id"]?.string,
                  let pending = MessageRef(chatID: "", messageID: target).pending, pending.index == 0,
                  let original = result[..<index].firstIndex(where: { $0.txnID == pending.txnID }),
                  result[original].payload["kind"]?.string == "text",
                  result[original].payload["text"].map(isSingleMessage) == true else {
                index += 1
                continue
            }
            if kind == "delete" {
                // Nothing may refer to the message any more: only drop it when nothing later does.
                let referred = result.indices.contains { $0 != index && $0 != original && refers(result[$0], to: target) }
                if referred { index += 1; continue }
                result.remove(at: index)
                result.remove(at: original)
                index -= 1
            } else {
                let old = result[original]
                var payload = old.payload.setting("text", result[index].payload["text"] ?? .null)
                payload = payload.setting("buttons", result[index].payload["buttons"] ?? .array([]))
                changed.insert(old.txnID)
                result[original] = OutboxDraft(
                    txnID: old.txnID, transport: old.transport, chatExternalID: old.chatExternalID, chatKind: old.chatKind, payload: payload,
                    files: old.files, expiresAt: old.expiresAt)
                result.remove(at: index)
            }
        }
        return (result, changed)
    }

    private static func refers(_ draft: OutboxDraft, to messageID: String) -> Bool {
        draft.payload["target"]?["id"]?.string == messageID || draft.payload["reply_to"]?["id"]?.string == messageID
    }

    /// Whether stored text fits one Telegram message (so replacing it keeps the message count).
    private static func isSingleMessage(_ text: JSON) -> Bool {
        guard let text = try? OutgoingMessage.storedText(text) else { return false }
        return MessageSplitter.split(text).count <= 1
    }
}
