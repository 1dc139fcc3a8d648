import Bot
import Chat
import Foundation
import HTTP
import JSON
import Matrix
import Secrets
import Storage
import Support
import Testing

/// Runs against the Synapse that `Tests/matrix/run.sh` starts; skipped without it.
@Suite(.serialized, .enabled(if: IntegrationEnvironment.current != nil, "needs Tests/matrix/run.sh (a real Synapse)"))
struct MatrixIntegrationTests {
    let environment = IntegrationEnvironment.current!
    let http = HTTPClient()

    func humans() async throws -> (HumanClient, HumanClient) {
        (try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.ana, password: environment.anaPassword),
         try await HumanClient.login(http: http, baseURL: environment.homeserver, userID: environment.bob, password: environment.bobPassword))
    }

    /// The bot's notices in `events` that reply to `event`.
    func replies(to event: String, in events: [JSON]) -> [JSON] {
        events.filter { $0.sender == environment.bot && $0.replyTarget == event }
    }

    @Test func invitesCommandsAndChoicesByReactionAndByNumber() async throws {
        let (ana, bob) = try await humans()
        let bot = try InProcessBot(environment, allowlist: [environment.ana])
        defer { bot.cleanUp() }
        try await bot.serving {
            // Bob is not on the allowlist: his invite is refused.
            let refused = try await bob.createRoom(inviting: [environment.bot], name: "bob's")
            // A group of three, so replies carry m.in_reply_to.
            let room = try await ana.createRoom(inviting: [environment.bot, environment.bob], name: "closet")
            try await bob.join(room)
            _ = try await ana.waitFor(room) { events in events.contains { $0["type"] == "m.room.member" && $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil }
            #expect(try await bob.membership(of: environment.bot, in: refused) == "leave")

            let help = try await ana.say(room, "/help")
            let helpReply = try await ana.waitFor(room) { replies(to: help, in: $0).first }
            #expect(helpReply.msgtype == "m.notice")
            #expect(helpReply.body?.contains("/forget") == true)
            #expect(helpReply.body?.contains("react") == true)
            #expect(helpReply["content"]?["format"] == "org.matrix.custom.html")

            // /outfit is not in main yet; /start is the other real command there.
            let start = try await ana.say(room, "/start")
            let startReply = try await ana.waitFor(room) { replies(to: start, in: $0).first }
            #expect(startReply.body?.contains("Wardrobe") == true)

            // /forget offers a numbered menu; reacting 2️⃣ keeps the data.
            let forget = try await ana.say(room, "/forget")
            let menu = try await ana.waitFor(room) { replies(to: forget, in: $0).first }
            #expect(menu.body?.contains("1️⃣ Delete everything   2️⃣ Keep my data") == true)
            let menuID = try #require(menu["event_id"]?.string)
            try await ana.react(room, to: menuID, key: "2️⃣")
            // The answer to a reaction replies to the menu it chose from.
            _ = try await ana.waitFor(room) { events in
                events.contains { $0.sender == environment.bot && $0.body == "Nothing was deleted." && $0.replyTarget == menuID } ? true : nil
            }

            // The same by typing the number.
            let again = try await ana.say(room, "/forget")
            _ = try await ana.waitFor(room) { replies(to: again, in: $0).first }
            let two = try await ana.say(room, "2")
            let kept = try await ana.waitFor(room) { replies(to: two, in: $0).first }
            #expect(kept.body == "Nothing was deleted.")
            #expect(try await bot.store.user(key: "matrix:\(environment.ana)") != nil)
        }
    }

    @Test func photosReachTheBotAndItsImagesReachTheRoom() async throws {
        let (ana, _) = try await humans()
        let bot = try InProcessBot(environment, allowlist: [environment.ana]) { env in
            // The try-on photo flow is another issue; this handler stands in for it.
            var builder = RouterBuilder()
            builder.onPhotos { context, attachments, caption in
                var sizes: [Int] = []
                for attachment in attachments { sizes.append(try await attachment.load().count) }
                try await context.reply(RichText.plain("got \(sizes.map(String.init).joined(separator: ",")) bytes, caption \(caption ?? "none")"))
            }
            builder.add(Command("pic", summary: "send a picture") { context, _ in
                try await context.send(.photos([OutgoingImage(bytes: Self.png, mimeType: "image/png", width: 1, height: 1)], caption: "a look"))
            })
            return builder.build(store: env.store, logger: env.logger, clock: env.clock, welcome: "hi")
        }
        defer { bot.cleanUp() }
        try await bot.serving {
            let room = try await ana.createRoom(inviting: [environment.bot], name: "photos")
            _ = try await ana.waitFor(room) { events in events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil }
            let selfie = [UInt8](repeating: 7, count: 2048)
            try await ana.sendImage(room, bytes: selfie, mimeType: "image/jpeg", fileName: "selfie.jpg", caption: "me")
            try await ana.sendImage(room, bytes: Self.png, mimeType: "image/png", fileName: "blazer.png")
            _ = try await ana.waitFor(room) { events in
                let bodies = events.filter { $0.sender == environment.bot }.compactMap(\.body)
                return bodies.contains("got 2048 bytes, caption me") && bodies.contains("got \(Self.png.count) bytes, caption none") ? true : nil
            }
            try await ana.say(room, "/pic")
            let image = try await ana.waitFor(room) { events in events.first { $0.sender == environment.bot && $0.msgtype == "m.image" } }
            #expect(image["content"]?["info"]?["mimetype"] == "image/png")
            #expect(image["content"]?["info"]?["w"] == 1)
            #expect(image["content"]?["url"]?.string?.hasPrefix("mxc://") == true)
            #expect(image["content"]?["info"]?["thumbnail_url"]?.string?.hasPrefix("mxc://") == true)
            #expect(image["content"]?["info"]?["thumbnail_info"]?["mimetype"] == "image/jpeg")
        }
    }

    @Test func aRoomThatTurnsEncryptionOnGetsEncryptedReplies() async throws {
        let (ana, _) = try await humans()
        let bot = try InProcessBot(environment, allowlist: [environment.ana])
        defer { bot.cleanUp() }
        try await bot.serving {
            let room = try await ana.createRoom(inviting: [environment.bot], name: "secret")
            _ = try await ana.waitFor(room) { events in events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil }
            try await ana.setEncryption(room)
            // A plain message in a room that became encrypted (this client can't encrypt): the answer is Megolm ciphertext.
            try await ana.say(room, "/help")
            let reply = try await ana.waitFor(room) { events in
                events.first { $0.sender == environment.bot && $0["type"]?.string == "m.room.encrypted" }
            }
            #expect(reply["content"]?["algorithm"]?.string == "m.megolm.v1.aes-sha2")
            #expect(reply["content"]?["ciphertext"]?.string?.isEmpty == false)
            #expect(try await ana.timeline(room).allSatisfy { $0.sender != environment.bot || $0["type"]?.string != "m.room.message" })
        }
    }

    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
