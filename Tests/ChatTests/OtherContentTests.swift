import Chat
import Foundation
import Testing
import WardrobeTestKit

@Suite struct OtherContentTests {
    @Test func aStickerSentToTheBotIsAnsweredWithWhatItCanUseAndGroupStickersAreNot() async throws {
        let (store, folder) = try RouterTests.makeStore()
        defer { store.close(); try? FileManager.default.removeItem(atPath: folder) }
        let router = RouterTests.router(store) { _ in }
        let direct = RecordingTransport()
        await router.handle(Events.make(.other(kind: "sticker")), via: direct)
        #expect(direct.texts == ["I can't use that kind of message. Send me words, a shop link or a photo; /help lists what I can do."])
        // A Matrix group room hears everything: a voice note there is someone else's and gets nothing.
        let group = RecordingTransport()
        await router.handle(Events.make(.other(kind: "m.audio"), chat: "g1", kind: .group), via: group)
        #expect(group.texts.isEmpty)
    }
}
