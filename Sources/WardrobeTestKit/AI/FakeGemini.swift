import Images
import JSON

/// A loopback Gemini API: `POST /v1beta/models/{model}:generateContent` and `GET /v1beta/models`.
///
/// It checks `x-goog-api-key` (a wrong key gets Google's 400 API_KEY_INVALID, none gets 403 PERMISSION_DENIED),
/// the field names, and every inline image (≤ 1024 px, no GPS, at most `maximumImages`), answering mistakes
/// with Google's `{"error":{"code","message","status","details"}}` shape.
public final class FakeGemini: ScriptedAIFake {
    /// How a safety block is reported; both arrive with HTTP 200.
    public enum SafetyShape: Sendable, Hashable {
        /// No candidates, `promptFeedback.blockReason` set (SAFETY, PROHIBITED_CONTENT, IMAGE_SAFETY, …).
        case promptBlocked(reason: String)
        /// One candidate with this `finishReason` (IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT, SAFETY, …) and no content.
        case finishReason(String)
    }

    /// What the next generation request gets.
    public enum Behaviour: Sendable {
        /// A text part and an image part, camelCase (`inlineData`, `mimeType`).
        case success
        /// The same in snake_case (`inline_data`, `mime_type`), as some gateways answer.
        case successSnakeCase
        /// A candidate with only a text part, finishReason STOP.
        case textOnly(String)
        /// A candidate with finishReason NO_IMAGE and no content.
        case noImage
        /// A safety block in one of its two shapes.
        case safetyBlock(SafetyShape)
        /// 429 RESOURCE_EXHAUSTED; the delay goes in the message and, when `retryInfo`, in `details[].retryDelay`.
        case rateLimited(seconds: Int, retryInfo: Bool = true)
        /// A Google error: HTTP status, gRPC status name, message, and `details` entries.
        case error(status: Int, grpcStatus: String, message: String = "Fake Gemini error", details: [JSON] = [])
        /// A success that starts only after `seconds`.
        case slow(seconds: Double)
        /// Exactly this response.
        case raw(LoopbackResponse)
    }

    /// The key the fake accepts.
    public static let defaultKey = "AIzaFakeKey0123456789abcdefghijklmnop"

    /// The key the fake accepts.
    public let key: String
    /// The server and script behind the fake.
    public let core: FakeAIServer<Behaviour>

    /// Starts the fake.
    public init(key: String = FakeGemini.defaultKey, resultFormat: ImageFormat = .png, maximumImages: Int = 3) throws(TestKitError) {
        let script = FakeScript<Behaviour>(resultFormat: resultFormat)
        let context = Context(key: key, maximumImages: maximumImages, script: script)
        self.key = key
        core = FakeAIServer(script: script, server: try LoopbackHTTPServer { request in await context.handle(request) })
    }
}
