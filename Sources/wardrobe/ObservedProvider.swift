import Metrics
import TryOn

/// An image service whose errors are counted by service and kind for `/metrics`; otherwise the service itself.
struct ObservedProvider: ImageGenerationProvider {
    let base: any ImageGenerationProvider
    let errors: MetricFamily

    var service: TryOnService { base.service }
    var model: String { base.model }
    var maximumInputImages: Int { base.maximumInputImages }

    func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult {
        do {
            return try await base.generate(request)
        } catch {
            if error != .cancelled { errors.add(1, service.rawValue, ObservedProvider.kind(of: error)) }
            throw error
        }
    }

    func verifyKey() async throws(TryOnError) -> KeyCheck { try await base.verifyKey() }

    /// A fixed word per error case, so the label set stays small.
    static func kind(of error: TryOnError) -> String {
        switch error {
        case .invalidKey: return "invalid_key"
        case .outOfCredits: return "out_of_credits"
        case .safetyBlocked: return "safety_blocked"
        case .rateLimited: return "rate_limited"
        case .timeout: return "timeout"
        case .serverError: return "server_error"
        case .noImageReturned: return "no_image"
        case .badRequest: return "bad_request"
        case .badResponse: return "bad_response"
        case .missingKey: return "missing_key"
        case .network: return "network"
        case .cancelled: return "cancelled"
        }
    }
}
