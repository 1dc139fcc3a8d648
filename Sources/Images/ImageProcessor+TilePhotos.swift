import Dispatch
import Foundation

extension ImageProcessor {
    /// Each photo decoded to fit a square of its `side`, in memory, several at once; nil where there is no photo
    /// or it cannot be read (the tile then becomes a swatch).
    ///
    /// Decoding a 1024 px JPEG and shrinking it to a tile is nearly all of a flat-lay's cost drawn from sources,
    /// and each photo is one sequential libvips pipeline that keeps about one core busy, so the photos are spread
    /// over the cores. The caller holds the libvips lock; the workers act for it and do not take the lock
    /// (`acceptedInput`). They share libvips' one error buffer, so one worker's message can lose its text to
    /// another's `clearError`; that costs nothing here, since a failed photo only falls back to its swatch and no
    /// error text leaves this method.
    func decodedTilePhotos(_ requests: [(photo: [UInt8]?, side: Int)]) -> [PixelImage?] {
        let jobs = requests.indices.filter { requests[$0].photo != nil }
        let results = DecodedTilePhotos(count: requests.count, jobs: jobs)
        let workers = min(jobs.count, max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4)))
        guard workers > 1 else {
            for index in jobs { results.store(tilePhoto(requests[index].photo, side: requests[index].side), at: index) }
            return results.photos()
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = results.nextJob() {
                results.store(tilePhoto(requests[index].photo, side: requests[index].side), at: index)
            }
        }
        return results.photos()
    }

    /// One photo decoded to fit `side`, as RGB bytes, or nil when it is missing or unreadable.
    private func tilePhoto(_ bytes: [UInt8]?, side: Int) -> PixelImage? {
        guard let bytes, bytes.count <= configuration.maxByteCount else { return nil }
        return try? acceptedInput(bytes) { buffer, info throws(ImageError) in
            try Self.decoding { () throws(ImageError) in
                // A tile is a preview: the linear kernel is indistinguishable there and saves about a third of the resize.
                let photo = try ImageHandle.decoded(buffer, info: info, maxSide: side, kernel: .linear).pixels()
                guard photo.bands == 3 else { throw .processingFailed(detail: "tile: \(photo.bands) bands") }
                return photo
            }
        }
    }
}

/// The decoded photos of one picture and the queue of photos still to decode, shared by the decoding threads.
///
/// `@unchecked Sendable`: every field is read and written only under `lock` (the photos are plain byte arrays).
private final class DecodedTilePhotos: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [PixelImage?]
    private var pending: ArraySlice<Int>

    init(count: Int, jobs: [Int]) {
        slots = Array(repeating: nil, count: count)
        pending = jobs[...]
    }

    /// The next photo to decode, or nil when none is left.
    func nextJob() -> Int? {
        lock.withLock { pending.popFirst() }
    }

    /// Keeps the decoded photo of tile `index`.
    func store(_ photo: PixelImage?, at index: Int) {
        lock.withLock { slots[index] = photo }
    }

    /// All photos, in tile order.
    func photos() -> [PixelImage?] {
        lock.withLock { slots }
    }
}
