internal import CVips

extension ImageHandle {
    /// This image with transparent parts put on `background`; unchanged when it has no alpha.
    func flattened(onto background: RGB = .white) throws(ImageError) -> ImageHandle {
        guard hasAlpha else { return self }
        return try ImageHandle.make("flatten") {
            wd_flatten(pointer, $0, background.red, background.green, background.blue)
        }
    }

    /// 8-bit sRGB with no alpha (transparent parts put on `background`), ready for JPEG and for joining.
    func normalized(background: RGB = .white) throws(ImageError) -> ImageHandle {
        var image = try flattened(onto: background)
        if vips_image_get_interpretation(image.pointer) != VIPS_INTERPRETATION_sRGB {
            image = try ImageHandle.make("colourspace") { wd_colourspace_srgb(image.pointer, $0) }
        }
        if vips_image_get_format(image.pointer) != VIPS_FORMAT_UCHAR {
            image = try ImageHandle.make("cast") { wd_cast_uchar(image.pointer, $0) }
        }
        return image
    }

    /// Pixels converted from an embedded ICC profile (Display P3, Adobe RGB…) to sRGB, so stripping the profile
    /// on save keeps the colours; unchanged without a profile or when the profile is unusable.
    func convertedFromEmbeddedProfile() -> ImageHandle {
        guard vips_image_get_typeof(pointer, "icc-profile-data") != 0 else { return self }
        guard let converted = try? ImageHandle.make("icc_transform", { wd_icc_to_srgb(pointer, $0) }) else {
            VipsRuntime.clearError()
            return self
        }
        return converted
    }

    /// Turned upright by its EXIF orientation; unchanged when already upright.
    ///
    /// Rotation reads the image out of order, so a streaming (sequential) image is decoded to memory first;
    /// call this on the shrunk image, not the full-size one.
    func upright() throws(ImageError) -> ImageHandle {
        guard orientation != 1 else { return self }
        let inMemory = try materialized()
        return try ImageHandle.make("autorot") { wd_autorot(inMemory.pointer, $0) }
    }

    /// Shrinks (never enlarges) to fit inside `width`×`height`.
    func shrunk(toFitWidth width: Int, height: Int) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("thumbnail_image") {
            wd_thumbnail_image(pointer, $0, Int32(width), Int32(height), Int32(VIPS_SIZE_DOWN.rawValue))
        }
    }

    /// Centres the image on a `width`×`height` canvas of `background`.
    func centered(width: Int, height: Int, background: RGB) throws(ImageError) -> ImageHandle {
        try placed(x: (width - self.width) / 2, y: (height - self.height) / 2, width: width, height: height, background: background)
    }

    /// Puts the image at `x`,`y` on a `width`×`height` canvas of `background`.
    func placed(x: Int, y: Int, width: Int, height: Int, background: RGB) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("embed") {
            wd_embed(pointer, $0, Int32(x), Int32(y), Int32(width), Int32(height),
                     background.red, background.green, background.blue)
        }
    }

    /// This image with `other` beside it (`horizontal`) or below it, `gap` pixels apart, centred on the other axis.
    func joined(_ other: ImageHandle, horizontal: Bool, gap: Int, background: RGB) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("join") {
            wd_join(pointer, other.pointer, $0, horizontal ? 1 : 0, Int32(gap),
                    background.red, background.green, background.blue)
        }
    }

    /// This image with `overlay` drawn over it at `x`,`y`.
    func inserting(_ overlay: ImageHandle, x: Int, y: Int) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("insert") { wd_insert(pointer, overlay.pointer, $0, Int32(x), Int32(y)) }
    }

    /// Scales by `factor` in both directions, with Lanczos 3 or, where speed counts more, a linear kernel.
    func resized(by factor: Double, kernel: ResizeKernel = .lanczos3) throws(ImageError) -> ImageHandle {
        switch kernel {
        case .lanczos3: return try ImageHandle.make("resize") { wd_resize(pointer, $0, factor) }
        case .linear: return try ImageHandle.make("resize") { wd_resize_kernel(pointer, $0, factor, Int32(VIPS_KERNEL_LINEAR.rawValue)) }
        }
    }

    /// Maps a one-band image to three bands: `value * scale[band] + offset[band]`.
    func colorized(scale: [Double], offset: [Double]) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("linear") { out in
            scale.withUnsafeBufferPointer { scale in
                offset.withUnsafeBufferPointer { offset in
                    wd_linear(pointer, out, scale.baseAddress, offset.baseAddress, Int32(scale.count))
                }
            }
        }
    }

    /// Lays `images` out in a grid `across` wide, `gap` pixels apart; a short last row is padded with `background`.
    static func grid(_ images: [ImageHandle], across: Int, gap: Int, background: RGB) throws(ImageError) -> ImageHandle {
        var pointers: [UnsafeMutablePointer<VipsImage>?] = images.map(\.pointer)
        return try withExtendedLifetime(images) { () throws(ImageError) -> ImageHandle in
            try ImageHandle.make("arrayjoin") { out in
                wd_arrayjoin(&pointers, out, Int32(pointers.count), Int32(across), Int32(gap),
                             background.red, background.green, background.blue)
            }
        }
    }

    /// A plain `width`×`height` sRGB rectangle of `color`.
    static func solid(width: Int, height: Int, color: RGB) throws(ImageError) -> ImageHandle {
        let black = try ImageHandle.make("black") { wd_black($0, Int32(width), Int32(height), 1) }
        return try black.colorized(scale: [0, 0, 0], offset: [color.red, color.green, color.blue]).normalizedFormat()
    }

    /// A `width`×`height` canvas of `color`: one pixel embedded in its own colour, which libvips fills with a
    /// constant instead of computing every pixel as `solid` does (a whole picture's canvas costs no pixel work).
    static func canvas(width: Int, height: Int, color: RGB) throws(ImageError) -> ImageHandle {
        try solid(width: 1, height: 1, color: color).placed(x: 0, y: 0, width: width, height: height, background: color)
    }

    /// Casts to 8 bits and tags the image as sRGB, for images this module built itself.
    func normalizedFormat() throws(ImageError) -> ImageHandle {
        let cast = try ImageHandle.make("cast") { wd_cast_uchar(pointer, $0) }
        return try ImageHandle.make("copy") { wd_copy_as_srgb(cast.pointer, $0) }
    }
}

/// How a resize weighs the source pixels.
enum ResizeKernel: Sendable {
    /// Lanczos 3, libvips' default: the sharpest, and about 1.5–3 ms more per 512 px photo shrunk to a tile.
    case lanczos3
    /// A triangle filter widened to the shrink factor (still antialiased); for small shrinks, such as a tile's
    /// 512 → 360 px after shrink-on-load, its result is within half a decibel of Lanczos 3 (see docs/images.md).
    case linear
}
