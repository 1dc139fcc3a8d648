internal import CVips

extension ImageHandle {
    /// A `width`×`height` canvas of `color` held in memory, to paint tiles on in place.
    ///
    /// Pictures are painted rather than built as a chain of joins and inserts: each level of such a chain is
    /// one more libvips operation that every strip of the final encode passes through, while painting a tile
    /// is one copy of its pixels.
    static func paintable(width: Int, height: Int, color: RGB) throws(ImageError) -> ImageHandle {
        try canvas(width: width, height: height, color: color).materialized()
    }

    /// Copies `image` onto this memory image at `x`,`y` (clipped at the edges); the image must be one this code
    /// owns (from `paintable` or `materialized()`), since it changes in place.
    func paint(_ image: ImageHandle, x: Int, y: Int) throws(ImageError) {
        guard wd_draw_image(pointer, image.pointer, Int32(x), Int32(y)) == 0 else {
            throw .processingFailed(detail: "draw_image: \(VipsRuntime.takeError())")
        }
    }

    /// Fills a rectangle of this memory image with `color` in place.
    func fill(x: Int, y: Int, width: Int, height: Int, color: RGB) throws(ImageError) {
        guard wd_draw_rect(pointer, Int32(x), Int32(y), Int32(width), Int32(height), color.red, color.green, color.blue) == 0 else {
            throw .processingFailed(detail: "draw_rect: \(VipsRuntime.takeError())")
        }
    }
}
