import HTTP
import JSON
import Testing
@testable import TryOn
import WardrobeTestKit

extension TryOnProviderTests {
    @Suite("Fal.ai: errors, timeouts and cancellation")
    struct FalErrors {
        func provider(_ fake: FakeFal, key: String = FakeFal.defaultKey, timeout: Duration = .seconds(30)) -> FalProvider {
            FalProvider(key: key, baseURL: fake.baseURL, timeout: timeout, http: ProviderFixtures.http, resultAddresses: AddressGuard(allowPrivateNetworks: true))
        }

        func failure(_ behaviour: FakeFal.Behaviour) async throws -> TryOnError? {
            let fake = try FakeFal()
            defer { fake.stop() }
            fake.enqueue(behaviour)
            return await ProviderFixtures.failure { try await provider(fake).generate(ProviderFixtures.request()) }
        }

        @Test("422 content_policy_violation is a safety block, never retried")
        func contentPolicy() async throws {
            let error = try await failure(.safetyBlock)
            guard case .safetyBlocked(.fal, let reason) = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(reason.contains("content checker"))
            #expect(error?.isRetryable == false)
        }

        @Test("Another 422 is a bad request")
        func otherValidation() async throws {
            #expect(try await failure(.validationError("image_size too small")) == .badRequest(.fal, message: "image_size too small"))
        }

        @Test("A wrong key (401) and a 403 are invalidKey; a locked account for balance is outOfCredits")
        func keys() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            let wrong = await ProviderFixtures.failure { try await provider(fake, key: "id:wrong-secret").generate(ProviderFixtures.request()) }
            #expect(wrong == .invalidKey(.fal))
            #expect(try await failure(.error(status: 403, detail: "Forbidden")) == .invalidKey(.fal))
            let locked = "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing."
            #expect(try await failure(.error(status: 403, detail: locked)) == .outOfCredits(.fal))
        }

        @Test("504 with X-Fal-Error-Type request_timeout is a retryable timeout")
        func gatewayTimeout() async throws {
            let error = try await failure(.error(status: 504, detail: "Request timed out", errorType: "request_timeout"))
            #expect(error == .timeout(.fal))
            #expect(error?.isRetryable == true)
        }

        @Test("503 with X-Fal-Error-Type runner_scheduling_failure is a retryable server error")
        func capacity() async throws {
            let error = try await failure(.error(status: 503, detail: "No runner", errorType: "runner_scheduling_failure"))
            #expect(error == .serverError(.fal, status: 503, message: "runner_scheduling_failure: No runner"))
            #expect(error?.isRetryable == true)
        }

        @Test("429 is rate limited with the Retry-After delay")
        func rateLimited() async throws {
            #expect(try await failure(.error(status: 429, detail: "Too many requests", retryAfter: 12)) == .rateLimited(.fal, retryAfter: 12))
        }

        @Test("An answer without images is noImageReturned")
        func noImages() async throws {
            #expect(try await failure(.noImages) == .noImageReturned(.fal, text: nil))
        }

        @Test("The secret half of the key never reaches an error description")
        func redactsSecret() async throws {
            let secret = String(FakeFal.defaultKey.split(separator: ":")[1])
            let error = try await failure(.validationError("bad secret \(secret)"))
            #expect(error == .badRequest(.fal, message: "bad secret [REDACTED]"))
        }

        @Test("A slow answer past the configured timeout is a timeout")
        func timeout() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            fake.enqueue(.slow(seconds: 30))
            let request = ProviderFixtures.request()
            var error: TryOnError?
            let time = await ProviderFixtures.elapsed {
                error = await ProviderFixtures.failure { try await provider(fake, timeout: .seconds(1)).generate(request) }
            }
            #expect(error == .timeout(.fal))
            #expect(time < .seconds(10))
        }

        @Test("Cancelling the task mid-request ends it promptly as cancelled")
        func cancellation() async throws {
            let fake = try FakeFal()
            defer { fake.stop() }
            fake.enqueue(.slow(seconds: 30))
            let fal = provider(fake)
            let request = ProviderFixtures.request()
            let task = Task { await ProviderFixtures.failure { try await fal.generate(request) } }
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
