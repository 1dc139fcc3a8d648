import Bot
import Chat
import Closet
import Foundation
import Storage
import Testing
import WardrobeTestKit

/// `/wore` and `/stats` end to end over the fake Bot API: the chart arrives as one sendPhoto with its caption.
@Suite(.serialized) struct StatsOverTelegramTests {
    @Test func statsIsOnePhotoWithACaptionThenTheDetails() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let ana = try await harness.store.user(transport: "telegram", externalID: String(FakeUser.ana.id))
        _ = try await harness.store.addItems([
            ClosetItem(name: "White shirt", category: .top, formality: 2, color: ItemColor(name: "white", family: .white),
                       price: try Price(amount: 40, currency: "EUR")),
            ClosetItem(name: "Navy chinos", category: .bottom, formality: 2, color: ItemColor(name: "navy", family: .navy)),
        ], userID: ana.id)
        let chat = FakeUser.ana.id
        harness.server.sendText("/wore 1")
        #expect(await harness.waitForMessages(1, inChat: chat))
        harness.server.sendText("/wore 1 yesterday")
        #expect(await harness.waitForMessages(2, inChat: chat))
        harness.server.sendText("/stats")
        #expect(await harness.waitForMessages(4, inChat: chat))
        let messages = harness.server.messages(inChat: chat)
        #expect(messages.prefix(2).allSatisfy { $0.kind == "text" && $0.text.hasPrefix("Noted: #1 White shirt worn") })
        let photo = try #require(messages.first { $0.kind == "photo" })
        #expect(photo.text.hasPrefix("Wear statistics, "))
        #expect(photo.text.contains("2 pieces · 2 wears · 1 never worn"), "\(photo.text)")
        #expect(photo.text.contains("Most worn: #1 White shirt 2×"))
        #expect(photo.text.contains("Cost per wear: €20.00 (1 piece)"))
        #expect(photo.text.contains("Not worn in 90 days: #2"), "added long ago (the default date), never worn")
        #expect(photo.text.count <= 1024)
        #expect(harness.server.calls("sendPhoto").count == 1)
        let chart = try #require(harness.server.uploadedPhotos.last)
        let pixels = try PNGPixels(chart)
        #expect(pixels.width == 1080)
        #expect(messages.last?.kind == "text" && messages.last?.text.contains("Wears per month:") == true)
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }
}
