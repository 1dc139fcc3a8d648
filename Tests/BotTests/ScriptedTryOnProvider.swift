import Foundation
import Images
import Synchronization
import TryOn

/// An in-process provider for try-on tests: each call takes the next scripted step.
final class ScriptedTryOnProvider: ImageGenerationProvider {
    enum Step: Sendable {
        /// Returns `count` real images in `format`.
        case succeed(ImageFormat)
        /// Throws the error.
        case fail(TryOnError)
        /// Waits until the task is cancelled, then throws `.cancelled`.
        case hang
    }

    private struct State {
        var steps: [Step] = []
        var requests: [GenerationRequest] = []
        var keys: [String] = []
        var cancellations = 0
        var verify: Result<KeyCheck, TryOnError> = .success(.valid(detail: "Credit left: $4.20."))
        var seed = 1
    }

    let service: TryOnService
    let model = "test-model"
    let maximumInputImages = 2
    private let state = Mutex(State())
    /// The size of generated images.
    let outputSize = (width: 600, height: 800)

    init(service: TryOnService = .openrouter) {
        self.service = service
    }

    /// A copy of this provider that records the key it was built with.
    func built(key: String) -> ScriptedTryOnProvider {
        state.withLock { $0.keys.append(key) }
        return self
    }

    func script(_ steps: Step...) { state.withLock { $0.steps += steps } }
    func setVerify(_ result: Result<KeyCheck, TryOnError>) { state.withLock { $0.verify = result } }

    var requests: [GenerationRequest] { state.withLock { $0.requests } }
    var keys: [String] { state.withLock { $0.keys } }
    var cancellations: Int { state.withLock { $0.cancellations } }

    func generate(_ request: GenerationRequest) async throws(TryOnError) -> GenerationResult {
        let (step, seed) = state.withLock { state -> (Step, Int) in
            state.requests.append(request)
            state.seed += request.count
            return (state.steps.isEmpty ? .succeed(.png) : state.steps.removeFirst(), state.seed)
        }
        switch step {
        case .succeed(let format):
            var images: [GeneratedImage] = []
            for index in 0..<request.count {
                let bytes: [UInt8]
                do {
                    bytes = try SyntheticPhoto.generate(width: outputSize.width, height: outputSize.height, format: format, seed: seed + index)
                } catch {
                    throw .badResponse(service, detail: "\(error)")
                }
                images.append(GeneratedImage(bytes: bytes, mimeType: format.mimeType))
            }
            return GenerationResult(images: images, service: service, model: model)
        case .fail(let error):
            throw error
        case .hang:
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            state.withLock { $0.cancellations += 1 }
            throw .cancelled
        }
    }

    func verifyKey() async throws(TryOnError) -> KeyCheck {
        try state.withLock { $0.verify }.get()
    }
}
