import Images
import JSON

/// A loopback Fal.ai synchronous endpoint (`POST /fal-ai/bytedance/seedream/v4/edit` by default), plus the
/// result files it hands out as URLs (`GET /files/N.png`, no key needed, like Fal's CDN).
///
/// It checks `Authorization: Key KEY_ID:KEY_SECRET`, the field names, and every image URL (data URIs,
/// ≤ 1024 px, no GPS, at most `maximumImages`), answering mistakes with Fal's 422 `{"detail":[…]}` shape.
public final class FakeFal: ScriptedAIFake {
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
    /// The server and script behind the fake.
    public let core: FakeAIServer<Behaviour>

    /// Starts the fake serving the model at `endpoint`.
    public init(key: String = FakeFal.defaultKey, endpoint: String = FakeFal.defaultEndpoint, resultFormat: ImageFormat = .png,
                maximumImages: Int = 10) throws(TestKitError) {
        let script = FakeScript<Behaviour>(resultFormat: resultFormat)
        let context = Context(key: key, path: "/" + endpoint, maximumImages: maximumImages, script: script)
        self.key = key
        core = FakeAIServer(script: script, server: try LoopbackHTTPServer { request in await context.handle(request) })
    }
}
