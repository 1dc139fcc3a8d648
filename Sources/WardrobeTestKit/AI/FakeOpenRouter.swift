import Images
import JSON

/// A loopback OpenRouter: `POST /api/v1/images`, `POST /api/v1/chat/completions` and `GET /api/v1/key`.
///
/// It checks `Authorization: Bearer KEY`, the field names, and every uploaded image (≤ 1024 px, no GPS,
/// at most `maximumImages`), answering mistakes with OpenRouter's `{"error":{"code","message"}}` shape.
/// Generation requests follow the scripted behaviours in order, then succeed.
public final class FakeOpenRouter: Sendable {
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
    private let handle: FakeServerHandle
    private let script: FakeScript<Behaviour>

    /// Starts the fake; `keyData` is the `data` object `GET /api/v1/key` returns.
    public init(key: String = FakeOpenRouter.defaultKey, resultFormat: ImageFormat = .png, maximumImages: Int = 4,
                keyData: JSON = ["label": "sk-or-v1-fak...def", "usage": 1.25, "limit": 10, "limit_remaining": 8.75, "is_free_tier": false])
        throws(TestKitError)
    {
        let script = FakeScript<Behaviour>(resultFormat: resultFormat)
        let context = Context(key: key, maximumImages: maximumImages, keyData: keyData, script: script)
        self.key = key
        self.script = script
        handle = FakeServerHandle(try LoopbackHTTPServer { request in await context.handle(request) })
    }

    /// The base URL to configure the provider with, e.g. "http://127.0.0.1:40123".
    public var baseURL: String { handle.server.baseURL }

    /// Queues behaviours for the next generation requests; once used up, requests succeed.
    public func enqueue(_ behaviours: Behaviour...) { script.enqueue(behaviours) }

    /// Every request received, rejected ones included, in order.
    public var requests: [FakeAIRequest] { script.requests }

    /// The format of generated images.
    public var resultFormat: ImageFormat {
        get { script.resultFormat }
        set { script.resultFormat = newValue }
    }

    /// Waits until the client has hung up on `count` responses (cancellation tests).
    public func waitForAbortedResponses(_ count: Int = 1, timeout: Duration = .seconds(3)) async -> Bool {
        await handle.server.waitForAbortedResponses(count, timeout: timeout)
    }

    /// Stops the server on a thread of its own and returns at once (see `FakeServerHandle`); deinit does it too.
    public func stop() { handle.stop() }
}
