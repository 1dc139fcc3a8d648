import Bot
import Chat
import Foundation
import HTTP
import Images
import JSON
import Secrets
import Synchronization
import Testing
import TryOn
import WardrobeTestKit

/// The real features over Matrix: a product link served from loopback becomes a closet item, and a
/// selfie plus a garment become a try-on made by the OpenRouter client against its loopback fake.
extension MatrixIntegrationTests {
    @Test func aProductLinkAndATryOnWorkFromAMatrixRoom() async throws {
        let (ana, _) = try await humans()
        let photo = try SyntheticPhoto.generate(width: 900, height: 1200, format: .jpeg, seed: 21)
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
        configured.allowPrivateResultHosts = true  // the fake serves results on loopback
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
            return Features.router(env.adding(tryOn: tryOn))
        }
        defer { bot.cleanUp() }
        directory.register(bot.service.transport)
        let tryOn = try #require(built.withLock { $0 })
        let worker = Task { try await tryOn.worker.run() }
        defer { worker.cancel() }
        try await bot.serving {
            let room = try await ana.createRoom(inviting: [environment.bot], name: "features")
            _ = try await ana.waitFor(room) { events in events.contains { $0["state_key"]?.string == environment.bot && $0["content"]?["membership"] == "join" } ? true : nil }

            // A pasted link: draft with the product photo, then Save chosen by reacting 1️⃣.
            _ = try await ana.say(room, shop.url("/p/coat"))
            let draft = try await ana.waitFor(room, seconds: 30) { events in
                events.last { $0.sender == environment.bot && ($0.body ?? "").contains("New piece: Camel wool overcoat") }
            }
            #expect(try await ana.timeline(room).contains { $0.sender == environment.bot && $0.msgtype == "m.image" }, "the draft shows the product photo")
            let draftID = try #require(draft["event_id"]?.string)
            _ = try await ana.react(room, to: draftID, key: "1️⃣")
            _ = try await ana.waitFor(room, seconds: 20) { events in
                events.contains { $0.sender == environment.bot && ($0.body ?? "").hasPrefix("Saved as #1 Camel wool overcoat") } ? true : nil
            }

            // A selfie and a garment: the try-on result comes back as an image.
            let selfie = try SyntheticPhoto.generate(width: 800, height: 1000, format: .jpeg, seed: 22)
            _ = try await ana.sendImage(room, bytes: selfie, mimeType: "image/jpeg", fileName: "me.jpg", caption: "me")
            _ = try await ana.sendImage(room, bytes: photo, mimeType: "image/jpeg", fileName: "coat.jpg", caption: "wear")
            _ = try await ana.waitFor(room, seconds: 60) { events in
                events.contains { $0.sender == environment.bot && ($0.body ?? "").contains("Look #1") } ? true : nil
            }
            #expect(ai.requests.count == 1)
            #expect(ai.requests.first?.images.allSatisfy { $0.longestSide <= 1024 && !$0.hasExif } == true)
        }
        await tryOn.worker.shutdown()
    }
}
