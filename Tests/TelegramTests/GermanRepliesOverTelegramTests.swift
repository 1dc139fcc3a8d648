import Bot
import Chat
import Closet
import Foundation
import Storage
import Testing
import WardrobeTestKit

/// A German-speaking user (`from.language_code` "de") over the fake Bot API: the closet sheet, an outfit with its
/// buttons and its Why?, a wear, the statistics, the daily subscription and a group vote all answer from the German catalog.
@Suite(.serialized) struct GermanRepliesOverTelegramTests {
    static let lena = FakeUser(id: 2101, firstName: "Lena", languageCode: "de")

    /// A harness whose router has group votes and the daily outfit, with the example closet for Lena.
    static func harness() async throws -> TelegramHarness {
        let directory = TransportDirectory()
        let harness = try TelegramHarness(router: { environment in
            let outbound = OutboundMessenger(transports: directory, store: environment.store, clock: environment.clock)
            let voting = GroupVoting(outbound: outbound, settings: VotingSettings(), logger: environment.logger)
            let daily = environment.makeDaily(outbound: outbound, settings: DailySettings())
            return Features.router(environment.adding(voting: voting).adding(daily: daily))
        })
        directory.register(harness.transport)
        let closetFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path
        let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: closetFile, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
        let lena = try await harness.store.user(transport: "telegram", externalID: String(lena.id))
        _ = try await harness.store.addItems(items, userID: lena.id)
        return harness
    }

    @Test func closetOutfitWearStatsAndDailyAnswerInGerman() async throws {
        let harness = try await Self.harness()
        let task = harness.start()
        let chat = Self.lena.id
        harness.server.sendText("/closet", from: Self.lena)
        #expect(await harness.waitForMessages(1, inChat: chat))
        let sheet = try #require(harness.server.messages(inChat: chat).last)
        #expect(sheet.kind == "photo")
        #expect(sheet.text.hasPrefix("Dein Schrank (14)"), "\(sheet.text)")
        #expect(sheet.text.contains("#1 White oxford shirt · weiß · Formalität "), "\(sheet.text)")
        #expect(sheet.text.hasSuffix("/item N zeigt ein Teil."))

        harness.server.sendText("/outfit geschäftlich", from: Self.lena)
        #expect(await harness.waitForMessages(2, inChat: chat))
        let outfit = try #require(harness.server.messages(inChat: chat).last)
        #expect(outfit.kind == "photo")
        #expect(outfit.text.hasPrefix("Geschäftlich\n• #"), "\(outfit.text)")
        #expect(outfit.buttons.flatMap { $0.map(\.title) } == ["Noch eins", "Warum?", "Hab ich getragen"])

        #expect(harness.server.pressButton(titled: "Hab ich getragen", from: Self.lena) != nil)
        #expect(await harness.waitForMessages(3, inChat: chat))
        let noted = try #require(harness.server.texts(inChat: chat).last)
        #expect(noted.hasPrefix("Notiert: ") && noted.contains(" Teile heute getragen ("), "\(noted)")
        #expect(noted.hasSuffix("Ich stufe sie ein paar Tage lang niedriger ein."))

        harness.server.sendText("/stats", from: Self.lena)
        #expect(await harness.server.wait(timeout: .seconds(20)) { $0.messages(inChat: chat).contains { $0.text.hasPrefix("Tragestatistik, ") } })
        let stats = try #require(harness.server.messages(inChat: chat).first { $0.text.hasPrefix("Tragestatistik, ") })
        #expect(stats.kind == "photo")
        #expect(stats.text.contains("14 Teile · "), "\(stats.text)")
        #expect(stats.text.contains("Am meisten getragen: #"))
        // The full lists follow the chart as their own message.
        #expect(await harness.server.wait(timeout: .seconds(20)) { $0.texts(inChat: chat).contains { $0.contains("Nach Kategorie: Oberteile 4") } })
        let details = try #require(harness.server.texts(inChat: chat).last { $0.contains("Nach Kategorie:") })
        #expect(details.contains("Nach Farbe: marine 3, weiß 2"), "\(details)")
        #expect(details.contains(": nie getragen"))

        let count = harness.server.messages(inChat: chat).count
        harness.server.sendText("/daily 07:30 werktags geschäftlich", from: Self.lena)
        #expect(await harness.waitForMessages(count + 1, inChat: chat))
        #expect(harness.server.texts(inChat: chat).last
            == "Tägliches Outfit um 07:30 (UTC), montags bis freitags, für geschäftlich. /daily off stoppt es.")
        harness.server.sendText("/daily 25:00", from: Self.lena)
        #expect(await harness.waitForMessages(count + 2, inChat: chat))
        #expect(harness.server.texts(inChat: chat).last?.hasPrefix("25:00 ist keine Uhrzeit: Stunden gehen von 0 bis 23") == true)
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func theWhyOfAnOutfitIsInGerman() async throws {
        let harness = try await Self.harness()
        let task = harness.start()
        let chat = Self.lena.id
        harness.server.sendText("/outfit geschäftlich", from: Self.lena)
        #expect(await harness.waitForMessages(1, inChat: chat))
        #expect(harness.server.pressButton(titled: "Warum?", from: Self.lena) != nil)
        #expect(await harness.waitForMessages(2, inChat: chat))
        let why = try #require(harness.server.texts(inChat: chat).last)
        #expect(why.hasPrefix("Warum dieses Outfit\n"), "\(why)")
        #expect(why.contains("Formalität ") && why.contains("geschäftlich"), "\(why)")
        #expect(why.contains("Formalität passt zum Anlass: +"), "\(why)")
        #expect(!why.contains("formality"), "\(why)")
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func aGroupVoteStartedByAGermanUserAsksAndAnnouncesInGerman() async throws {
        let harness = try await Self.harness()
        let task = harness.start()
        let group = FakeChat.group(-100_2101)
        // Ben has spoken in the group, so the vote waits for his ballot too.
        harness.server.sendText("/help", chat: group, from: .ben)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        harness.server.sendText("/outfit@\(harness.server.botUser.username ?? "") geschäftlich 3", chat: group, from: Self.lena)
        #expect(await harness.server.wait(timeout: .seconds(20)) { !$0.calls("sendPoll").isEmpty })
        let poll = try #require(harness.server.calls("sendPoll").first)
        let question = poll.parameters["question"]?.string ?? ""
        #expect(question.hasPrefix("Welches Outfit für geschäftlich soll Lena tragen? Die Abstimmung endet in "), "\(question)")
        let candidates = try #require(harness.server.messages(inChat: group.id).first { $0.kind == "photo" })
        #expect(candidates.text.hasPrefix("1. Geschäftlich\n• #"), "\(candidates.text)")

        let id = try #require(harness.server.pollIDs.first)
        let first = harness.server.answerPoll(id, options: [1], from: Self.lena)
        #expect(await harness.waitUntilProcessed([first]))
        harness.server.answerPoll(id, options: [1], from: .ben)
        let closed = await harness.server.wait(timeout: .seconds(20)) { server in
            server.texts(inChat: group.id).contains { $0.hasPrefix("Die Gruppe hat Vorschlag 2 gewählt") }
        }
        #expect(closed, "\(harness.server.texts(inChat: group.id))")
        let announcement = try #require(harness.server.messages(inChat: group.id).last { $0.text.hasPrefix("Die Gruppe hat") })
        #expect(announcement.text.contains("1: 0 Stimmen · 2: 2 Stimmen · 3: 0 Stimmen"), "\(announcement.text)")
        #expect(announcement.buttons.flatMap { $0 }.map(\.title) == ["Hab ich getragen"])
        await harness.stop(task)
    }
}
