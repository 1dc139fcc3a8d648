import Bot
import Chat
import Closet
import Foundation
import Images
import Storage
import Support
import Synchronization
import Testing
import WardrobeTestKit

/// A group vote on outfit candidates through the loopback Bot API: a non-anonymous poll, answers
/// from two members (one changed, one taken back and given again), the poll stopped and the winner announced.
@Suite struct GroupVoteOverTelegramTests {
    @Test func membersVoteWithAPollAndTheWinnerIsAnnouncedWhenEveryoneVoted() async throws {
        let directory = TransportDirectory()
        let harness = try TelegramHarness(router: { environment in
            let outbound = OutboundMessenger(transports: directory, store: environment.store, clock: environment.clock)
            let voting = GroupVoting(outbound: outbound, settings: VotingSettings(), logger: environment.logger)
            return Features.router(environment.adding(voting: voting))
        })
        directory.register(harness.transport)
        let closetFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path
        let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: closetFile, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
        let ana = try await harness.store.user(transport: "telegram", externalID: String(FakeUser.ana.id))
        _ = try await harness.store.addItems(items, userID: ana.id)
        let task = harness.start()
        let group = FakeChat.group(-100_777)
        // Ben has spoken in the group this week, so the vote waits for him too.
        harness.server.sendText("/help", chat: group, from: .ben)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        harness.server.sendText("/outfit@\(harness.server.botUser.username ?? "") business 3", chat: group, from: .ana)
        let polled = await harness.server.wait(timeout: .seconds(20)) { !$0.calls("sendPoll").isEmpty }
        #expect(polled)
        let call = try #require(harness.server.calls("sendPoll").first)
        #expect(call.parameters["is_anonymous"] == false)
        #expect(call.parameters["options"]?.array?.count == 3 || call.parameters["options"]?.string?.contains("3") == true)
        let poll = try #require(harness.server.pollIDs.first)
        // The candidates come first, as one uploaded picture captioned with their lists.
        let picture = try #require(harness.server.calls("sendPhoto").first)
        #expect(picture.fileFields == ["photo"] && picture.at <= call.at)
        let info = try await ImageProcessor().validate(try #require(picture.files["photo"]))
        // Three flat-lays side by side, each shrunk to the option height under a number strip: several times
        // wider than one, and as tall as one option plus its strip.
        let style = ImageProcessor().configuration.pictures
        #expect(info.format == .jpeg && info.height == 2 * style.padding + style.voteOptionSide + max(40, style.voteOptionSide / 10))
        #expect(info.width > 3 * (style.voteOptionSide / 4), "three outfits side by side")
        #expect(harness.server.calls("sendMediaGroup").isEmpty)

        let first = harness.server.answerPoll(poll, options: [0], from: .ana)
        let changed = harness.server.answerPoll(poll, options: [1], from: .ana)
        let ben = harness.server.answerPoll(poll, options: [], from: .ben)
        #expect(await harness.waitUntilProcessed([first, changed, ben]))
        #expect(harness.server.calls("stopPoll").isEmpty, "a vote taken back is not a vote: Ben still has to vote")
        harness.server.answerPoll(poll, options: [1], from: .ben)
        let closed = await harness.server.wait(timeout: .seconds(20)) { server in
            !server.calls("stopPoll").isEmpty && server.texts(inChat: group.id).contains { $0.hasPrefix("The group picked") }
        }
        #expect(closed, "everyone active voted: the poll stops and the winner (option 2) is announced")
        let announcement = try #require(harness.server.messages(inChat: group.id).last { $0.text.hasPrefix("The group picked") })
        #expect(announcement.text.contains("2"), "option 2 won: \(announcement.text)")
        #expect(announcement.buttons.flatMap { $0 }.contains { $0.title == "I wore this" }, "the starter can log the winning outfit")
        #expect(announcement.kind == "photo", "the announcement shows the winning outfit")
        await harness.stop(task)
    }
}
