/// Typed settings for the three providers; the defaults match the `tryon.*` config keys.
///
/// Only the executable reads the config file; it fills this struct and hands it to `ProviderFactory`.
public struct ProviderSettings: Sendable, Hashable {
    /// Settings for OpenRouter (`tryon.openrouter.*`).
    public struct OpenRouter: Sendable, Hashable {
        /// The API root, e.g. "https://openrouter.ai" or a gateway's URL; paths start with /api/v1.
        public var baseURL: String
        /// The model id, e.g. "meta/muse-image" or "google/gemini-2.5-flash-image".
        public var model: String
        /// Which API the model is called through.
        public var endpoint: OpenRouterEndpoint

        /// Settings with the config defaults.
        public init(baseURL: String = OpenRouterProvider.defaultBaseURL, model: String = OpenRouterProvider.defaultModel,
                    endpoint: OpenRouterEndpoint = .images) {
            self.baseURL = baseURL
            self.model = model
            self.endpoint = endpoint
        }
    }

    /// Settings for Google Gemini (`tryon.gemini.*`).
    public struct Gemini: Sendable, Hashable {
        /// The API root, e.g. "https://generativelanguage.googleapis.com"; paths start with /v1beta.
        public var baseURL: String
        /// The model id, e.g. "gemini-2.5-flash-image".
        public var model: String

        /// Settings with the config defaults.
        public init(baseURL: String = GeminiProvider.defaultBaseURL, model: String = GeminiProvider.defaultModel) {
            self.baseURL = baseURL
            self.model = model
        }
    }

    /// Settings for Fal.ai (`tryon.fal.*`).
    public struct Fal: Sendable, Hashable {
        /// The synchronous API root, e.g. "https://fal.run".
        public var baseURL: String
        /// The model path under the root, e.g. "fal-ai/bytedance/seedream/v4/edit"; it doubles as the model id.
        public var endpoint: String

        /// Settings with the config defaults.
        public init(baseURL: String = FalProvider.defaultBaseURL, endpoint: String = FalProvider.defaultEndpoint) {
            self.baseURL = baseURL
            self.endpoint = endpoint
        }
    }

    /// OpenRouter settings.
    public var openRouter: OpenRouter
    /// Gemini settings.
    public var gemini: Gemini
    /// Fal.ai settings.
    public var fal: Fal
    /// The longest one provider call may take (`tryon.provider_timeout_seconds`).
    public var timeout: Duration
    /// The largest response body accepted from a provider (base64 images are big).
    public var maxResponseBytes: Int
    /// Allows result-image URLs on loopback and private addresses (`tryon.allow_private_result_hosts`,
    /// for tests and home setups); off by default, so a service cannot point the bot at the local network.
    public var allowPrivateResultHosts: Bool = false

    /// The default response cap: a few base64 PNGs fit with room to spare.
    public static let defaultMaxResponseBytes = 64 * 1024 * 1024

    /// Settings with the config defaults: 180 s timeout, 64 MiB responses.
    public init(openRouter: OpenRouter = OpenRouter(), gemini: Gemini = Gemini(), fal: Fal = Fal(),
                timeout: Duration = .seconds(180), maxResponseBytes: Int = ProviderSettings.defaultMaxResponseBytes) {
        self.openRouter = openRouter
        self.gemini = gemini
        self.fal = fal
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// The OpenRouter API a model is called through (`tryon.openrouter.endpoint`).
public enum OpenRouterEndpoint: String, Sendable, Hashable, CaseIterable {
    /// `POST /api/v1/images`, for image-only models; variations come from `n` in one call.
    case images
    /// `POST /api/v1/chat/completions` with image output, for multimodal chat models; one call per variation.
    case chat
}
