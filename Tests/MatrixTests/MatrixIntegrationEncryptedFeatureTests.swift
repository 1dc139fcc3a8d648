import Bot
import Chat
import Closet
import Foundation
import HTTP
import Images
import JSON
import Secrets
import Synchronization
import Testing
import TryOn
import WardrobeTestKit

/// The real features in encrypted rooms, with a person whose client encrypts: a product link from a
/// loopback shop, photos as encrypted attachments, a try-on through the loopback OpenRouter fake, and a
/// vote by encrypted reactions in an encrypted group.
extension MatrixIntegrationTests {
    @Test func productLinksPhotosTryOnsAndVotesWorkInEncryptedRooms() async throws {
        let state = try humanState()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let ana = EncryptingHuman(name: "ana", state: state), bob = EncryptingHuman(name: "bob", state: state)
        let photo = try SyntheticPhoto.generate(width: 900, height: 1200, format: .jpeg, seed: 31)
        let shop = try LoopbackHTTPServer { request in
            request.path == "/p/coat"
                ? .text(
                    #"<html><head><script type="application/ld+json">{"@type":"Product","name":"Camel wool overcoat","brand":"Nord","color":"Camel","image":"/coat.jpg","offers":{"price":"240","priceCurrency":"EUR"}}</script></head><body></body></html>"#,
                    contentType: "text/html")
                : LoopbackResponse(headers: [("Content-Type", "image/jpeg")], body: photo)
        }
        defer { shop.stop() }
        let ai = try FakeOpenRouter()
        defer { ai.stop() }
        var configured = ProviderSettings()
        configured.openRouter.baseURL = ai.baseURL
        let settings = configured
        let directory = TransportDirectory()
        let built = Mutex<TryOnEnvironment?>(nil)
        let http = HTTPClient()
        let bot = try InProcessBot(environment, allowlist: [environment.ana], allowPrivateNetworks: true) { env in
            try? env.keys.set(ai.key, for: "openrouter")
            let resolver = KeyedProviderResolver(
                lookup: { env.keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
                make: { service, key throws(TryOnError) in ProviderFactory.make(service: service, key: key, settings: settings, http: http) })
            let tryOn = TryOnEnvironment.make(
                store: env.store, images: env.images, resolver: resolver, prompts: .builtIn,
                settings: TryOnSettings(defaultService: .openrouter, dailyQuota: 0), workerConfiguration: TryOnWorker.Configuration(),
                transports: directory, clock: env.clock, logger: env.logger)
            built.withLock { $0 = tryOn }
            let outbound = OutboundMessenger(transports: directory, store: env.store, clock: env.clock)
            return Features.router(
                env.adding(tryOn: tryOn).adding(voting: GroupVoting(outbound: outbound, settings: VotingSettings(), logger: env.logger)))
        }
        defer { bot.cleanUp() }
        directory.register(bot.service.transport)
        let tryOn = try #require(built.withLock { $0 })
        let worker = Task { try await tryOn.worker.run() }
        defer { worker.cancel() }
        let selfiePath = "\(state)/me.jpg", coatPath = "\(state)/coat.jpg"
        try Data(try SyntheticPhoto.generate(width: 800, height: 1000, format: .jpeg, seed: 32)).write(to: URL(fileURLWithPath: selfiePath))
        try Data(photo).write(to: URL(fileURLWithPath: coatPath))
        try await bot.serving {
            try await ana.run("login")
            let room = try #require(try await ana.run("dm", options: ["--invite", environment.bot])["room"]?.string)

            // A pasted link: the draft (with the product photo, an encrypted attachment), then Save by an encrypted reaction.
            let draft = try await ana.run("say", [room, shop.url("/p/coat")], options: ["--expect", "New piece: Camel wool overcoat"])
            let draftID = try #require(draft["reply"]?.string)
            _ = try await ana.run("react", [room, draftID, "1️⃣"], options: ["--expect", "Saved as #1 Camel wool overcoat"])

            // A selfie and a garment as encrypted attachments: the try-on comes back as an encrypted image.
            _ = try await ana.run("image", [room, selfiePath], options: ["--caption", "me", "--expect", ""])
            _ = try await ana.run("image", [room, coatPath], options: ["--caption", "wear", "--expect", "Look #1", "--seconds", "90"])
            #expect(ai.requests.count == 1)
            let check = try await ana.run("check", [room])
            #expect(check["undecryptable"]?.array?.isEmpty == true)
            #expect((check["encrypted_images"]?.int ?? 0) >= 2, "the product photo and the look came as encrypted attachments")

            // An encrypted group of three: a vote by encrypted reactions, over Ana's example closet.
            let closet = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bot-config/examples/closet.json").path
            let items = try ClosetCodec.importItems(jsonText: String(contentsOfFile: closet, encoding: .utf8), importedAt: Date(timeIntervalSince1970: 0))
            let owner = try await bot.store.user(transport: "matrix", externalID: environment.ana)
            _ = try await bot.store.addItems(items, userID: owner.id)
            try await bob.run("login")
            let group = try #require(
                try await ana.run("dm", options: ["--invite", environment.bot, "--invite", environment.bob, "--name-room", "vote"])["room"]?.string)
            try await bob.run("join", [group])
            _ = try await bob.run("say", [group, "/help"], options: ["--expect", "/forget"])
            let vote = try await ana.run("say", [group, "/outfit business 3"], options: ["--expect", "React with the number to vote", "--seconds", "60"])
            let voteID = try #require(vote["reply"]?.string)
            _ = try await ana.run("react", [group, voteID, "2️⃣"])
            let pick = try await bob.run("react", [group, voteID, "2️⃣"], options: ["--expect", "The group picked"])
            #expect(pick["body"]?.string?.contains("2") == true, "option 2 won: \(pick["body"]?.string ?? "")")
            let groupCheck = try await bob.run("check", [group])
            #expect(groupCheck["undecryptable"]?.array?.isEmpty == true)
        }
        await tryOn.worker.shutdown()
    }
}
