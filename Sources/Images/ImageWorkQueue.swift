import Dispatch

/// Runs blocking libvips work off Swift's cooperative thread pool.
///
/// One serial queue for the process: libvips already spreads each image over every core, and
/// one image at a time keeps peak memory flat when many photos arrive together.
enum ImageWorkQueue {
    private static let queue = DispatchQueue(label: "wardrobe.images", qos: .userInitiated)

    /// Runs `work` on the image queue and resumes the caller with its result.
    static func run<Output: Sendable>(
        _ work: @escaping @Sendable () throws(ImageError) -> Output
    ) async throws(ImageError) -> Output {
        let result: Result<Output, ImageError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(ImageError) -> Output in try work() })
            }
        }
        return try result.get()
    }
}
