import Foundation

/// Rendered text, kept for reuse: Pango lays out every `vips_text` call from scratch (a few ms each), and
/// pictures draw the same few strings again and again (item-number badges, category names). Holds text masks,
/// as libvips images and as bytes for the pictures painted in Swift (`PixelCanvas`), each a few KB.
///
/// `@unchecked Sendable`: the dictionary is only touched under `lock`, and the cached images are
/// materialized in memory, which libvips reads safely from any thread.
final class TextMaskCache: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = TextMaskCache(limit: 512)

    private let lock = NSLock()
    private var masks: [String: ImageHandle] = [:]
    private var pixelMasks: [String: PixelImage] = [:]
    private let limit: Int

    /// A cache that forgets everything once it holds `limit` masks (a few KB each), so it stays small.
    init(limit: Int) {
        self.limit = limit
    }

    /// The cached mask for `key`, or the one `render` makes (then cached).
    func mask(_ key: String, render: () throws(ImageError) -> ImageHandle) throws(ImageError) -> ImageHandle {
        if let cached = lock.withLock({ masks[key] }) { return cached }
        let mask = try render().materialized()
        lock.withLock {
            if masks.count >= limit { masks.removeAll() }
            masks[key] = mask
        }
        return mask
    }

    /// The cached mask bytes for `key`, or the ones `render` makes (then cached).
    func pixels(_ key: String, render: () throws(ImageError) -> PixelImage) throws(ImageError) -> PixelImage {
        if let cached = lock.withLock({ pixelMasks[key] }) { return cached }
        let mask = try render()
        lock.withLock {
            if pixelMasks.count >= limit { pixelMasks.removeAll() }
            pixelMasks[key] = mask
        }
        return mask
    }
}
