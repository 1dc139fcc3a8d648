import HTTP
import Images
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    /// Proves the fakes' own checks can fail, so a passing provider test means something.
    @Suite("Fakes: they refuse what the real services would not want")
    struct FakeChecks {
        @Test("Each fake refuses an image over 1024 px on its longest side", arguments: TryOnService.allCases)
        func oversized(service: TryOnService) async throws {
            let request = ProviderFixtures.request(images: [ProviderFixtures.unprepared, ProviderFixtures.garment])
            let (error, rejection) = try await send(request, to: service)
            guard case .badRequest(service, _) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(rejection?.contains("over 1024 px") == true)
        }

        @Test("Each fake refuses a JPEG that carries EXIF GPS", arguments: TryOnService.allCases)
        func gps(service: TryOnService) async throws {
            let located = InputImage(bytes: ExifGPS.addingGPS(to: ProviderFixtures.person.bytes), mimeType: "image/jpeg")
            let (error, rejection) = try await send(ProviderFixtures.request(images: [located, ProviderFixtures.garment]), to: service)
            guard case .badRequest(service, _) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(rejection == "image 1 carries EXIF GPS data")
        }

        @Test("The GPS scanner finds the planted block, and upload preparation strips it")
        func gpsScanner() throws {
            let located = ExifGPS.addingGPS(to: ProviderFixtures.person.bytes)
            #expect(ExifGPS.hasGPS(located))
            #expect(ExifGPS.hasExif(located))
            #expect(!ExifGPS.hasGPS(ProviderFixtures.person.bytes))
            let prepared = try ImageProcessor().prepareForUpload(located)
            #expect(!ExifGPS.hasGPS(prepared.bytes))
        }

        @Test("A fake refuses more images than its service takes")
        func tooManyImages() async throws {
            let fake = try FakeOpenRouter(maximumImages: 1)
            defer { fake.stop() }
            let provider = OpenRouterProvider(key: FakeOpenRouter.defaultKey, baseURL: fake.baseURL, http: ProviderFixtures.http)
            let error = await ProviderFixtures.failure { try await provider.generate(ProviderFixtures.request()) }
            #expect(error == .badRequest(.openrouter, message: "2 images, at most 1 accepted"))
        }

        @Test("Fakes refuse unknown and missing fields in their service's error shape")
        func fieldNames() async throws {
            let openRouter = try FakeOpenRouter()
            let gemini = try FakeGemini()
            let fal = try FakeFal()
            defer { openRouter.stop(); gemini.stop(); fal.stop() }
            var request = HTTPRequest(method: .post, url: openRouter.baseURL + "/api/v1/images",
                                      headers: ["Authorization": "Bearer \(FakeOpenRouter.defaultKey)"],
                                      body: .json(#"{"model":"m","prompt":"p","input_references":[],"size":"1024x1024"}"#))
            var response = try await ProviderFixtures.http.send(request)
            #expect(response.status == 400)
            #expect(openRouter.requests.last?.rejection == "unknown field body.size")

            request = HTTPRequest(method: .post, url: gemini.baseURL + "/v1beta/models/m:generateContent",
                                  headers: ["x-goog-api-key": FakeGemini.defaultKey], body: .json(#"{"contents":[{"parts":[{"text":"p"}]}],"generation_config":{}}"#))
            response = try await ProviderFixtures.http.send(request)
            #expect(response.status == 400)
            #expect(try JSON.parse(response.text)["error"]?["status"] == "INVALID_ARGUMENT")
            #expect(gemini.requests.last?.rejection == "unknown field body.generation_config")

            request = HTTPRequest(method: .post, url: fal.baseURL + "/fal-ai/bytedance/seedream/v4/edit",
                                  headers: ["Authorization": "Key \(FakeFal.defaultKey)"], body: .json(#"{"image_urls":["x"]}"#))
            response = try await ProviderFixtures.http.send(request)
            #expect(response.status == 422)
            #expect(fal.requests.last?.rejection == "body.prompt is required")
        }

        @Test("Fakes insist on the exact auth scheme", arguments: TryOnService.allCases)
        func authScheme(service: TryOnService) async throws {
            let (url, header, value): (String, String, String)
            let stop: () -> Void
            let lastRejection: () -> String?
            switch service {
            case .openrouter:
                let fake = try FakeOpenRouter()
                (url, header, value, stop, lastRejection) = (fake.baseURL + "/api/v1/key", "Authorization", FakeOpenRouter.defaultKey, fake.stop, { fake.requests.last?.rejection })
            case .gemini:
                let fake = try FakeGemini()
                (url, header, value, stop, lastRejection) = (fake.baseURL + "/v1beta/models", "Authorization", "Bearer \(FakeGemini.defaultKey)", fake.stop, { fake.requests.last?.rejection })
            case .fal:
                let fake = try FakeFal()
                (url, header, value, stop, lastRejection) = (fake.baseURL + "/fal-ai/bytedance/seedream/v4/edit", "Authorization", "Bearer \(FakeFal.defaultKey)", fake.stop, { fake.requests.last?.rejection })
            }
            defer { stop() }
            let response = try await ProviderFixtures.http.send(HTTPRequest(method: service == .fal ? .post : .get, url: url, headers: [header: value]))
            #expect([400, 401, 403].contains(response.status))
            #expect(lastRejection() != nil)
        }

        /// Sends `request` through the real provider to its fake; the provider's error and the fake's reason.
        private func send(_ request: GenerationRequest, to service: TryOnService) async throws -> (TryOnError?, String?) {
            switch service {
            case .openrouter:
                let fake = try FakeOpenRouter()
                defer { fake.stop() }
                let provider = OpenRouterProvider(key: fake.key, baseURL: fake.baseURL, http: ProviderFixtures.http)
                return (await ProviderFixtures.failure { try await provider.generate(request) }, fake.requests.last?.rejection)
            case .gemini:
                let fake = try FakeGemini()
                defer { fake.stop() }
                let provider = GeminiProvider(key: fake.key, baseURL: fake.baseURL, http: ProviderFixtures.http)
                return (await ProviderFixtures.failure { try await provider.generate(request) }, fake.requests.last?.rejection)
            case .fal:
                let fake = try FakeFal()
                defer { fake.stop() }
                let provider = FalProvider(key: fake.key, baseURL: fake.baseURL, http: ProviderFixtures.http, resultAddresses: AddressGuard(allowPrivateNetworks: true))
                return (await ProviderFixtures.failure { try await provider.generate(request) }, fake.requests.last?.rejection)
            }
        }
    }
}
