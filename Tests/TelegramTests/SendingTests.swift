import Chat
import Foundation
import Telegram
import Testing
import WardrobeTestKit

/// What the transport sends, checked by the fake Bot API.
@Suite(.serialized) struct SendingTests {
    let chat = ChatAddress(transport: "telegram", id: "1001", kind: .privateChat)
    let image = OutgoingImage(bytes: [UInt8](repeating: 7, count: 2048), mimeType: "image/jpeg", sha256: "abc123")

    /// The poller starts the sender as a task and may stop it before that task began (a worker stopped
    /// during start-up): the stop is kept, so the sender's run still ends instead of waiting forever.
    /// Were the stop lost, `run()` would wait for work forever: the time limit fails the test then.
    @Test(.timeLimit(.minutes(1))) func aShutdownBeforeTheSenderRunsEndsItsRunWhenItBegins() async throws {
        let harness = try TelegramHarness()
        defer {
            harness.store.close()
            harness.server.stop()
        }
        let sender = harness.transport.sender
        await sender.shutdown()
        try await sender.run()
        #expect(!Task.isCancelled)
    }

    /// A worker stopped while a reply's call is in flight leaves the row pending for the next run; it
    /// was once marked failed ("message given up: network: cancelled") and never sent.
    @Test func aCallTakenBackByAStopLeavesItsRowPending() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        harness.server.holdSends(after: 0)
        let refs = try await harness.transport.send(.text("Your outfit"), to: chat)
        let txnID = try #require(refs.first?.pending?.txnID)
        #expect(await harness.server.wait { $0.heldSends == 1 })
        task.cancel()
        _ = await task.result
        #expect(try await harness.store.outbox(txnID: txnID)?.state == "pending")
        #expect(harness.logLines(containing: "message given up").isEmpty)
        harness.server.releaseHeldSends()
        await harness.stop(task)
    }

    @Test func longTextIsSplitIntoMessagesWithinTheLimitAndButtonsGoOnTheLast() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let paragraph = String(repeating: "Navy blazer & <white> shirt. ", count: 60)
        let text = RichText.joined(Array(repeating: RichText.plain(paragraph), count: 6), separator: "\n\n")
        let refs = try await harness.sendAndWait(.text(text, buttons: [[Button(title: "OK", token: "tok1")]]), to: chat)
        let messages = harness.server.messages(inChat: 1001)
        #expect(refs.count == messages.count)
        #expect(messages.count >= 3)
        #expect(messages.allSatisfy { $0.text.utf16.count <= 4096 })
        #expect(messages.dropLast().allSatisfy { $0.buttons.isEmpty })
        #expect(messages.last?.buttons.first?.first?.data == "b:tok1")
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func anUploadedPhotoIsReusedByFileIDAndALongCaptionFollowsAsText() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let caption = RichText.plain(String(repeating: "x", count: 1500))
        try await harness.sendAndWait(.photos([image], caption: "First"), to: chat)
        try await harness.sendAndWait(.photos([image], caption: caption), to: chat)
        let photos = harness.server.calls("sendPhoto")
        try #require(photos.count == 2)
        #expect(photos[0].encoding == "multipart" && photos[0].fileFields == ["photo"])
        #expect(photos[1].encoding == "json" && photos[1].parameters["photo"]?.string?.hasPrefix("SENT") == true)
        #expect(photos[1].parameters["caption"] == nil)
        #expect(harness.server.texts(inChat: 1001).last?.count == 1500)
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func anAlbumGoesAsAMediaGroupAndItsButtonsFollow() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let images = (0..<3).map { OutgoingImage(bytes: [UInt8](repeating: UInt8($0), count: 512), mimeType: "image/jpeg", sha256: "img\($0)") }
        let refs = try await harness.sendAndWait(.photos(images, caption: "Which one?", buttons: [[Button(title: "First", token: "t1")]]), to: chat)
        #expect(refs.count == 4)
        let group = try #require(harness.server.calls("sendMediaGroup").first)
        #expect(group.fileFields == ["photo0", "photo1", "photo2"])
        let messages = harness.server.messages(inChat: 1001)
        #expect(messages.filter { $0.mediaGroupID != nil }.count == 3)
        #expect(messages.last?.text == "Which one?" && messages.last?.buttons.first?.first?.title == "First")
        #expect(harness.server.rejections.isEmpty)
        await harness.stop(task)
    }

    @Test func editsDeletesActionsAndAnUnchangedEditWork() async throws {
        let harness = try TelegramHarness()
        let task = harness.start()
        let ref = try #require(try await harness.sendAndWait(.text("Working…"), to: chat).first)
        try await harness.sendAndWait(.edit(ref, "Done"), to: chat)
        try await harness.sendAndWait(.edit(ref, "Done"), to: chat)
        try await harness.sendAndWait(.editButtons(ref, [[Button(title: "Again", token: "again")]]), to: chat)
        try await harness.sendAndWait(.action(.uploadPhoto), to: chat)
        try await harness.sendAndWait(.document(fileName: "closet.json", bytes: Array("{}".utf8), mimeType: "application/json"), to: chat)
        try await harness.sendAndWait(.delete(ref), to: chat)
        #expect(harness.server.calls("editMessageText").count == 2)
        #expect(harness.server.rejections.filter { $0.contains("not modified") }.count == 1)
        #expect(harness.server.calls("sendChatAction").first?.parameters["action"]?.string == "upload_photo")
        #expect(harness.server.messages(inChat: 1001).map(\.kind) == ["document"])
        await harness.stop(task)
    }

    @Test func aPollAnswerBecomesAVoteInThePollsChat() async throws {
        let votes = TextLog()
        let polls = TextLog()
        let harness = try TelegramHarness(router: { environment in
            var builder = RouterBuilder()
            builder.add(Command("vote", summary: "asks") { context, _ in
                let refs = try await context.send(.poll(question: "Which look?", options: ["A", "B"], closeDate: context.clock.now().addingTimeInterval(300)))
                for ref in refs { await polls.add(ref.messageID) }
            })
            builder.onVote { context, pollID, options in
                await votes.add("\(context.event.chat.id) \(pollID) \(options)")
            }
            return builder.build(store: environment.store, logger: environment.logger, clock: environment.clock, welcome: "Hi")
        })
        let task = harness.start()
        let group = FakeChat.group(-100_500)
        harness.server.sendText("/vote", chat: group)
        #expect(await harness.waitForMessages(1, inChat: group.id))
        // The worker maps the poll to its chat while it records the send; a vote before that is for an unknown poll.
        #expect(await harness.waitUntilSent())
        let poll = try #require(harness.server.pollIDs.first)
        let call = try #require(harness.server.calls("sendPoll").first)
        #expect(call.parameters["is_anonymous"] == false)
        #expect(call.parameters["close_date"]?.int != nil)
        let vote = harness.server.answerPoll(poll, options: [1], from: .ben)
        #expect(await harness.waitUntilProcessed([vote]))
        // Features know the poll by the reference they were given when they sent it.
        let pollRef = try #require(await polls.all.first)
        #expect(await votes.all == ["-100500 \(pollRef) [1]"])
        await harness.stop(task)
    }

    @Test func theChatActionRepeatsUntilTheWorkEnds() async throws {
        let harness = try TelegramHarness()
        let clock = ManualClock()
        var repeater = ChatActionRepeater(transport: harness.transport, clock: clock)
        repeater.interval = 4.5
        let (finish, finished) = AsyncStream<Void>.makeStream()
        let working = Task { [repeater, chat] in
            try await repeater.whileWorking(in: chat) {
                for await _ in finish {}
                return 42
            }
        }
        @Sendable func actions() -> Int { harness.server.calls("sendChatAction").count }
        // One action at once, then one each time the interval passes while the work goes on.
        for expected in 1...3 {
            #expect(await harness.server.wait(timeout: .seconds(10)) { _ in actions() == expected && clock.sleeperCount == 1 })
            if expected < 3 { clock.advance(by: 4.5) }
        }
        finished.finish()
        #expect(try await working.value == 42)
        // Once the work is done, no more actions however much time passes.
        clock.advance(by: 60)
        #expect(await harness.server.wait(timeout: .seconds(10)) { _ in clock.sleeperCount == 0 })
        #expect(actions() == 3)
        let task = harness.start()
        await harness.stop(task)
    }
}
