import HTTP
import Images
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("Gemini: generation and requests")
    struct GeminiGeneration {
        func provider(_ fake: FakeGemini, key: String = FakeGemini.defaultKey, timeout: Duration = .seconds(30)) -> GeminiProvider {
            GeminiProvider(key: key, baseURL: fake.baseURL, timeout: timeout, http: ProviderFixtures.http)
        }

        @Test("Each variation is its own call and comes back as a decodable PNG")
        func success() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            let result = try await provider(fake).generate(ProviderFixtures.request(count: 2))
            #expect(result.images.count == 2)
            #expect(result.images.allSatisfy { $0.mimeType == "image/png" })
            #expect(await ProviderFixtures.formats(of: result.images) == Array(repeating: .png, count: 2))
            #expect(result.service == .gemini && result.model == "gemini-2.5-flash-image")
            #expect(fake.requests.count == 2)
        }

        @Test("The request carries x-goog-api-key, inline_data parts after the prompt, IMAGE modality and the aspect ratio")
        func requestShape() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            _ = try await provider(fake).generate(ProviderFixtures.request())
            let request = try #require(fake.requests.first)
            #expect(request.rejection == nil)
            #expect(request.path == "/v1beta/models/gemini-2.5-flash-image:generateContent")
            #expect(request.credential == FakeGemini.defaultKey)
            #expect(request.raw.header("Authorization") == nil)
            #expect(request.model == "gemini-2.5-flash-image")
            #expect(request.prompt == ProviderFixtures.prompt)
            #expect(request.aspectRatio == "9:16")
            #expect(request.images.map { [$0.width, $0.height] } == [[768, 1024], [1024, 1024]])
            let parts = request.json?["contents"]?[0]?["parts"]
            #expect(parts?[0]?["text"]?.string == ProviderFixtures.prompt)
            #expect(parts?[1]?["inline_data"]?["mime_type"] == "image/jpeg")
            #expect(request.json?["generationConfig"]?["responseModalities"] == ["TEXT", "IMAGE"])
        }

        @Test("A snake_case answer (inline_data, mime_type) is read too, and JPEG stays JPEG")
        func snakeCase() async throws {
            let fake = try FakeGemini(resultFormat: .jpeg)
            defer { fake.stop() }
            fake.enqueue(.successSnakeCase)
            let result = try await provider(fake).generate(ProviderFixtures.request())
            #expect(result.images.map(\.mimeType) == ["image/jpeg"])
        }

        @Test("More than three input images are refused before anything is sent")
        func tooManyImages() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            let four = Array(repeating: ProviderFixtures.garment, count: 4)
            let error = await ProviderFixtures.failure { try await provider(fake).generate(ProviderFixtures.request(images: four)) }
            #expect(error == .badRequest(.gemini, message: "4 input images, at most 3 accepted"))
            #expect(fake.requests.isEmpty)
        }

        @Test("verifyKey lists the models with the key header")
        func verifyKey() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            #expect(try await provider(fake).verifyKey() == .valid(detail: "2 models available"))
            #expect(fake.requests.first?.path == "/v1beta/models")
            #expect(fake.requests.first?.credential == FakeGemini.defaultKey)
        }

        @Test("verifyKey with a wrong key is invalidKey (API_KEY_INVALID); an empty key is missingKey")
        func verifyKeyFailures() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            #expect(await ProviderFixtures.failure { try await provider(fake, key: "AIzaWrong0000000000").verifyKey() } == .invalidKey(.gemini))
            #expect(await ProviderFixtures.failure { try await provider(fake, key: "").verifyKey() } == .missingKey(.gemini))
            #expect(fake.requests.count == 1)
        }

        @Test("A model id copied with its models/ prefix still builds the right path")
        func modelsPrefix() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            let prefixed = GeminiProvider(key: FakeGemini.defaultKey, baseURL: fake.baseURL + "/", model: "models/gemini-2.5-flash-image",
                                          http: ProviderFixtures.http)
            _ = try await prefixed.generate(ProviderFixtures.request())
            #expect(fake.requests.first?.path == "/v1beta/models/gemini-2.5-flash-image:generateContent")
        }
    }
}
