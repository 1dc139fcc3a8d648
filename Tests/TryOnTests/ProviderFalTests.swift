import HTTP
import Images
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("Fal.ai: generation and requests")
    struct FalGeneration {
        func provider(_ fake: FakeFal, key: String = FakeFal.defaultKey, timeout: Duration = .seconds(30)) -> FalProvider {
            FalProvider(key: key, baseURL: fake.baseURL, timeout: timeout, http: ProviderFixtures.http, resultAddresses: AddressGuard(allowPrivateNetworks: true))
        }

        @Test("All variations come from one call as data URIs and decode")
        func success() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            let result = try await provider(fake).generate(ProviderFixtures.request(count: 3))
            #expect(result.images.count == 3)
            #expect(result.images.allSatisfy { $0.mimeType == "image/png" })
            #expect(await ProviderFixtures.formats(of: result.images) == Array(repeating: .png, count: 3))
            #expect(result.service == .fal && result.model == "fal-ai/bytedance/seedream/v4/edit")
            #expect(fake.requests.count == 1)
        }

        @Test("The request carries Key id:secret, image_urls as data URIs, num_images, a 1440x2560 size, sync mode and the checker")
        func requestShape() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            _ = try await provider(fake).generate(ProviderFixtures.request(count: 2))
            let request = try #require(fake.requests.first)
            #expect(request.rejection == nil)
            #expect(request.path == "/fal-ai/bytedance/seedream/v4/edit")
            #expect(request.credential == "Key \(FakeFal.defaultKey)")
            #expect(request.prompt == ProviderFixtures.prompt)
            #expect(request.count == 2)
            #expect(request.aspectRatio == "9:16")
            #expect(request.json?["image_size"] == ["width": 1440, "height": 2560])
            #expect(request.json?["sync_mode"] == true)
            #expect(request.json?["enable_safety_checker"] == true)
            #expect(request.images.map { [$0.width, $0.height] } == [[768, 1024], [1024, 1024]])
            #expect(request.json?["image_urls"]?[0]?.string?.hasPrefix("data:image/jpeg;base64,") == true)
        }

        @Test("Result URLs are downloaded without the key and keep their format")
        func resultURLs() async throws {
            let fake = try FakeFal(resultFormat: .webp)
            defer { fake.stop() }
            fake.enqueue(.successAsURL)
            let result = try await provider(fake).generate(ProviderFixtures.request(count: 2))
            #expect(result.images.map(\.mimeType) == ["image/webp", "image/webp"])
            let downloads = fake.requests.filter { $0.method == "GET" }
            #expect(downloads.map(\.path) == ["/files/1.webp", "/files/2.webp"])
            #expect(downloads.allSatisfy { $0.credential == nil })
        }

        @Test("A result URL on a loopback or private address is refused without being fetched")
        func privateResultURLIsRefused() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            fake.enqueue(.successAsURL)
            let strict = FalProvider(key: FakeFal.defaultKey, baseURL: fake.baseURL, timeout: .seconds(30), http: ProviderFixtures.http)
            let error = try await #require(throws: TryOnError.self) { try await strict.generate(ProviderFixtures.request(count: 1)) }
            #expect(error.description.contains("loopback"))
            #expect(fake.requests.filter { $0.method == "GET" }.isEmpty, "the result URL was never requested")
        }

        @Test("A result URL that does not lead to an image is a bad response")
        func brokenResultURL() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            fake.enqueue(.raw(.json(["images": [["url": .string(fake.baseURL + "/files/missing.png"), "content_type": "image/png"]]])))
            let error = await ProviderFixtures.failure { try await provider(fake).generate(ProviderFixtures.request()) }
            guard case .badResponse(.fal, let detail) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(detail.contains("404"))
        }

        @Test("verifyKey is unverifiable without a call; an empty key is missingKey")
        func verifyKey() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            #expect(try await provider(fake).verifyKey() == .unverifiable)
            #expect(await ProviderFixtures.failure { try await provider(fake, key: "").verifyKey() } == .missingKey(.fal))
            #expect(fake.requests.isEmpty)
        }
    }
}
