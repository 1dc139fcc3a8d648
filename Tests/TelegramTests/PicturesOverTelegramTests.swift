import Bot
import Closet
import Foundation
import Images
import Storage
import Testing
import WardrobeTestKit

/// The outfit picture and the closet contact sheet through the loopback Bot API: `sendPhoto` uploads the
/// picture in the `photo` field with the caption and the inline keyboard.
@Suite struct PicturesOverTelegramTests {
    let processor = ImageProcessor()

    func stock(_ harness: TelegramHarness) async throws {
        let closetFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path
        let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: closetFile, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
        let ana = try await harness.store.user(transport: "telegram", externalID: String(FakeUser.ana.id))
        _ = try await harness.store.addItems(items, userID: ana.id)
    }

    @Test func anOutfitArrivesAsOnePhotoWithItsCaptionAndButtons() async throws {
        let harness = try TelegramHarness()
        try await stock(harness)
        let task = harness.start()
        harness.server.sendText("/outfit business")
        #expect(await harness.server.wait(timeout: .seconds(20)) { !$0.calls("sendPhoto").isEmpty })
        let call = try #require(harness.server.calls("sendPhoto").first)
        #expect(call.encoding == "multipart" && call.fileFields == ["photo"])
        let info = try await processor.validate(try #require(call.files["photo"]))
        let style = processor.configuration.pictures
        let widths = [2 * style.padding + style.flatLayTile, 3 * style.padding + style.flatLayTile + style.flatLaySideTile]
        #expect(info.format == .jpeg && widths.contains(info.width), "a column of tiles, with an accessory beside it or not")
        #expect(call.parameters["caption"]?.string?.contains("Business Casual") == true)
        let keyboard = call.parameters["reply_markup"]?["inline_keyboard"]?.array?.first?.array ?? []
        #expect(keyboard.compactMap { $0["text"]?.string } == ["Show another", "Why?", "I wore this"])
        #expect(harness.server.calls("sendMediaGroup").isEmpty)
        let sent = try #require(harness.server.messages(inChat: FakeUser.ana.id).last)
        #expect(sent.kind == "photo" && sent.text.hasPrefix("Business Casual"))
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func theSameOutfitAskedAgainIsNotUploadedAgainButSentByItsFileID() async throws {
        let harness = try TelegramHarness()
        // One piece of each kind: every `/outfit business` is the same outfit, so the same picture.
        let ana = try await harness.store.user(transport: "telegram", externalID: String(FakeUser.ana.id))
        _ = try await harness.store.addItems([
            ClosetItem(name: "White oxford shirt", category: .top, formality: 3, color: ItemColor(name: "white", family: .white)),
            ClosetItem(name: "Navy chinos", category: .bottom, formality: 3, color: ItemColor(name: "navy", family: .navy)),
            ClosetItem(name: "Brown loafers", category: .shoes, formality: 3, color: ItemColor(name: "brown", family: .brown)),
        ], userID: ana.id)
        let task = harness.start()
        harness.server.sendText("/outfit business")
        #expect(await harness.server.wait(timeout: .seconds(20)) { $0.calls("sendPhoto").count == 1 })
        harness.server.sendText("/outfit business")
        #expect(await harness.server.wait(timeout: .seconds(20)) { $0.calls("sendPhoto").count == 2 })
        let calls = harness.server.calls("sendPhoto")
        #expect(calls[0].parameters["caption"]?.string == calls[1].parameters["caption"]?.string, "it is the same outfit")
        #expect(calls[0].fileFields == ["photo"], "the first picture is uploaded")
        #expect(calls[1].fileFields.isEmpty, "the second is not uploaded again")
        let fileID = try #require(calls[1].parameters["photo"]?.string)
        #expect(fileID.hasPrefix("SENT"), "it names the first upload by the file_id Telegram gave it")
        #expect(harness.server.uploadedPhotos.count == 1)
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func theClosetSheetGoesAsAPhotoAndItsLongListFollowsAsTextWithTheButtons() async throws {
        let harness = try TelegramHarness()
        try await stock(harness)
        let ana = try await harness.store.user(transport: "telegram", externalID: String(FakeUser.ana.id))
        let extra = (1...16).map { ClosetItem(name: "Plain cotton tee number \($0)", category: .top, formality: 2, color: ItemColor(name: "white", family: .white)) }
        _ = try await harness.store.addItems(extra, userID: ana.id)
        let task = harness.start()
        harness.server.sendText("/closet")
        #expect(await harness.server.wait(timeout: .seconds(20)) { server in
            !server.calls("sendPhoto").isEmpty && server.messages(inChat: FakeUser.ana.id).contains { $0.text.contains("/item N") }
        })
        let call = try #require(harness.server.calls("sendPhoto").first)
        let style = processor.configuration.pictures
        let info = try await processor.validate(try #require(call.files["photo"]))
        #expect(info.width == style.padding + 4 * (style.sheetCell + style.padding))
        #expect(info.height == style.padding + 6 * (style.sheetCell + style.padding))
        // 24 lines are over the 1024-character caption limit: the list follows as a text with Next.
        #expect(call.parameters["caption"] == nil)
        let list = try #require(harness.server.messages(inChat: FakeUser.ana.id).last)
        #expect(list.kind == "text" && list.text.contains("page 1/2") && list.text.contains("#24 "))
        #expect(list.buttons.flatMap { $0 }.map(\.title) == ["Next ▶"])
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }
}
