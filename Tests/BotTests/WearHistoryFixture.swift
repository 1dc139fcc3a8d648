import Bot
import Chat
import Closet
import Foundation
import Storage

/// A small closet with prices in two currencies and a Berlin chat, for the wear log and `/stats` tests.
enum WearHistoryFixture {
    /// 2025-06-01, when every piece was added.
    static let added = Date(timeIntervalSince1970: 1_748_736_000)
    /// 2026-03-31 22:30 UTC: already 2026-04-01 00:30 in Berlin (summer time, UTC+2).
    static let lateMarchUTC = Date(timeIntervalSince1970: 1_774_996_200)

    static func pieces() throws -> [ClosetItem] {
        [
            ClosetItem(name: "White shirt", category: .top, formality: 2, color: ItemColor(name: "white", family: .white),
                       price: try Price(amount: 40, currency: "EUR"), addedAt: added),
            ClosetItem(name: "Navy chinos", category: .bottom, formality: 2, color: ItemColor(name: "navy", family: .navy),
                       price: try Price(amount: 80, currency: "EUR"), addedAt: added),
            ClosetItem(name: "Brown loafers", category: .shoes, formality: 2, color: ItemColor(name: "brown", family: .brown),
                       price: try Price(amount: 120, currency: "USD"), addedAt: added),
            ClosetItem(name: "Silk scarf", category: .accessory, formality: 2, color: ItemColor(name: "red", family: .red), addedAt: added),
        ]
    }

    /// Gives Ana the four pieces and sets her private chat to Europe/Berlin; the clock goes to `lateMarchUTC`.
    static func stock(_ bot: BotHarness) async throws {
        let ana = try await bot.store.user(transport: "console", externalID: "ana")
        _ = try await bot.store.addItems(try pieces(), userID: ana.id)
        let chat = try await bot.store.chat(transport: "console", externalID: "ana", kind: .privateChat)
        try await bot.store.setChatSettings(["timezone": "Europe/Berlin"], chatID: chat.id)
        bot.clock.set(lateMarchUTC)
    }

    /// The history the `/stats` test knows: #1 twice, #2 three times (one before the 12 months), #3 once, #4 never.
    static let history = [
        "/wore 1", "/wore 1 2026-03-31", "/wore 2 2026-03-31", "/wore 2 2026-03-01", "/wore 2 2025-04-15", "/wore 3 2025-12-24",
    ]
}
