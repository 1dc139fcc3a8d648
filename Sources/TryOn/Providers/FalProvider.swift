import HTTP
import JSON

/// Fal.ai through its synchronous endpoint, by default `POST https://fal.run/fal-ai/bytedance/seedream/v4/edit`.
///
/// Authenticates with `Authorization: Key KEY_ID:KEY_SECRET`. All variations come from one call (`num_images`).
/// Results are data URIs (`sync_mode`) or https URLs, which are downloaded without the key.
public struct FalProvider: ImageGenerationProvider {
    /// The synchronous API root.
    public static let defaultBaseURL = "https://fal.run"
    /// The default model path: Seedream 4 image editing.
    public static let defaultEndpoint = "fal-ai/bytedance/seedream/v4/edit"

    public let service = TryOnService.fal
    /// The model path, e.g. "fal-ai/bytedance/seedream/v4/edit".
    public let model: String
    /// Seedream's edit endpoint takes up to ten reference images.
    public let maximumInputImages = 10
    let baseURL: String
    let connection: ProviderConnection

    /// A provider calling the model at `endpoint` under `baseURL`.
    public init(key: String, baseURL: String = FalProvider.defaultBaseURL, endpoint: String = FalProvider.defaultEndpoint,
                timeout: Duration = .seconds(180), maxResponseBytes: Int = ProviderSettings.defaultMaxResponseBytes,
                http: any HTTPTransport, resultAddresses: AddressGuard = AddressGuard()) {
        var endpoint = Substring(endpoint)
        while endpoint.hasPrefix("/") { endpoint = endpoint.dropFirst() }
        model = String(endpoint)
        self.baseURL = baseURL
        connection = ProviderConnection(
            service: .fal, http: http, key: key, timeout: timeout, maxResponseBytes: maxResponseBytes, resultAddresses: resultAddresses)
    }

    /// Generates `request.count` images in one call.
    public func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult {
        try connection.requireKey()
        try request.check(for: service, maximumInputImages: maximumInputImages)
        let size = Self.imageSize(aspectRatio: request.aspectRatio)
        let body: JSON = [
            "prompt": .string(request.prompt),
            "image_urls": .array(request.images.map { .string(DataURI.encode($0.bytes, mimeType: $0.mimeType)) }),
            "num_images": JSON(request.count),
            "image_size": ["width": JSON(size.width), "height": JSON(size.height)],
            "sync_mode": true,
            "enable_safety_checker": true,
        ]
        let url = ProviderConnection.url(baseURL, "/" + model)
        let response = try await connection.send(connection.request(.post, url, headers: headers, json: body))
        guard response.isSuccess else { throw failure(response) }
        let json = try connection.requireJSON(response)
        guard let entries = json["images"]?.array, !entries.isEmpty else { throw .noImageReturned(service, text: nil) }
        let reader = ResultImageReader(connection: connection)
        var images: [GeneratedImage] = []
        for entry in entries {
            guard let reference = entry["url"]?.string else { throw .badResponse(service, detail: "image entry without url") }
            images.append(try await reader.image(reference: reference, declaredType: entry["content_type"]?.string))
        }
        return GenerationResult(images: images, service: service, model: model)
    }

    /// Fal has no cheap authenticated call, so a configured key is reported as unverifiable.
    public func verifyKey() async throws(TryOnError) -> KeyCheck {
        try connection.requireKey()
        return .unverifiable
    }

    /// The auth header every call carries.
    var headers: HTTPHeaders { ["Authorization": "Key \(connection.key)"] }

    /// The output size for an aspect ratio "w:h": the long side 2560 px, the short side rounded to a multiple of 16.
    ///
    /// "9:16" gives 1440×2560; anything unreadable falls back to that.
    static func imageSize(aspectRatio: String) -> (width: Int, height: Int) {
        let parts = aspectRatio.split(separator: ":").compactMap { Double($0) }
        // Finite and at most 1:16 either way, so the scaled side below is a small whole number.
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }), max(parts[0], parts[1]) / min(parts[0], parts[1]) <= 16 else {
            return (1440, 2560)
        }
        let long = 2560.0
        func scaled(_ side: Double, _ other: Double) -> Int { Int((long * side / other / 16).rounded()) * 16 }
        return parts[0] >= parts[1] ? (Int(long), scaled(parts[1], parts[0])) : (scaled(parts[0], parts[1]), Int(long))
    }
}
