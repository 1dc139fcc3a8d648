import HTTP

/// Builds the provider for a service from its key and the typed settings.
public enum ProviderFactory {
    /// The provider for `service`, calling out through `http` with `key`.
    public static func make(service: TryOnService, key: String, settings: ProviderSettings = ProviderSettings(),
                            http: any HTTPTransport) -> any ImageGenerationProvider {
        let resultAddresses = AddressGuard(allowPrivateNetworks: settings.allowPrivateResultHosts)
        switch service {
        case .openrouter:
            return OpenRouterProvider(
                key: key, baseURL: settings.openRouter.baseURL, model: settings.openRouter.model,
                endpoint: settings.openRouter.endpoint, timeout: settings.timeout,
                maxResponseBytes: settings.maxResponseBytes, http: http, resultAddresses: resultAddresses)
        case .gemini:
            return GeminiProvider(
                key: key, baseURL: settings.gemini.baseURL, model: settings.gemini.model,
                timeout: settings.timeout, maxResponseBytes: settings.maxResponseBytes, http: http, resultAddresses: resultAddresses)
        case .fal:
            return FalProvider(
                key: key, baseURL: settings.fal.baseURL, endpoint: settings.fal.endpoint,
                timeout: settings.timeout, maxResponseBytes: settings.maxResponseBytes, http: http, resultAddresses: resultAddresses)
        }
    }
}
