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

    /// Holds a reply; false when the batch was flushed early and the reply must be written now.
    func hold(_ draft: OutboxDraft) -> Bool {
        state.withLock { state in
            guard !state.immediate else { return false }
            state.drafts.append(draft)
            return true
        }
    }

    /// Takes what is held; with `early`, later replies are written as they come.
    func take(early: Bool = false) -> [OutboxDraft] {
        state.withLock { state in
            if early { state.immediate = true }
            defer { state.drafts = [] }
            return OutboxBatch.coalesced(state.drafts)
        }
    }

    /// Drops work that cancels out before anything was sent: a message deleted by the same handler
    /// goes nowhere, and an edit of a message not sent yet becomes that message's text.
    static func coalesced(_ drafts: [OutboxDraft]) -> [OutboxDraft] {
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
                result[original] = OutboxDraft(
                    txnID: old.txnID, transport: old.transport, chatExternalID: old.chatExternalID, chatKind: old.chatKind, payload: payload,
                    files: old.files, expiresAt: old.expiresAt)
                result.remove(at: index)
            }
        }
        return result
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
