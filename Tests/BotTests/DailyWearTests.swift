@testable import Bot
import Chat
import Closet
import Foundation
import Schedule
import Storage
import Testing
import WardrobeTestKit

@Suite(.serialized) struct DailyWearTests {
    @Test func theDailyOutfitsIWoreThisLogsEveryPieceForTheChatsDayWithSourceDaily() async throws {
        let harness = try VotingHarness(now: berlinMonday("07:00"))
        defer { harness.remove() }
        try await harness.addCloset(for: "ana")
        await harness.say("/timezone Europe/Berlin", user: "ana", chat: "ana", kind: .privateChat)
        await harness.say("/daily 08:00", user: "ana", chat: "ana", kind: .privateChat)
        let task = Task { try await harness.daily.service.run() }
        #expect(await harness.eventually { harness.clock.sleeperDeadlines.contains(berlinMonday("08:00")) })
        harness.clock.set(berlinMonday("08:00"))
        #expect(await harness.eventually { harness.transport.readable.contains { $0.hasPrefix("Your daily outfit") } })
        await harness.daily.service.shutdown()
        _ = await task.result

        // Tuesday 01:30 in Berlin is still Monday 23:30 in UTC: the log takes the chat's day, 16 June.
        harness.clock.set(berlinMonday("01:30").addingTimeInterval(86_400))
        let buttons: [Button] = harness.transport.messages.flatMap { message -> [Button] in (message.buttons ?? []).flatMap { $0 } }
        let button = try #require(buttons.last { $0.title == "I wore this" })
        await harness.send(.button(token: button.token), user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.texts.last?.hasPrefix("Noted: ") == true)
        await harness.send(.button(token: button.token), user: "ana", chat: "ana", kind: .privateChat)
        #expect(harness.transport.texts.last?.hasPrefix("Already noted") == true)
        let ana = try await harness.store.user(transport: harness.transport.name, externalID: "ana")
        let log = try await harness.store.wears(userID: ana.id)
        #expect(log.count >= 3)
        #expect(log.allSatisfy { $0.source == .daily && $0.date == LocalDate(year: 2026, month: 6, day: 16) })
        #expect(try await harness.store.items(userID: ana.id).filter { $0.wearCount == 1 }.count == log.count)
    }
}
