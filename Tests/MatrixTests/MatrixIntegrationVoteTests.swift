import Bot
import Chat
import Closet
import Foundation
import JSON
import Testing

/// A group vote in a real Synapse room: the bot posts the candidates and a numbered vote notice,
/// the members react with keycaps (one changes their mind), and the bot announces the pick.
extension MatrixIntegrationTests {
    @Test func membersVoteByReactingAndTheGroupsPickIsAnnounced() async throws {
        let (ana, bob) = try await humans()
        let directory = TransportDirectory()
        let bot = try InProcessBot(environment, allowlist: [environment.ana]) { env in
            let outbound = OutboundMessenger(transports: directory, store: env.store, clock: env.clock)
            return Features.router(env.adding(voting: GroupVoting(outbound: outbound, settings: VotingSettings(), logger: env.logger)))
        }
        defer { bot.cleanUp() }
        directory.register(bot.service.transport)
        let closet = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path
        let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: closet, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
        let owner = try await bot.store.user(transport: "matrix", externalID: environment.ana)
        _ = try await bot.store.addItems(items, userID: owner.id)
        try await bot.serving {
            let room = try await ana.createRoom(inviting: [environment.bot, environment.bob], name: "vote")
            try await bob.join(room)
            _ = try await ana.waitFor(room) { events in events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil }
            // Bob speaks first, so the vote waits for him too.
            let hello = try await bob.say(room, "/help")
            _ = try await ana.waitFor(room) { events in events.contains { $0.replyTarget == hello } ? true : nil }
            _ = try await ana.say(room, "/outfit business 3")
            let notice = try await ana.waitFor(room, seconds: 30) { events in
                events.last { $0.sender == environment.bot && ($0.body ?? "").contains("React with the number to vote") }
            }
            let voteID = try #require(notice["event_id"]?.string)
            _ = try await ana.react(room, to: voteID, key: "1️⃣")
            _ = try await ana.react(room, to: voteID, key: "2️⃣")
            _ = try await bob.react(room, to: voteID, key: "2️⃣")
            let announcement = try await ana.waitFor(room, seconds: 30) { events in
                events.last { $0.sender == environment.bot && ($0.body ?? "").hasPrefix("The group picked") }
            }
            #expect((announcement.body ?? "").contains("2"), "option 2 won: \(announcement.body ?? "")")
        }
    }
}
