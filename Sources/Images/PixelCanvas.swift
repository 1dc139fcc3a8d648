internal import CVips

/// Pixels read out of libvips: `bands` bytes per pixel (3 for an sRGB photo, 1 for a text mask), row by row.
struct PixelImage: Sendable {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Bytes per pixel.
    let bands: Int
    /// `width × height × bands` bytes, top row first.
    let bytes: [UInt8]
}

/// An 8-bit sRGB picture held in a Swift array and painted in place, handed to libvips only to be encoded.
///
/// A picture is a few dozen rectangles, photos and text masks. Painted with libvips, each of them was an
/// operation of its own (GObject set-up, a pipeline, worker threads woken and joined): on a flat-lay of swatches
/// that overhead, not the pixels, was most of the cost. Here each is a loop over bytes.
struct PixelCanvas {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// RGB bytes, top row first.
    private(set) var bytes: [UInt8]

    /// A `width`×`height` canvas of `color`.
    init(width: Int, height: Int, color: RGB) {
        let size = max(1, width) * max(1, height) * 3
        self.width = max(1, width)
        self.height = max(1, height)
        let pixel = [Self.byte(color.red), Self.byte(color.green), Self.byte(color.blue)]
        // One pixel written, then the filled part copied onto the rest, doubling each time: about 20 block copies
        // for a flat-lay instead of one append per row (the canvas is the largest buffer a picture touches).
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            buffer.baseAddress!.initialize(from: pixel, count: 3)
            var filled = 3
            while filled < buffer.count {
                let chunk = min(filled, buffer.count - filled)
                (buffer.baseAddress! + filled).initialize(from: buffer.baseAddress!, count: chunk)
                filled += chunk
            }
            count = buffer.count
        }
    }

    /// Fills a rectangle with `color` (clipped at the edges).
    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGB) {
        guard let area = clipped(x: x, y: y, width: width, height: height) else { return }
        let row = Self.row(of: color, count: area.width)
        for line in area.y..<(area.y + area.height) {
            let start = (line * self.width + area.x) * 3
            bytes.replaceSubrange(start..<(start + row.count), with: row)
        }
    }

    /// Copies a three-band `image` with its top-left corner at `x`,`y` (clipped at the edges).
    mutating func paint(_ image: PixelImage, x: Int, y: Int) {
        guard image.bands == 3, let area = clipped(x: x, y: y, width: image.width, height: image.height) else { return }
        let skipX = area.x - x
        for line in 0..<area.height {
            let source = ((area.y - y + line) * image.width + skipX) * 3
            let target = ((area.y + line) * width + area.x) * 3
            bytes.replaceSubrange(target..<(target + area.width * 3), with: image.bytes[source..<(source + area.width * 3)])
        }
    }

    /// Draws a one-band text mask at `x`,`y` as `libvips` colourized it: each pixel `background` plus `mask / 255`
    /// of the way to `foreground`, rounded; where the mask is 0 the pixel becomes `background`.
    mutating func blend(_ mask: PixelImage, x: Int, y: Int, foreground: RGB, background: RGB) {
        guard mask.bands == 1, let area = clipped(x: x, y: y, width: mask.width, height: mask.height) else { return }
        let tables = [
            Self.ramp(from: background.red, to: foreground.red),
            Self.ramp(from: background.green, to: foreground.green),
            Self.ramp(from: background.blue, to: foreground.blue),
        ]
        let (red, green, blue) = (tables[0], tables[1], tables[2])
        let skipX = area.x - x
        for line in 0..<area.height {
            var source = (area.y - y + line) * mask.width + skipX
            var target = ((area.y + line) * width + area.x) * 3
            for _ in 0..<area.width {
                let value = Int(mask.bytes[source])
                bytes[target] = red[value]
                bytes[target + 1] = green[value]
                bytes[target + 2] = blue[value]
                source += 1
                target += 3
            }
        }
    }

    /// The picture as a JPEG: the one libvips operation left, reading this array in place.
    func encodedJPEG(quality: Int) throws(ImageError) -> EncodedImage {
        try withImage { image throws(ImageError) in try image.encoded(as: .jpeg, quality: quality) }
    }

    /// The picture as a libvips memory image of its own (a copy), for pictures that go on to be shrunk or joined.
    func image() throws(ImageError) -> ImageHandle {
        try withImage { image throws(ImageError) in try image.materialized() }
    }

    /// Runs `body` with a libvips image that reads `bytes` in place; the image must not outlive the call.
    private func withImage<Output>(_ body: (ImageHandle) throws(ImageError) -> Output) throws(ImageError) -> Output {
        // Array.withUnsafeBytes only rethrows untyped errors; carry ours out in a Result.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageError) -> Output in
                let raw = try ImageHandle.adopt("new_from_memory", vips_image_new_from_memory(
                    buffer.baseAddress, buffer.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR))
                let tagged = try ImageHandle.make("copy") { wd_copy_as_srgb(raw.pointer, $0) }
                return try body(tagged)
            }
        }
        return try result.get()
    }

    /// The part of a rectangle that lies on the canvas, or nil when none does.
    private func clipped(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let left = max(0, x), top = max(0, y)
        let right = min(self.width, x + width), bottom = min(self.height, y + height)
        guard right > left, bottom > top else { return nil }
        return (left, top, right - left, bottom - top)
    }

    private static func row(of color: RGB, count: Int) -> [UInt8] {
        let pixel = [byte(color.red), byte(color.green), byte(color.blue)]
        var row: [UInt8] = []
        row.reserveCapacity(count * 3)
        for _ in 0..<count { row.append(contentsOf: pixel) }
        return row
    }

    /// The 256 values of one channel from `start` (mask 0) to `end` (mask 255).
    private static func ramp(from start: Double, to end: Double) -> [UInt8] {
        (0..<256).map { byte(start + (end - start) * Double($0) / 255) }
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }
}

extension ImageHandle {
    /// Runs the pipeline and copies its pixels out of libvips; the image must be 8-bit.
    func pixels() throws(ImageError) -> PixelImage {
        guard vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR else {
            throw .processingFailed(detail: "pixels: not an 8-bit image")
        }
        var size = 0
        guard let data = vips_image_write_to_memory(pointer, &size) else {
            throw .processingFailed(detail: "write_to_memory: \(VipsRuntime.takeError())")
        }
        defer { g_free(data) }
        let expected = width * height * bands
        guard size == expected else { throw .processingFailed(detail: "write_to_memory: \(size) bytes, expected \(expected)") }
        return PixelImage(width: width, height: height, bands: bands, bytes: Array(UnsafeRawBufferPointer(start: data, count: size)))
    }
}
