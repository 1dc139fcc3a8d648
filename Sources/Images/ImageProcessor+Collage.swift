extension ImageProcessor {
    /// The original and the try-on result side by side at the same height, labelled "Before" and "After", as JPEG.
    ///
    /// Size: `padding + before + padding + after + padding` wide and
    /// `padding + height + labelHeight + padding` tall, where `height` is the smaller of the two photos' heights
    /// once each fits in `panelMaxSide`.
    public func compare(before: [UInt8], after: [UInt8]) throws(ImageError) -> EncodedImage {
        try VipsRuntime.exclusively { () throws(ImageError) -> EncodedImage in try comparison(before: before, after: after) }
    }

    private func comparison(before: [UInt8], after: [UInt8]) throws(ImageError) -> EncodedImage {
        let style = configuration.collage
        var left = try panelPhoto(before, maxSide: style.panelMaxSide)
        var right = try panelPhoto(after, maxSide: style.panelMaxSide)
        let height = min(left.height, right.height)
        if left.height > height { left = try left.shrunk(toFitWidth: 10_000_000, height: height) }
        if right.height > height { right = try right.shrunk(toFitWidth: 10_000_000, height: height) }

        let pair = try labelled(left, "Before").joined(
            labelled(right, "After"), horizontal: true, gap: style.padding, background: style.background)
        let canvas = try pair.centered(
            width: pair.width + 2 * style.padding, height: pair.height + 2 * style.padding,
            background: style.background)
        return try canvas.encoded(as: .jpeg, quality: configuration.jpegQuality)
    }

    /// Variations in a numbered grid (1, 2, 3…) for group voting, as JPEG.
    ///
    /// Each photo is centred in a `cellSide` square with a big number badge in its top-left corner; the grid
    /// is 1, 2 or 3 cells across (for 1, 2–4 and 5–9 images), with `padding` between and around cells.
    public func contactSheet(_ images: [[UInt8]]) throws(ImageError) -> EncodedImage {
        try VipsRuntime.exclusively { () throws(ImageError) -> EncodedImage in try sheet(images) }
    }

    private func sheet(_ images: [[UInt8]]) throws(ImageError) -> EncodedImage {
        let style = configuration.collage
        guard (1...style.maxContactSheetImages).contains(images.count) else {
            throw .invalidRequest("contact sheet needs 1–\(style.maxContactSheetImages) images, got \(images.count)")
        }
        var cells: [ImageHandle] = []
        for (index, bytes) in images.enumerated() {
            let photo = try panelPhoto(bytes, maxSide: style.cellSide)
            // The badge sits on the photo's own corner, or as near as the cell allows for small photos.
            let margin = style.badgeSide / 10
            let x = min((style.cellSide - photo.width) / 2 + margin, max(0, style.cellSide - style.badgeSide))
            let y = min((style.cellSide - photo.height) / 2 + margin, max(0, style.cellSide - style.badgeSide))
            cells.append(try photo
                .centered(width: style.cellSide, height: style.cellSide, background: style.background)
                .inserting(badge(number: index + 1), x: x, y: y))
        }
        let across = images.count == 1 ? 1 : images.count <= 4 ? 2 : 3
        let grid = try ImageHandle.grid(cells, across: across, gap: style.padding, background: style.background)
        let canvas = try grid.centered(
            width: grid.width + 2 * style.padding, height: grid.height + 2 * style.padding,
            background: style.background)
        return try canvas.encoded(as: .jpeg, quality: configuration.jpegQuality)
    }

    /// Decodes a photo to fit `maxSide`, upright, 8-bit sRGB, held in memory so it outlives its input bytes.
    func panelPhoto(_ bytes: [UInt8], maxSide: Int) throws(ImageError) -> ImageHandle {
        try withAcceptedInput(bytes) { buffer, info throws(ImageError) in
            try Self.decoding { () throws(ImageError) in
                try ImageHandle.decoded(buffer, info: info, maxSide: maxSide).materialized()
            }
        }
    }

    /// The photo above a strip with `text` in it.
    func labelled(_ photo: ImageHandle, _ text: String) throws(ImageError) -> ImageHandle {
        let style = configuration.collage
        let strip = try TextLabel.render(
            text, width: photo.width, height: style.labelHeight, fontSize: style.labelHeight / 2,
            font: style.font, foreground: style.textColor, background: style.labelBackground)
        return try photo.joined(strip, horizontal: false, gap: 0, background: style.labelBackground)
    }

    /// A square badge with the number, inside a white ring so it shows on any photo.
    private func badge(number: Int) throws(ImageError) -> ImageHandle {
        let style = configuration.collage
        let ring = max(2, style.badgeSide / 20)
        let inner = style.badgeSide - 2 * ring
        return try TextLabel.render(
            String(number), width: inner, height: inner, fontSize: inner * 2 / 3, font: style.font,
            foreground: style.textColor, background: style.badgeColor
        ).centered(width: style.badgeSide, height: style.badgeSide, background: .white)
    }
}
