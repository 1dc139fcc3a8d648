internal import CVips

/// The single owner of one `VipsImage` reference; never leaves the module.
final class ImageHandle {
    /// The image; valid as long as this handle lives.
    let pointer: UnsafeMutablePointer<VipsImage>

    private init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Runs a libvips call that writes a new image to `out`; `step` names it in the error text.
    static func make(
        _ step: String,
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImageError) -> ImageHandle {
        var out: UnsafeMutablePointer<VipsImage>?
        let status = call(&out)
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw .processingFailed(detail: "\(step): \(VipsRuntime.takeError())")
        }
        return ImageHandle(owning: out)
    }

    /// Takes ownership of an image a libvips function returned, or throws when it returned `NULL`.
    static func adopt(_ step: String, _ pointer: UnsafeMutablePointer<VipsImage>?) throws(ImageError) -> ImageHandle {
        guard let pointer else { throw .processingFailed(detail: "\(step): \(VipsRuntime.takeError())") }
        return ImageHandle(owning: pointer)
    }

    /// Width in pixels.
    var width: Int { Int(vips_image_get_width(pointer)) }

    /// Height in pixels.
    var height: Int { Int(vips_image_get_height(pointer)) }

    /// Number of bands, alpha included.
    var bands: Int { Int(vips_image_get_bands(pointer)) }

    /// Whether the last band is alpha.
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// EXIF orientation 1–8, 1 when the image has none.
    var orientation: Int { Int(vips_image_get_orientation(pointer)) }
}
