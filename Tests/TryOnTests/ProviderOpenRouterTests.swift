import HTTP
import Images
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("OpenRouter: generation and requests")
    struct OpenRouterGeneration {
        func provider(_ fake: FakeOpenRouter, endpoint: OpenRouterEndpoint = .images, key: String = FakeOpenRouter.defaultKey,
                      model: String = OpenRouterProvider.defaultModel, timeout: Duration = .seconds(30)) -> OpenRouterProvider {
            OpenRouterProvider(key: key, baseURL: fake.baseURL, model: model, endpoint: endpoint, timeout: timeout, http: ProviderFixtures.http)
        }

        @Test("The images endpoint returns every requested variation as a decodable PNG")
        func imagesSuccess() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            let result = try await provider(fake).generate(ProviderFixtures.request(count: 2))
            #expect(result.images.count == 2)
            #expect(result.images.allSatisfy { $0.mimeType == "image/png" })
            #expect(await ProviderFixtures.formats(of: result.images) == Array(repeating: .png, count: 2))
            #expect(result.service == .openrouter)
            #expect(result.model == "meta/muse-image")
            #expect(fake.requests.count == 1)
        }

        @Test("The images request carries the bearer key, the model, data URIs in order, the aspect ratio and n")
        func imagesRequestShape() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            _ = try await provider(fake).generate(ProviderFixtures.request(count: 3))
            let request = try #require(fake.requests.first)
            #expect(request.rejection == nil)
            #expect(request.method == "POST" && request.path == "/api/v1/images")
            #expect(request.credential == "Bearer \(FakeOpenRouter.defaultKey)")
            #expect(request.model == "meta/muse-image")
            #expect(request.prompt == ProviderFixtures.prompt)
            #expect(request.count == 3)
            #expect(request.aspectRatio == "9:16")
            #expect(request.images.map(\.declaredType) == ["image/jpeg", "image/jpeg"])
            #expect(request.images.map { [$0.width, $0.height] } == [[768, 1024], [1024, 1024]])
            let reference = request.json?["input_references"]?[0]
            #expect(reference?["type"] == "image_url")
            #expect(reference?["image_url"]?["url"]?.string?.hasPrefix("data:image/jpeg;base64,/9j/") == true)
        }

        @Test("Results keep their original format: WebP stays WebP")
        func keepsWebP() async throws {
            let fake = try FakeOpenRouter(resultFormat: .webp)
            defer { fake.stop() }
            let result = try await provider(fake).generate(ProviderFixtures.request())
            #expect(result.images.map(\.mimeType) == ["image/webp"])
            #expect(await ProviderFixtures.formats(of: result.images) == [.webp])
        }

        @Test("The chat endpoint makes one call per variation with image modality and image_config")
        func chatSuccess() async throws {
            let fake = try FakeOpenRouter(resultFormat: .jpeg)
            defer { fake.stop() }
            let chat = provider(fake, endpoint: .chat, model: "google/gemini-2.5-flash-image")
            let result = try await chat.generate(ProviderFixtures.request(count: 2))
            #expect(result.images.count == 2)
            #expect(result.images.allSatisfy { $0.mimeType == "image/jpeg" })
            #expect(result.model == "google/gemini-2.5-flash-image")
            let requests = fake.requests
            #expect(requests.count == 2)
            for request in requests {
                #expect(request.rejection == nil)
                #expect(request.path == "/api/v1/chat/completions")
                #expect(request.credential == "Bearer \(FakeOpenRouter.defaultKey)")
                #expect(request.json?["modalities"] == ["image", "text"])
                #expect(request.json?["image_config"]?["aspect_ratio"] == "9:16")
                #expect(request.json?["messages"]?[0]?["content"]?[0]?["type"] == "text")
                #expect(request.prompt == ProviderFixtures.prompt)
                #expect(request.images.count == 2)
            }
        }

        @Test("A chat answer with text but no image is noImageReturned with the text")
        func chatTextOnly() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            fake.enqueue(.textOnly("I can't edit photos of people."))
            let error = await ProviderFixtures.failure { try await provider(fake, endpoint: .chat).generate(ProviderFixtures.request()) }
            #expect(error == .noImageReturned(.openrouter, text: "I can't edit photos of people."))
            #expect(error?.isRetryable == false)
        }

        @Test("When one chat variation fails and another succeeds, the success is returned")
        func chatPartialSuccess() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            fake.enqueue(.error(status: 502, message: "upstream down"))
            let result = try await provider(fake, endpoint: .chat).generate(ProviderFixtures.request(count: 2))
            #expect(result.images.count == 1)
            #expect(fake.requests.count == 2)
        }

        @Test("Too many input images are refused before anything is sent")
        func tooManyImages() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            let five = Array(repeating: ProviderFixtures.garment, count: 5)
            let error = await ProviderFixtures.failure { try await provider(fake).generate(ProviderFixtures.request(images: five)) }
            guard case .badRequest(.openrouter, _) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(fake.requests.isEmpty)
        }

        @Test("verifyKey reports usage and limit from GET /api/v1/key")
        func verifyKey() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            #expect(try await provider(fake).verifyKey() == .valid(detail: "usage 1.25, limit 10 (8.75 left)"))
            #expect(fake.requests.first?.path == "/api/v1/key")
            #expect(fake.requests.first?.method == "GET")
        }

        @Test("verifyKey with a wrong key is invalidKey; with no key it is missingKey and sends nothing")
        func verifyKeyFailures() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            #expect(await ProviderFixtures.failure { try await provider(fake, key: "sk-or-v1-wrong").verifyKey() } == .invalidKey(.openrouter))
            #expect(fake.requests.count == 1)
            #expect(await ProviderFixtures.failure { try await provider(fake, key: "").verifyKey() } == .missingKey(.openrouter))
            #expect(fake.requests.count == 1)
        }

        @Test("A base URL with a path prefix and a trailing slash (a gateway) is honoured")
        func gatewayBaseURL() async throws {
            let server = try LoopbackHTTPServer { request in
                request.path == "/gateway/openrouter/api/v1/key" ? .json(["data": ["usage": 0, "limit": nil]]) : .text("no", status: 404)
            }
            defer { server.stop() }
            let gateway = OpenRouterProvider(key: "k", baseURL: server.url("/gateway/openrouter/"), http: ProviderFixtures.http)
            #expect(try await gateway.verifyKey() == .valid(detail: "usage 0, no limit"))
        }
    }
}
