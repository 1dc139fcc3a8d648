import HTTP
import JSON
import Sodium

/// Google Gemini image models through `POST /v1beta/models/{model}:generateContent`.
///
/// Authenticates with `x-goog-api-key`. One call returns one image, so variations are separate calls.
/// Safety blocks arrive as HTTP 200 answers without an image and become `.safetyBlocked`.
public struct GeminiProvider: ImageGenerationProvider {
    /// The public API root.
    public static let defaultBaseURL = "https://generativelanguage.googleapis.com"
    /// The default image model.
    public static let defaultModel = "gemini-2.5-flash-image"
    /// Finish and block reasons that mean a safety filter stopped the image.
    static let safetyFinishReasons: Set<String> = [
        "SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION",
        "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION",
    ]

    public let service = TryOnService.gemini
    public let model: String
    /// Gemini 2.5 Flash Image works best with up to three input images.
    public let maximumInputImages = 3
    let baseURL: String
    let connection: ProviderConnection

    /// A provider calling `model` at `baseURL` (a proxy or gateway with the same paths works too).
    public init(key: String, baseURL: String = GeminiProvider.defaultBaseURL, model: String = GeminiProvider.defaultModel,
                timeout: Duration = .seconds(180), maxResponseBytes: Int = ProviderSettings.defaultMaxResponseBytes,
                http: any HTTPTransport, resultAddresses: AddressGuard = AddressGuard()) {
        // Accept ids copied from the models list ("models/gemini-…") as well.
        self.model = model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
        self.baseURL = baseURL
        connection = ProviderConnection(
            service: .gemini, http: http, key: key, timeout: timeout, maxResponseBytes: maxResponseBytes, resultAddresses: resultAddresses)
    }

    /// Generates `request.count` images, one `generateContent` call each, run concurrently.
    public func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult {
        try connection.requireKey()
        try request.check(for: service, maximumInputImages: maximumInputImages)
        let images = try await Variations.run(count: request.count) { [self] _ async throws(TryOnError) in
            try await generateOne(request)
        }
        return GenerationResult(images: images, service: service, model: model)
    }

    /// Checks the key with `GET /v1beta/models`.
    public func verifyKey() async throws(TryOnError) -> KeyCheck {
        try connection.requireKey()
        let response = try await connection.send(connection.request(.get, url("/v1beta/models"), headers: headers))
        let body = connection.json(response)
        guard response.isSuccess, body?["error"] == nil else { throw failure(response, body: body) }
        let count = body?["models"]?.array?.count ?? 0
        return .valid(detail: count > 0 ? "\(count) models available" : nil)
    }

    /// One `generateContent` call.
    func generateOne(_ request: GenerationRequest) async throws(TryOnError) -> [GeneratedImage] {
        var parts: [JSON] = [["text": .string(request.prompt)]]
        for image in request.images {
            parts.append(["inline_data": ["mime_type": .string(image.mimeType), "data": .string(Base64.encode(image.bytes))]])
        }
        let body: JSON = [
            "contents": [["role": "user", "parts": .array(parts)]],
            "generationConfig": [
                "responseModalities": ["TEXT", "IMAGE"],
                "imageConfig": ["aspectRatio": .string(request.aspectRatio)],
            ],
        ]
        let path = "/v1beta/models/\(model):generateContent"
        let response = try await connection.send(connection.request(.post, url(path), headers: headers, json: body))
        let json = connection.json(response)
        guard response.isSuccess, json?["error"] == nil else { throw failure(response, body: json) }
        return try await images(in: try connection.requireJSON(response))
    }

    /// The auth header every call carries.
    var headers: HTTPHeaders { ["x-goog-api-key": connection.key] }

    /// The full URL of an API path.
    func url(_ path: String) -> String { ProviderConnection.url(baseURL, path) }
}
