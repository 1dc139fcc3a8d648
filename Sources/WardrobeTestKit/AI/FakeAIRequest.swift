import JSON

/// One request a fake AI service received, with what it understood of it, for test assertions.
public struct FakeAIRequest: Sendable {
    /// The request as it arrived.
    public let raw: LoopbackRequest
    /// The value of the service's auth header (`Authorization` or `x-goog-api-key`) as sent.
    public internal(set) var credential: String?
    /// The parsed JSON body, when there was one.
    public internal(set) var json: JSON?
    /// The model asked for (body field or URL path).
    public internal(set) var model: String?
    /// The prompt text.
    public internal(set) var prompt: String?
    /// The uploaded images in order, as measured by the fake.
    public internal(set) var images: [FakeUploadedImage] = []
    /// How many images were asked for (`n`, `num_images`), when the request said.
    public internal(set) var count: Int?
    /// The aspect ratio asked for, when the request said.
    public internal(set) var aspectRatio: String?
    /// Why the fake refused the request; nil when it was accepted.
    public internal(set) var rejection: String?

    init(raw: LoopbackRequest, credential: String?) {
        self.raw = raw
        self.credential = credential
    }

    /// The request method.
    public var method: String { raw.method }
    /// The request path.
    public var path: String { raw.path }
}
