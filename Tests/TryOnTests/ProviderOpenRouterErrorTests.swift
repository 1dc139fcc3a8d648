import HTTP
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("OpenRouter: errors, timeouts and cancellation")
    struct OpenRouterErrors {
        func provider(_ fake: FakeOpenRouter, endpoint: OpenRouterEndpoint = .images, key: String = FakeOpenRouter.defaultKey,
                      timeout: Duration = .seconds(30)) -> OpenRouterProvider {
            OpenRouterProvider(key: key, baseURL: fake.baseURL, endpoint: endpoint, timeout: timeout, http: ProviderFixtures.http)
        }

        func failure(_ behaviour: FakeOpenRouter.Behaviour, endpoint: OpenRouterEndpoint = .images) async throws -> TryOnError? {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            fake.enqueue(behaviour)
            return await ProviderFixtures.failure { try await provider(fake, endpoint: endpoint).generate(ProviderFixtures.request()) }
        }

        @Test("A wrong key is answered 401 and maps to invalidKey")
        func wrongKey() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            let error = await ProviderFixtures.failure { try await provider(fake, key: "sk-or-v1-nope").generate(ProviderFixtures.request()) }
            #expect(error == .invalidKey(.openrouter))
            #expect(fake.requests.first?.rejection == "wrong Authorization header")
        }

        @Test("HTTP error statuses map to typed errors", arguments: [
            (401, TryOnError.invalidKey(.openrouter)),
            (402, .outOfCredits(.openrouter)),
            (408, .timeout(.openrouter)),
            (429, .rateLimited(.openrouter, retryAfter: nil)),
            (502, .serverError(.openrouter, status: 502, message: "boom")),
            (503, .serverError(.openrouter, status: 503, message: "boom")),
            (400, .badRequest(.openrouter, message: "boom")),
        ])
        func statuses(status: Int, expected: TryOnError) async throws {
            #expect(try await failure(.error(status: status, message: "boom")) == expected)
        }

        @Test("403 moderation is a safety block with the flagged reasons, never retried")
        func moderation() async throws {
            let error = try await failure(.safetyBlock(reasons: ["violence", "self-harm"]))
            #expect(error == .safetyBlocked(.openrouter, reason: "violence, self-harm"))
            #expect(error?.isRetryable == false)
        }

        @Test("429 honours the Retry-After header")
        func retryAfter() async throws {
            let error = try await failure(.error(status: 429, message: "Rate limit exceeded", retryAfter: 7))
            #expect(error == .rateLimited(.openrouter, retryAfter: 7))
            #expect(error?.retryAfter == 7)
            #expect(error?.isRetryable == true)
        }

        @Test("An error inside an HTTP 200 body is mapped by its code", arguments: [
            (502, TryOnError.serverError(.openrouter, status: 502, message: "Provider returned error")),
            (402, .outOfCredits(.openrouter)),
            (429, .rateLimited(.openrouter, retryAfter: nil)),
        ])
        func errorInBody(code: Int, expected: TryOnError) async throws {
            #expect(try await failure(.errorInBody(code: code, message: "Provider returned error")) == expected)
            #expect(try await failure(.errorInBody(code: code, message: "Provider returned error"), endpoint: .chat) == expected)
        }

        @Test("A 200 answer that is not JSON, or whose image does not decode, is a bad response")
        func badResponses() async throws {
            let html = try await failure(.raw(.text("<html>gateway</html>", contentType: "text/html")))
            guard case .badResponse(.openrouter, _) = html else { Issue.record("got \(String(describing: html))"); return }
            let garbage = FakeBase64.encode(Array("definitely not a png".utf8))
            let broken = try await failure(.raw(.json(["created": 1, "data": [["b64_json": .string(garbage)]]])))
            guard case .badResponse(.openrouter, let detail) = broken else { Issue.record("got \(String(describing: broken))"); return }
            #expect(detail.contains("not a readable image"))
        }

        @Test("Server text never carries the key into error descriptions")
        func redactsKey() async throws {
            let error = try await failure(.error(status: 400, message: "Bad key \(FakeOpenRouter.defaultKey) in request"))
            #expect(error == .badRequest(.openrouter, message: "Bad key [REDACTED] in request"))
            #expect(error.map { "\($0)".contains(FakeOpenRouter.defaultKey) } == false)
        }

        @Test("A slow answer past the configured timeout is a retryable timeout")
        func timeout() async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            fake.enqueue(.slow(seconds: 30))
            let request = ProviderFixtures.request()
            var error: TryOnError?
            let time = await ProviderFixtures.elapsed {
                error = await ProviderFixtures.failure { try await provider(fake, timeout: .seconds(1)).generate(request) }
            }
            #expect(error == .timeout(.openrouter))
            #expect(error?.isRetryable == true)
            #expect(time < .seconds(10))
        }

        @Test("Cancelling the task mid-request ends it promptly as cancelled and hangs up", arguments: OpenRouterEndpoint.allCases)
        func cancellation(endpoint: OpenRouterEndpoint) async throws {
            let fake = try FakeOpenRouter()
            defer { fake.stop() }
            // The chat endpoint sends one request per variation; both wait.
            let calls = endpoint == .chat ? 2 : 1
            fake.enqueue(.slow(seconds: 30), .slow(seconds: 30))
            let generating = provider(fake, endpoint: endpoint)
            let request = ProviderFixtures.request(count: 2)
            let task = Task { await ProviderFixtures.failure { try await generating.generate(request) } }
            await ProviderFixtures.wait { fake.requests.count >= calls }
            var error: TryOnError?
            let time = await ProviderFixtures.elapsed {
                task.cancel()
                error = await task.value
            }
            #expect(error == .cancelled)
            #expect(time < .seconds(2))
            #expect(await fake.waitForAbortedResponses(calls))
        }
    }
}
