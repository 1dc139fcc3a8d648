/// A remote image model that dresses a person in a garment.
///
/// Each implementation takes its API key and base URL in its initialiser and holds no global state.
public protocol ImageGenerationProvider: Sendable {
    /// Which service this is.
    var service: TryOnService { get }
    /// The model id requests use.
    var model: String { get }
    /// Most input images one call accepts.
    var maximumInputImages: Int { get }
    /// Generates `request.count` images (one call, or one call per variation where the API needs it).
    func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult
    /// Tests the key with a cheap authenticated call.
    func verifyKey() async throws(TryOnError) -> KeyCheck
}
