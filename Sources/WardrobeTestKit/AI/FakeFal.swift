import Images
import JSON

/// A loopback Fal.ai synchronous endpoint (`POST /fal-ai/bytedance/seedream/v4/edit` by default), plus the
/// result files it hands out as URLs (`GET /files/N.png`, no key needed, like Fal's CDN).
///
/// It checks `Authorization: Key KEY_ID:KEY_SECRET`, the field names, and every image URL (data URIs,
/// ≤ 1024 px, no GPS, at most `maximumImages`), answering mistakes with Fal's 422 `{"detail":[…]}` shape.
public final class FakeFal: Sendable {
    /// What the next generation request gets.
    public enum Behaviour: Sendable {
        /// `num_images` results as data URIs (what `sync_mode` asks for).
        case success
        /// `num_images` results as URLs served by this fake.
        case successAsURL
        /// HTTP 200 with an empty `images` list.
        case noImages
        /// 422 whose detail has `type: content_policy_violation`.
        case safetyBlock
        /// 422 with another validation error.
        case validationError(String)
        /// An error with this status and `{"detail": detail}`; `errorType` also goes into `X-Fal-Error-Type` and `error_type`.
        case error(status: Int, detail: String = "Fake Fal error", errorType: String? = nil, retryAfter: Int? = nil)
        /// A success that starts only after `seconds`.
        case slow(seconds: Double)
        /// Exactly this response.
        case raw(LoopbackResponse)
    }

    /// The key the fake accepts (KEY_ID:KEY_SECRET).
    public static let defaultKey = "0f1e2d3c-fake-4b5a-9876-543210fedcba:0123456789abcdef0123456789abcdef"
    /// The model path the fake serves by default.
    public static let defaultEndpoint = "fal-ai/bytedance/seedream/v4/edit"

    /// The key the fake accepts.
    public let key: String
    private let handle: FakeServerHandle
    private let script: FakeScript<Behaviour>

    /// Starts the fake serving the model at `endpoint`.
    public init(key: String = FakeFal.defaultKey, endpoint: String = FakeFal.defaultEndpoint, resultFormat: ImageFormat = .png,
                maximumImages: Int = 10) throws(TestKitError) {
        let script = FakeScript<Behaviour>(resultFormat: resultFormat)
        let context = Context(key: key, path: "/" + endpoint, maximumImages: maximumImages, script: script)
        self.key = key
        self.script = script
        handle = FakeServerHandle(try LoopbackHTTPServer { request in await context.handle(request) })
    }

    /// The base URL to configure the provider with.
    public var baseURL: String { handle.server.baseURL }

    /// Queues behaviours for the next generation requests; once used up, requests succeed.
    public func enqueue(_ behaviours: Behaviour...) { script.enqueue(behaviours) }

    /// Every request received, rejected ones and file downloads included, in order.
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
