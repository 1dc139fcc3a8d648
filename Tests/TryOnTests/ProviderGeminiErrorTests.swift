import HTTP
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("Gemini: safety blocks, errors, timeouts and cancellation")
    struct GeminiErrors {
        func provider(_ fake: FakeGemini, key: String = FakeGemini.defaultKey, timeout: Duration = .seconds(30)) -> GeminiProvider {
            GeminiProvider(key: key, baseURL: fake.baseURL, timeout: timeout, http: ProviderFixtures.http)
        }

        func failure(_ behaviour: FakeGemini.Behaviour) async throws -> TryOnError? {
            let fake = try FakeGemini()
            defer { fake.stop() }
            fake.enqueue(behaviour)
            return await ProviderFixtures.failure { try await provider(fake).generate(ProviderFixtures.request()) }
        }

        @Test("A blocked prompt (no candidates, promptFeedback.blockReason) is a safety block, never retried",
              arguments: ["SAFETY", "PROHIBITED_CONTENT", "IMAGE_SAFETY"])
        func promptBlocked(reason: String) async throws {
            let error = try await failure(.safetyBlock(.promptBlocked(reason: reason)))
            #expect(error == .safetyBlocked(.gemini, reason: reason))
            #expect(error?.isRetryable == false)
        }

        @Test("A candidate stopped by a safety finishReason is a safety block",
              arguments: ["IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "SAFETY"])
        func finishReason(reason: String) async throws {
            #expect(try await failure(.safetyBlock(.finishReason(reason))) == .safetyBlocked(.gemini, reason: reason))
        }

        @Test("finishReason NO_IMAGE is noImageReturned, not a safety block")
        func noImage() async throws {
            #expect(try await failure(.noImage) == .noImageReturned(.gemini, text: "finish reason NO_IMAGE"))
        }

        @Test("A text-only answer is noImageReturned with the text")
        func textOnly() async throws {
            #expect(try await failure(.textOnly("Sure! Here is a description.")) == .noImageReturned(.gemini, text: "Sure! Here is a description."))
        }

        @Test("A wrong key is Google's 400 API_KEY_INVALID and maps to invalidKey")
        func wrongKey() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            let error = await ProviderFixtures.failure { try await provider(fake, key: "AIzaNotTheKey000000").generate(ProviderFixtures.request()) }
            #expect(error == .invalidKey(.gemini))
        }

        @Test("403 PERMISSION_DENIED maps to invalidKey")
        func permissionDenied() async throws {
            #expect(try await failure(.error(status: 403, grpcStatus: "PERMISSION_DENIED", message: "denied")) == .invalidKey(.gemini))
        }

        @Test("429 RESOURCE_EXHAUSTED takes its delay from details[].retryDelay, else from the message")
        func resourceExhausted() async throws {
            let withInfo = try await failure(.rateLimited(seconds: 28))
            #expect(withInfo == .rateLimited(.gemini, retryAfter: 28))
            #expect(withInfo?.isRetryable == true)
            #expect(try await failure(.rateLimited(seconds: 28, retryInfo: false)) == .rateLimited(.gemini, retryAfter: 28.5))
        }

        @Test("5xx answers are retryable server errors", arguments: [(500, "INTERNAL"), (503, "UNAVAILABLE"), (504, "DEADLINE_EXCEEDED")])
        func serverErrors(status: Int, grpcStatus: String) async throws {
            let error = try await failure(.error(status: status, grpcStatus: grpcStatus, message: "try later"))
            #expect(error == .serverError(.gemini, status: status, message: "\(grpcStatus): try later"))
            #expect(error?.isRetryable == true)
        }

        @Test("Another 400 INVALID_ARGUMENT is a bad request")
        func invalidArgument() async throws {
            let error = try await failure(.error(status: 400, grpcStatus: "INVALID_ARGUMENT", message: "Unsupported MIME type"))
            #expect(error == .badRequest(.gemini, message: "INVALID_ARGUMENT: Unsupported MIME type"))
        }

        @Test("A slow answer past the configured timeout is a timeout")
        func timeout() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            fake.enqueue(.slow(seconds: 30))
            let request = ProviderFixtures.request()
            var error: TryOnError?
            let time = await ProviderFixtures.elapsed {
                error = await ProviderFixtures.failure { try await provider(fake, timeout: .seconds(1)).generate(request) }
            }
            #expect(error == .timeout(.gemini))
            #expect(time < .seconds(10))
        }

        @Test("Cancelling the task mid-request ends it promptly as cancelled")
        func cancellation() async throws {
            let fake = try FakeGemini()
            defer { fake.stop() }
            fake.enqueue(.slow(seconds: 30))
            let gemini = provider(fake)
            let request = ProviderFixtures.request()
            let task = Task { await ProviderFixtures.failure { try await gemini.generate(request) } }
            await ProviderFixtures.wait { !fake.requests.isEmpty }
            var error: TryOnError?
            let time = await ProviderFixtures.elapsed {
                task.cancel()
                error = await task.value
            }
            #expect(error == .cancelled)
            #expect(time < .seconds(2))
            #expect(await fake.waitForAbortedResponses(1))
        }
    }
}
