import HTTP
import JSON

/// OpenRouter: image-only models through `/api/v1/images`, multimodal chat models through `/api/v1/chat/completions`.
///
/// Authenticates with `Authorization: Bearer KEY`. Errors come as `{"error":{"code","message","metadata"}}`,
/// with the HTTP status or, once the model has started, inside an HTTP 200 body; both are mapped the same way.
public struct OpenRouterProvider: ImageGenerationProvider {
    /// The public API root.
    public static let defaultBaseURL = "https://openrouter.ai"
    /// The default image-only model.
    public static let defaultModel = "meta/muse-image"

    public let service = TryOnService.openrouter
    public let model: String
    /// Which API the model is called through.
    public let endpoint: OpenRouterEndpoint
    /// Person and garment, plus room for a second garment; OpenRouter's image models take a handful of references.
    public let maximumInputImages = 4
    let baseURL: String
    let connection: ProviderConnection

    /// A provider calling `model` through `endpoint` at `baseURL` (an OpenRouter-compatible gateway works too).
    public init(key: String, baseURL: String = OpenRouterProvider.defaultBaseURL, model: String = OpenRouterProvider.defaultModel,
                endpoint: OpenRouterEndpoint = .images, timeout: Duration = .seconds(180),
                maxResponseBytes: Int = ProviderSettings.defaultMaxResponseBytes, http: any HTTPTransport,
                resultAddresses: AddressGuard = AddressGuard()) {
        self.model = model
        self.endpoint = endpoint
        self.baseURL = baseURL
        connection = ProviderConnection(
            service: .openrouter, http: http, key: key, timeout: timeout, maxResponseBytes: maxResponseBytes, resultAddresses: resultAddresses)
    }

    /// Generates the images: one `/images` call with `n`, or one chat call per variation.
    public func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult {
        try connection.requireKey()
        try request.check(for: service, maximumInputImages: maximumInputImages)
        let images: [GeneratedImage]
        switch endpoint {
        case .images:
            images = try await generateWithImagesAPI(request)
        case .chat:
            images = try await Variations.run(count: request.count) { [self] _ async throws(TryOnError) in
                try await generateWithChatAPI(request)
            }
        }
        return GenerationResult(images: images, service: service, model: model)
    }

    /// Checks the key with `GET /api/v1/key`, reporting usage and limit.
    public func verifyKey() async throws(TryOnError) -> KeyCheck {
        try connection.requireKey()
        let response = try await connection.send(connection.request(.get, url("/api/v1/key"), headers: headers))
        let body = connection.json(response)
        if !response.isSuccess || body?["error"] != nil { throw failure(response, body: body) }
        guard let data = body?["data"] else { throw .badResponse(service, detail: "key check answer has no data") }
        return .valid(detail: Self.describeKey(data))
    }

    /// The auth header every call carries.
    var headers: HTTPHeaders { ["Authorization": "Bearer \(connection.key)"] }

    /// The full URL of an API path.
    func url(_ path: String) -> String { ProviderConnection.url(baseURL, path) }

    /// "usage 1.25, limit 10 (8.75 left)", from the `/key` answer's `data`.
    static func describeKey(_ data: JSON) -> String {
        var parts: [String] = []
        if let usage = data["usage"]?.double { parts.append("usage \(amount(usage))") }
        if let limit = data["limit"]?.double {
            let remaining = data["limit_remaining"]?.double.map { " (\(amount($0)) left)" } ?? ""
            parts.append("limit \(amount(limit))\(remaining)")
        } else {
            parts.append("no limit")
        }
        if data["is_free_tier"]?.bool == true { parts.append("free tier") }
        return parts.joined(separator: ", ")
    }

    /// A credit amount with at most two decimals.
    private static func amount(_ value: Double) -> String {
        // The figure comes from the service: anything not finite or beyond a billion is shown as it is, never converted.
        guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
        let cents = (value * 100).rounded()
        return cents.truncatingRemainder(dividingBy: 100) == 0 ? "\(Int(cents / 100))" : "\(cents / 100)"
    }
}
