import Foundation
import JSON
import Storage

// Chat state, buttons and attempts in memory.
extension MemoryChatStore {
    /// `ChatStateStore.chatState`: see there.
    public func chatState(chatID: Int64, userID: Int64) async throws -> JSON {
        tables.withLock { $0.states[StateKey(chat: chatID, user: userID)] ?? [:] }
    }

    /// `ChatStateStore.setChatState`: see there.
    public func setChatState(_ state: JSON, chatID: Int64, userID: Int64, now: Date) async throws {
        tables.withLock { $0.states[StateKey(chat: chatID, user: userID)] = state }
    }

    /// `ButtonStore.createButton`: see there.
    public func createButton(chatID: Int64, userID: Int64?, action: String, payload: JSON, lifetime: TimeInterval, now: Date) async throws -> String {
        try await createButtons([(action, payload)], chatID: chatID, userID: userID, lifetime: lifetime, now: now)[0]
    }

    /// `ButtonStore.createButtons`: see there.
    public func createButtons(
        _ buttons: [(action: String, payload: JSON)], chatID: Int64, userID: Int64?, lifetime: TimeInterval, now: Date
    ) async throws -> [String] {
        let records = buttons.map {
            ButtonRecord(token: ButtonRecord.makeToken(), chatID: chatID, userID: userID, action: $0.action, payload: $0.payload, expiresAt: now + lifetime)
        }
        tables.withLock { tables in
            for record in records { tables.buttons[record.token] = record }
        }
        return records.map(\.token)
    }

    /// `ButtonStore.button`: see there.
    public func button(token: String, now: Date) async throws -> ButtonRecord? {
        tables.withLock { $0.buttons[token] }.flatMap { $0.expiresAt > now ? $0 : nil }
    }

    /// `ButtonStore.deleteButtons`: see there.
    public func deleteButtons(tokens: [String]) async throws {
        tables.withLock { tables in
            for token in tokens { tables.buttons[token] = nil }
        }
    }

    /// `ButtonStore.pruneButtons`: see there.
    public func pruneButtons(now: Date) async throws {
        tables.withLock { $0.buttons = $0.buttons.filter { $0.value.expiresAt > now } }
    }

    /// `AttemptLedger.beginAttempt`: see there.
    public func beginAttempt(kind: String, itemID: String, chatKey: String, maxAttempts: Int, now: Date) async throws -> AttemptDecision {
        tables.withLock { tables in
            let key = AttemptKey(kind: kind, item: itemID)
            let previous = tables.attempts[key]
            let count = previous?.count ?? 0
            if previous?.setAside == true || count >= max(maxAttempts, 1) {
                if previous != nil { tables.attempts[key]?.setAside = true }
                return .setAside(attempts: count)
            }
            tables.attempts[key] = (count + 1, false, previous?.chatKey ?? chatKey, previous?.detail ?? "")
            return .handle(attempt: count + 1)
        }
    }

    /// `AttemptLedger.describeSetAside`: see there.
    public func describeSetAside(kind: String, itemID: String, detail: String) async throws {
        tables.withLock { $0.attempts[AttemptKey(kind: kind, item: itemID)]?.detail = String(detail.prefix(500)) }
    }

    /// `AttemptLedger.finishAttempts`: see there.
    public func finishAttempts(kind: String, itemIDs: [String]) async throws {
        tables.withLock { tables in
            for id in itemIDs where tables.attempts[AttemptKey(kind: kind, item: id)]?.setAside == false {
                tables.attempts[AttemptKey(kind: kind, item: id)] = nil
            }
        }
    }
}
