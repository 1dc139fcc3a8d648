import HTTP
import Images
import Testing
@testable import TryOn
import WardrobeTestKit

/// Every provider and fake test; nested suites live in the Provider*.swift and Fake*.swift files.
@Suite("Try-on providers")
struct TryOnProviderTests {}

/// Shared inputs and helpers for the provider tests.
enum ProviderFixtures {
    /// One HTTP client for the whole test process, as in production.
    static let http = HTTPClient()
    /// A selfie as the bot uploads it: 768×1024 JPEG, stripped.
    static let person = prepared(width: 1500, height: 2000, seed: 7)
    /// A garment photo as the bot uploads it: 1024×1024 JPEG.
    static let garment = prepared(width: 1200, height: 1200, seed: 11)
    /// The prompt every test sends.
    static let prompt = "Dress the person in the first image in the garment from the second image."

    /// A try-on request with the person and the garment.
    static func request(count: Int = 1, images: [InputImage]? = nil) -> GenerationRequest {
        GenerationRequest(prompt: prompt, images: images ?? [person, garment], count: count)
    }

    /// A 1500×2000 JPEG that has not been through `prepareForUpload`: too big for any service.
    static let unprepared = InputImage(bytes: try! SyntheticPhoto.generate(width: 1500, height: 2000, format: .jpeg), mimeType: "image/jpeg")

    /// The error `work` throws, or nil when it succeeds.
    static func failure<Value>(_ work: () async throws -> Value) async -> TryOnError? {
        do {
            _ = try await work()
            return nil
        } catch let error as TryOnError {
            return error
        } catch {
            Issue.record("not a TryOnError: \(error)")
            return nil
        }
    }

    /// The formats of results, read back from their bytes.
    static func formats(of images: [GeneratedImage]) async -> [ImageFormat?] {
        var formats: [ImageFormat?] = []
        for image in images { formats.append(try? await ImageProcessor().detectFormat(image.bytes)) }
        return formats
    }

    /// How long `work` takes.
    static func elapsed(_ work: () async -> Void) async -> Duration {
        let start = ContinuousClock.now
        await work()
        return ContinuousClock.now - start
    }

    /// Waits until `condition` holds, for at most twenty seconds (handlers are slow when every test runs at once).
    static func wait(until condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    }

    private static func prepared(width: Int, height: Int, seed: Int) -> InputImage {
        let photo = try! SyntheticPhoto.generate(width: width, height: height, format: .jpeg, seed: seed)
        let upload = try! ImageProcessor().prepareForUpload(photo)
        return InputImage(bytes: upload.bytes, mimeType: upload.mimeType)
    }
}
