import Bot
import Chat
import Foundation
import HTTP
import Images
import Secrets
import Storage
import Support
import Synchronization
import Testing
import TryOn
import WardrobeTestKit

/// The try-on composer from a phone: a selfie, the composer with Add Clothing, a garment, Go, the
/// look through the real OpenRouter client against its fake, then `/look 1 delete` with its confirmation.
@Suite struct ComposerOverTelegramTests {
    @Test func aPieceAddedByTextGetsItsPhotoWithAddAPhotoAndCanThenBeTriedOn() async throws {
        let ai = try FakeOpenRouter()
        defer { ai.stop() }
        let (harness, tryOn) = try Self.bot(ai)
        let worker = Task { try await tryOn.worker.run() }
        let task = harness.start()
        let chat = FakeUser.ana.id
        harness.server.sendText("/add navy wool blazer")
        #expect(await harness.server.wait(timeout: .seconds(30)) { $0.texts(inChat: chat).contains { $0.contains("New piece: Navy wool blazer") } })
        #expect(harness.server.pressButton(titled: "✅ Save") != nil)
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains { $0.hasPrefix("Saved as #1 Navy wool blazer (no photo).") } })
        #expect(!harness.server.texts(inChat: chat).contains { $0.contains("reply") })
        #expect(harness.server.pressButton(titled: "Add a photo") != nil)
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains("Send the photo of #1 Navy wool blazer now.") })
        let photo = try SyntheticPhoto.generate(width: 800, height: 800, format: .jpeg, seed: 6)
        harness.server.sendPhoto([.init(width: 800, height: 800, bytes: photo)])
        #expect(await harness.server.wait(timeout: .seconds(30)) { $0.texts(inChat: chat).contains { $0.hasPrefix("Saved the photo of #1 Navy wool blazer.") } })
        #expect(ai.requests.isEmpty, "a piece's photo is not a try-on")
        harness.server.sendText("/item 1")
        #expect(await harness.server.wait { server in
            server.messages(inChat: chat).contains { $0.buttons.joined().contains { $0.title == "Try it on" } }
        })
        await tryOn.worker.shutdown()
        _ = await worker.result
        await harness.stop(task)
    }

    /// The whole bot with try-on through the real OpenRouter client against `ai`.
    static func bot(_ ai: FakeOpenRouter) throws -> (TelegramHarness, TryOnEnvironment) {
        var configured = ProviderSettings()
        configured.openRouter.baseURL = ai.baseURL
        let settings = configured
        let directory = TransportDirectory()
        let built = Mutex<TryOnEnvironment?>(nil)
        let http = HTTPClient()
        let harness = try TelegramHarness(router: { environment in
            try? environment.keys.set(ai.key, for: "openrouter")
            let resolver = KeyedProviderResolver(
                lookup: { environment.keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
                make: { service, key throws(TryOnError) in ProviderFactory.make(service: service, key: key, settings: settings, http: http) })
            let tryOn = TryOnEnvironment.make(
                store: environment.store, images: environment.images, resolver: resolver, prompts: .builtIn,
                settings: TryOnSettings(defaultService: .openrouter, dailyQuota: 0), workerConfiguration: TryOnWorker.Configuration(),
                transports: directory, clock: SystemClock(), logger: environment.logger)
            built.withLock { $0 = tryOn }
            return Features.router(environment.adding(tryOn: tryOn))
        })
        directory.register(harness.transport)
        guard let tryOn = built.withLock({ $0 }) else { throw TestKitError("try-on environment not built") }
        return (harness, tryOn)
    }

    @Test func theComposerSwapsGoesAndALookIsDeletedAfterConfirming() async throws {
        let ai = try FakeOpenRouter()
        defer { ai.stop() }
        var configured = ProviderSettings()
        configured.openRouter.baseURL = ai.baseURL
        let settings = configured
        let directory = TransportDirectory()
        let built = Mutex<TryOnEnvironment?>(nil)
        let http = HTTPClient()
        let harness = try TelegramHarness(router: { environment in
            try? environment.keys.set(ai.key, for: "openrouter")
            let resolver = KeyedProviderResolver(
                lookup: { environment.keys.value(for: $0) }, userSecretName: { SecretName.user($0, service: $1.rawValue) },
                make: { service, key throws(TryOnError) in ProviderFactory.make(service: service, key: key, settings: settings, http: http) })
            let tryOn = TryOnEnvironment.make(
                store: environment.store, images: environment.images, resolver: resolver, prompts: .builtIn,
                settings: TryOnSettings(defaultService: .openrouter, dailyQuota: 0), workerConfiguration: TryOnWorker.Configuration(),
                transports: directory, clock: SystemClock(), logger: environment.logger)
            built.withLock { $0 = tryOn }
            return Features.router(environment.adding(tryOn: tryOn))
        })
        directory.register(harness.transport)
        let tryOn = try #require(built.withLock { $0 })
        let worker = Task { try await tryOn.worker.run() }
        let task = harness.start()
        let chat = FakeUser.ana.id
        let selfie = try SyntheticPhoto.generate(width: 960, height: 1280, format: .jpeg, seed: 3)
        let garment = try SyntheticPhoto.generate(width: 1000, height: 1000, format: .jpeg, seed: 4)
        harness.server.sendPhoto([.init(width: 960, height: 1280, bytes: selfie)], caption: "me")
        let gotYou = await harness.server.wait(timeout: .seconds(30)) { $0.texts(inChat: chat).contains { $0.hasPrefix("Got you.") } }
        #expect(gotYou, "replies so far: \(harness.server.texts(inChat: chat))")
        harness.server.sendText("/tryon")
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains { $0.contains("Clothing: empty") } })
        #expect(harness.server.pressButton(titled: "Add Clothing") != nil)
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains { $0.hasPrefix("Send the new Clothing photo") } })
        harness.server.sendPhoto([.init(width: 1000, height: 1000, bytes: garment)])
        // Both photos come back as one side-by-side picture, with Go; nothing runs before Go.
        #expect(await harness.server.wait { server in
            server.messages(inChat: chat).contains { $0.buttons.joined().contains { $0.title == "Go" } }
        })
        #expect(harness.server.messages(inChat: chat).filter { $0.kind == "photo" }.count >= 2)
        #expect(ai.requests.isEmpty)
        #expect(harness.server.pressButton(titled: "Go") != nil)
        let delivered = await harness.server.wait(timeout: .seconds(30)) { server in
            server.messages(inChat: chat).contains { $0.kind == "photo" && $0.buttons.joined().contains { $0.title == "Compare" } }
        }
        #expect(delivered)
        harness.server.sendText("/look 1 delete")
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains("Delete look #1? This can't be undone.") })
        #expect(harness.server.pressButton(titled: "Delete look #1") != nil)
        #expect(await harness.server.wait { $0.texts(inChat: chat).contains("Deleted look #1.") })
        await tryOn.worker.shutdown()
        _ = await worker.result
        await harness.stop(task)
    }
}
