import Chat
import Foundation
import JSON
import Localization
import Storage
import Support

/// The buttons under a result: Dress this look, Compare, Again, Keep.
enum LookButtons {
    /// One look: two rows of two. Several: one row per look (numbered) and Again at the end.
    static func make(for looks: [LookRecord], chatID: Int64, userID: Int64, store: any WardrobeStore, now: Date, words: Phrasebook) async throws -> [[Button]] {
        func button(_ title: String, _ action: ButtonAction, _ number: Int) async throws -> Button {
            let token = try await store.createButton(
                chatID: chatID, userID: userID, action: action.rawValue, payload: ["look": .int(Int64(number))], now: now)
            return Button(title: title, token: token)
        }
        if looks.count == 1 {
            let number = looks[0].number
            return [
                [try await button(words.string("look.button.dress"), .lookDress, number), try await button(words.string("look.button.compare"), .lookCompare, number)],
                [try await button(words.string("look.button.again"), .lookAgain, number), try await button(words.string("look.button.keep"), .lookKeep, number)],
            ]
        }
        var rows: [[Button]] = []
        for look in looks {
            let number: [String: MessageArgument] = ["number": .text(String(look.number))]
            rows.append([
                try await button(words.string("look.button.dress_number", number), .lookDress, look.number),
                try await button(words.string("look.button.compare_number", number), .lookCompare, look.number),
                try await button(words.string("look.button.keep_number", number), .lookKeep, look.number),
            ])
        }
        if let last = looks.last { rows.append([try await button(words.string("look.button.again"), .lookAgain, last.number)]) }
        return rows
    }

    /// The Again button for a failed job (same recipe, from the job's payload).
    static func again(job: Int64, chatID: Int64, userID: Int64, store: any WardrobeStore, now: Date, words: Phrasebook) async throws -> Button {
        Button(title: words.string("look.button.again"), token: try await store.createButton(chatID: chatID, userID: userID, action: ButtonAction.lookAgain.rawValue, payload: ["job": .int(job)], now: now))
    }
}
