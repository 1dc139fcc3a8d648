import Images
import JSON

/// A loopback OpenRouter: `POST /api/v1/images`, `POST /api/v1/chat/completions` and `GET /api/v1/key`.
///
/// It checks `Authorization: Bearer KEY`, the field names, and every uploaded image (≤ 1024 px, no GPS,
/// at most `maximumImages`), answering mistakes with OpenRouter's `{"error":{"code","message"}}` shape.
/// Generation requests follow the scripted behaviours in order, then succeed.
public final class FakeOpenRouter: ScriptedAIFake {
    /// What the next generation request gets.
    public enum Behaviour: Sendable {
        /// Real images: `n` base64 PNGs (or `resultFormat`) from `/images`, one data URI from chat.
        case success
        /// Chat: a message with this text and no image; `/images`: an empty `data` list.
        case textOnly(String)
        /// An error with this HTTP status (also the body's `code`), optionally with `Retry-After` seconds.
        case error(status: Int, message: String = "Fake OpenRouter error", retryAfter: Int? = nil)
        /// HTTP 200 whose body is `{"error":{"code":code,…}}`, as when the model fails after starting.
        case errorInBody(code: Int, message: String = "Provider returned error")
        /// 403 moderation: the input was flagged for these reasons.
        case safetyBlock(reasons: [String] = ["sexual"])
        /// A success that starts only after `seconds`.
        case slow(seconds: Double)
        /// Exactly this response.
        case raw(LoopbackResponse)
    }

    /// The key the fake accepts.
    public static let defaultKey = "sk-or-v1-fake0123456789abcdef"

    /// The key the fake accepts.
    public let key: String
    /// The server and script behind the fake.
    public let core: FakeAIServer<Behaviour>

    /// Starts the fake; `keyData` is the `data` object `GET /api/v1/key` returns.
    public init(key: String = FakeOpenRouter.defaultKey, resultFormat: ImageFormat = .png, maximumImages: Int = 4,
                keyData: JSON = ["label": "sk-or-v1-fak...def", "usage": 1.25, "limit": 10, "limit_remaining": 8.75, "is_free_tier": false])
        throws(TestKitError)
    {
        let script = FakeScript<Behaviour>(resultFormat: resultFormat)
        let context = Context(key: key, maximumImages: maximumImages, keyData: keyData, script: script)
        self.key = key
        core = FakeAIServer(script: script, server: try LoopbackHTTPServer { request in await context.handle(request) })
    }
}
