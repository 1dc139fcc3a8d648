import Chat
import Foundation
import HTTP
import Images
import Storage
import Testing
import TryOn
import WardrobeTestKit

/// The whole try-on path with the real provider clients talking to the loopback fakes of
/// OpenRouter, Gemini and Fal.ai: image preparation, wire formats, results and error messages.
@Suite struct TryOnFakeServiceTests {
    /// A harness whose providers are the real clients pointed at `settings`' base URLs.
    static func harness(_ settings: ProviderSettings, service: TryOnService, operatorKey: String) throws -> TryOnHarness {
        let http = HTTPClient()
        let bot = try TryOnHarness(
            operatorKey: false, factory: { service, key throws(TryOnError) in ProviderFactory.make(service: service, key: key, settings: settings, http: http) },
            defaultService: service)
        try bot.keys.set(operatorKey, for: service.rawValue)
        return bot
    }

    /// A selfie carrying EXIF GPS and a big garment photo, as phones send them.
    static func photos() throws -> (selfie: [UInt8], garment: [UInt8]) {
        (ExifGPS.addingGPS(to: try SyntheticPhoto.generate(width: 3000, height: 4000, format: .jpeg, seed: 11)),
         try SyntheticPhoto.generate(width: 2400, height: 2400, format: .jpeg, seed: 12))
    }

    @Test func openRouterMakesALookFromRealUploadsThatAreSmallAndStripped() async throws {
        let fake = try FakeOpenRouter(resultFormat: .webp)
        defer { fake.stop() }
        var settings = ProviderSettings()
        settings.allowPrivateResultHosts = true  // the fake serves results on loopback
        settings.openRouter.baseURL = fake.baseURL
        let bot = try Self.harness(settings, service: .openrouter, operatorKey: fake.key)
        defer { Task { await bot.close() } }
        bot.startWorker()
        let (selfie, garment) = try Self.photos()
        await bot.photos([selfie, garment])
        try await bot.eventually("result") { !bot.transport.photoMessages.isEmpty }
        let request = try #require(fake.requests.first)
        #expect(request.rejection == nil)
        #expect(request.credential == "Bearer \(fake.key)")
        #expect(request.images.count == 2)
        #expect(request.images.allSatisfy { $0.longestSide <= 1024 && !$0.hasExif })
        #expect(request.aspectRatio == "9:16")
        let look = try #require(try await bot.looks().first)
        #expect(look.service == "openrouter")
        #expect(try await bot.store.image(userID: look.userID, sha256: look.resultSHA256)?.mimeType == "image/webp", "kept as the service sent it")
    }

    @Test func fourGeminiVariationsArriveAsOneAlbum() async throws {
        let fake = try FakeGemini()
        defer { fake.stop() }
        var settings = ProviderSettings()
        settings.allowPrivateResultHosts = true  // the fake serves results on loopback
        settings.gemini.baseURL = fake.baseURL
        let bot = try Self.harness(settings, service: .gemini, operatorKey: fake.key)
        defer { Task { await bot.close() } }
        bot.startWorker()
        let (selfie, garment) = try Self.photos()
        await bot.photos([selfie], caption: "me")
        await bot.command("tryon", "4")
        await bot.photos([garment], caption: "wear")
        try await bot.eventually("album") { bot.transport.photoMessages.contains { $0.images.count == 4 } }
        #expect(fake.requests.count == 4, "Gemini variations are separate calls")
        #expect(fake.requests.allSatisfy { $0.credential == fake.key && $0.images.count == 2 })
        #expect(try await bot.looks().count == 4)
    }

    @Test func aRejectedKeyIsExplainedAndNotRetried() async throws {
        let fake = try FakeOpenRouter()
        defer { fake.stop() }
        var settings = ProviderSettings()
        settings.allowPrivateResultHosts = true  // the fake serves results on loopback
        settings.openRouter.baseURL = fake.baseURL
        let bot = try Self.harness(settings, service: .openrouter, operatorKey: "sk-or-v1-wrong-key-000")
        defer { Task { await bot.close() } }
        bot.startWorker()
        let (selfie, garment) = try Self.photos()
        await bot.photos([selfie, garment])
        try await bot.eventually("failure message") { bot.transport.texts.contains { $0.contains("key was rejected") } }
        #expect(fake.requests.count == 1)
        #expect(try await bot.looks().isEmpty)
    }

    @Test func geminiSafetyBlocksInBothShapesAreExplainedAndNotRetried() async throws {
        let fake = try FakeGemini()
        defer { fake.stop() }
        fake.enqueue(.safetyBlock(.promptBlocked(reason: "SAFETY")), .safetyBlock(.finishReason("IMAGE_SAFETY")))
        var settings = ProviderSettings()
        settings.allowPrivateResultHosts = true  // the fake serves results on loopback
        settings.gemini.baseURL = fake.baseURL
        let bot = try Self.harness(settings, service: .gemini, operatorKey: fake.key)
        defer { Task { await bot.close() } }
        bot.startWorker()
        let (selfie, garment) = try Self.photos()
        await bot.photos([selfie, garment])
        try await bot.eventually("first block") { bot.transport.texts.filter { $0.contains("safety filter") }.count == 1 }
        await bot.photos([garment], caption: "wear")
        try await bot.eventually("second block") { bot.transport.texts.filter { $0.contains("safety filter") }.count == 2 }
        #expect(fake.requests.count == 2)
        #expect(try await bot.looks().isEmpty)
    }

    @Test func falResultsServedAsURLsAreDownloaded() async throws {
        let fake = try FakeFal()
        defer { fake.stop() }
        fake.enqueue(.successAsURL)
        var settings = ProviderSettings()
        settings.allowPrivateResultHosts = true  // the fake serves results on loopback
        settings.fal.baseURL = fake.baseURL
        let bot = try Self.harness(settings, service: .fal, operatorKey: fake.key)
        defer { Task { await bot.close() } }
        bot.startWorker()
        let (selfie, garment) = try Self.photos()
        await bot.photos([selfie, garment])
        try await bot.eventually("result") { !bot.transport.photoMessages.isEmpty }
        #expect(fake.requests.first?.credential == "Key \(fake.key)")
        #expect(try await bot.looks().count == 1)
    }
}
