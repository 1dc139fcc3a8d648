import HTTP
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("Providers: errors, delays, sizes and the factory")
    struct Units {
        @Test("isRetryable is true only for rate limits, server errors, timeouts and retryable network failures")
        func retryable() {
            let retryable: [TryOnError] = [
                .rateLimited(.gemini, retryAfter: 3), .rateLimited(.fal, retryAfter: nil),
                .serverError(.openrouter, status: 502, message: ""), .serverError(.gemini, status: 503, message: ""),
                .timeout(.fal), .network(.openrouter, .couldNotConnect("refused")), .network(.gemini, .timeout("slow")),
            ]
            let final: [TryOnError] = [
                .invalidKey(.openrouter), .outOfCredits(.openrouter), .safetyBlocked(.gemini, reason: "SAFETY"),
                .noImageReturned(.gemini, text: nil), .badRequest(.fal, message: ""), .badResponse(.fal, detail: ""),
                .missingKey(.gemini), .cancelled, .network(.fal, .cancelled), .network(.fal, .tls("bad cert")),
            ]
            #expect(retryable.allSatisfy { $0.isRetryable })
            #expect(final.allSatisfy { !$0.isRetryable })
            #expect(retryable.compactMap { $0.retryAfter } == [3])
        }

        @Test("Retry delays are read from headers, protobuf durations and Google's messages")
        func retryDelays() {
            #expect(RetryDelay.header("30") == 30)
            #expect(RetryDelay.header(" 1.5 ") == 1.5)
            #expect(RetryDelay.header("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
            #expect(RetryDelay.protobufDuration("28s") == 28)
            #expect(RetryDelay.protobufDuration("0.25s") == 0.25)
            #expect(RetryDelay.inMessage("Quota exceeded. Please retry in 28s.") == 28)
            #expect(RetryDelay.inMessage("Please retry in 10h17m5.5s.") == 37025.5)
            #expect(RetryDelay.inMessage("retry in 734ms") == 0.734)
            #expect(RetryDelay.inMessage("try again later") == nil)
        }

        @Test("Absurd delays from a service are bounded where they enter: never infinite, at most a day")
        func absurdRetryDelaysAreBounded() {
            #expect(RetryDelay.header("1e20") == RetryAfter.maximum)
            #expect(RetryDelay.header("inf") == nil)
            #expect(RetryDelay.header("nan") == nil)
            #expect(RetryDelay.header("-5") == nil)
            #expect(RetryDelay.header("1" + String(repeating: "0", count: 500)) == nil)
            #expect(RetryDelay.protobufDuration("1e300s") == RetryAfter.maximum)
            #expect(RetryDelay.inMessage("Please retry in 1e308h.") == nil || RetryDelay.inMessage("Please retry in 1e308h.") == RetryAfter.maximum)
            let huge = TryOnError.rateLimited(.fal, retryAfter: .infinity)
            #expect(huge.retryAfter == nil)
            #expect(huge.userMessage == "Busy — retrying in 20 s.")
            #expect(TryOnError.rateLimited(.fal, retryAfter: 1e20).userMessage == "Busy — retrying in 86400 s.")
        }

        @Test("Fal output sizes keep the long side at 2560 px in multiples of 16")
        func falSizes() {
            #expect(FalProvider.imageSize(aspectRatio: "9:16") == (1440, 2560))
            #expect(FalProvider.imageSize(aspectRatio: "16:9") == (2560, 1440))
            #expect(FalProvider.imageSize(aspectRatio: "1:1") == (2560, 2560))
            #expect(FalProvider.imageSize(aspectRatio: "3:4") == (1920, 2560))
            #expect(FalProvider.imageSize(aspectRatio: "nonsense") == (1440, 2560))
            #expect(FalProvider.imageSize(aspectRatio: "inf:inf") == (1440, 2560))
            #expect(FalProvider.imageSize(aspectRatio: "1e300:1e-300") == (1440, 2560))
        }

        @Test("Data URIs round-trip and reject anything else")
        func dataURIs() {
            let uri = DataURI.encode([1, 2, 3, 250], mimeType: "image/png")
            #expect(uri == "data:image/png;base64,AQID+g==")
            #expect(DataURI.decode(uri)?.mimeType == "image/png")
            #expect(DataURI.decode(uri)?.bytes == [1, 2, 3, 250])
            #expect(DataURI.decode("https://example.com/a.png") == nil)
            #expect(DataURI.decode("data:image/png,plain") == nil)
            #expect(FakeBase64.encode([1, 2, 3, 250]) == "AQID+g==")
            #expect(FakeBase64.decode("AQID+g==") == [1, 2, 3, 250])
        }

        @Test("The factory builds each service's provider from the typed settings")
        func factory() {
            var settings = ProviderSettings(timeout: .seconds(60))
            settings.openRouter.endpoint = .chat
            settings.openRouter.model = "google/gemini-2.5-flash-image"
            settings.fal.endpoint = "/fal-ai/other/edit"
            let http = ProviderFixtures.http
            let openRouter = ProviderFactory.make(service: .openrouter, key: "k", settings: settings, http: http)
            #expect((openRouter as? OpenRouterProvider)?.endpoint == .chat)
            #expect(openRouter.model == "google/gemini-2.5-flash-image")
            let gemini = ProviderFactory.make(service: .gemini, key: "k", settings: settings, http: http)
            #expect(gemini.service == .gemini && gemini.model == "gemini-2.5-flash-image" && gemini.maximumInputImages == 3)
            let fal = ProviderFactory.make(service: .fal, key: "k", settings: settings, http: http)
            #expect(fal.service == .fal && fal.model == "fal-ai/other/edit")
            #expect((gemini as? GeminiProvider)?.connection.timeout == .seconds(60))
        }

        @Test("Defaults match the config file")
        func defaults() {
            let settings = ProviderSettings()
            #expect(settings.openRouter == .init(baseURL: "https://openrouter.ai", model: "meta/muse-image", endpoint: .images))
            #expect(settings.gemini == .init(baseURL: "https://generativelanguage.googleapis.com", model: "gemini-2.5-flash-image"))
            #expect(settings.fal == .init(baseURL: "https://fal.run", endpoint: "fal-ai/bytedance/seedream/v4/edit"))
            #expect(settings.timeout == .seconds(180))
        }
    }
}
