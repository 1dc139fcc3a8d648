internal import CVips

/// Generates photo-like test images: smooth colour gradients, soft blotches and mild sensor noise.
///
/// Used by tests and by `ImageBenchmark`; the noise makes JPEGs compress like real photos rather than flat art.
public enum SyntheticPhoto {
    /// Encodes a `width`×`height` synthetic photo as `format`; `alpha` adds a vertical transparency ramp (PNG, WebP).
    /// `cameraChroma` saves a JPEG with 4:2:0 chroma subsampling at any quality, as phone cameras do (libvips
    /// alone turns subsampling off from quality 90 up).
    public static func generate(
        width: Int, height: Int, format: ImageFormat = .jpeg, quality: Int = 90, alpha: Bool = false, seed: Int = 1,
        cameraChroma: Bool = false
    ) throws(ImageError) -> [UInt8] {
        try VipsRuntime.start()
        return try VipsRuntime.exclusively { () throws(ImageError) -> [UInt8] in
            VipsRuntime.clearError()
            let image = try render(width: width, height: height, alpha: alpha && format != .jpeg, seed: seed)
            return try image.encoded(as: format, quality: quality, cameraChroma: cameraChroma).bytes
        }
    }

    private static func render(width: Int, height: Int, alpha: Bool, seed: Int) throws(ImageError) -> ImageHandle {
        let coordinates = try ImageHandle.make("xyz") { wd_xyz($0, Int32(width), Int32(height)) }
        let x = try coordinates.band(0)
        let y = try coordinates.band(1)
        let blotches = try ImageHandle.make("perlin") {
            wd_perlin($0, Int32(width), Int32(height), Int32(max(16, max(width, height) / 6)), Int32(seed))
        }
        let noise = try ImageHandle.make("gaussnoise") { wd_gaussnoise($0, Int32(width), Int32(height), 4, 0, Int32(seed)) }

        let red = try x.scaled(150 / Double(width), 60).plus(blotches.scaled(50, 0)).plus(noise)
        let green = try y.scaled(140 / Double(height), 50).plus(blotches.scaled(-35, 0)).plus(noise)
        let blue = try x.scaled(-90 / Double(width), 170).plus(blotches.scaled(30, 0)).plus(noise)
        var bands = [red, green, blue]
        if alpha { bands.append(try y.scaled(-255 / Double(height), 255)) }
        var pointers: [UnsafeMutablePointer<VipsImage>?] = bands.map(\.pointer)
        let joined = try withExtendedLifetime(bands) { () throws(ImageError) -> ImageHandle in
            try ImageHandle.make("bandjoin") { wd_bandjoin(&pointers, $0, Int32(pointers.count)) }
        }
        return try joined.normalizedFormat()
    }
}

extension ImageHandle {
    /// One band of a multi-band image.
    fileprivate func band(_ index: Int) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("extract_band") { wd_extract_band(pointer, $0, Int32(index)) }
    }

    /// `value * a + b` for a one-band image.
    fileprivate func scaled(_ a: Double, _ b: Double) throws(ImageError) -> ImageHandle {
        var a = a
        var b = b
        return try ImageHandle.make("linear") { wd_linear(pointer, $0, &a, &b, 1) }
    }

    /// Pixel-wise sum.
    fileprivate func plus(_ other: ImageHandle) throws(ImageError) -> ImageHandle {
        try ImageHandle.make("add") { wd_add(pointer, other.pointer, $0) }
    }
}
