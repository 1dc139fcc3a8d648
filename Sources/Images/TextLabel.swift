internal import CVips

/// Renders a line of text centred on a coloured rectangle.
enum TextLabel {
    /// A `width`×`height` sRGB rectangle of `background` with `text` centred in `foreground`, `fontSize` pixels tall.
    ///
    /// Without usable fonts libvips cannot draw text; the rectangle then comes back plain, so
    /// collages keep their layout and size.
    static func render(
        _ text: String, width: Int, height: Int, fontSize: Int, font: String,
        foreground: RGB, background: RGB
    ) throws(ImageError) -> ImageHandle {
        guard let mask = try? textMask(text, font: "\(font) \(fontSize)", maxWidth: width, maxHeight: height) else {
            return try ImageHandle.solid(width: width, height: height, color: background)
        }
        // The mask is 0 (background) … 255 (ink); map it straight to colours, band by band.
        let scale = [
            (foreground.red - background.red) / 255,
            (foreground.green - background.green) / 255,
            (foreground.blue - background.blue) / 255,
        ]
        let offset = [background.red, background.green, background.blue]
        return try mask.colorized(scale: scale, offset: offset)
            .centered(width: width, height: height, background: background)
            .normalizedFormat()
    }

    /// The one-band 0–255 mask of `text` as bytes, to blend on a `PixelCanvas`; nil when no font can draw it
    /// (the box then stays plain, as `render` leaves it).
    static func maskPixels(_ text: String, width: Int, height: Int, fontSize: Int, font: String) -> PixelImage? {
        let fontName = "\(font) \(fontSize)"
        do {
            return try TextMaskCache.shared.pixels("\(fontName)\u{0}\(width)x\(height)\u{0}\(text)") { () throws(ImageError) -> PixelImage in
            var mask = try renderedMask(text, font: fontName, maxWidth: width, maxHeight: height)
            if mask.bands != 1 { mask = try ImageHandle.make("extract_band") { wd_extract_band(mask.pointer, $0, 0) } }
            if vips_image_get_format(mask.pointer) != VIPS_FORMAT_UCHAR { mask = try ImageHandle.make("cast") { wd_cast_uchar(mask.pointer, $0) } }
            return try mask.pixels()
            }
        } catch {
            VipsRuntime.clearError()
            return nil
        }
    }

    /// A one-band 0–255 mask of `text`, shrunk to fit when it is larger than the box; rendered once per text, font and box.
    private static func textMask(_ text: String, font: String, maxWidth: Int, maxHeight: Int) throws(ImageError) -> ImageHandle {
        try TextMaskCache.shared.mask("\(font)\u{0}\(maxWidth)x\(maxHeight)\u{0}\(text)") { () throws(ImageError) -> ImageHandle in
            try renderedMask(text, font: font, maxWidth: maxWidth, maxHeight: maxHeight)
        }
    }

    private static func renderedMask(_ text: String, font: String, maxWidth: Int, maxHeight: Int) throws(ImageError) -> ImageHandle {
        var mask = try ImageHandle.make("text") { wd_text($0, text, font, 72) }
        guard mask.width > 1, mask.height > 1 else { throw .processingFailed(detail: "text: empty rendering") }
        if mask.width > maxWidth || mask.height > maxHeight {
            let factor = min(Double(maxWidth) / Double(mask.width), Double(maxHeight) / Double(mask.height))
            mask = try mask.resized(by: factor)
        }
        return mask
    }
}
