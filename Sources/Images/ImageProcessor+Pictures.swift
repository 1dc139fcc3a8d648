internal import CVips

/// One option of a vote picture: a photo (a try-on look) or an outfit drawn as a flat-lay.
public enum VoteOptionPicture: Sendable {
    /// An encoded photo.
    case photo([UInt8])
    /// An outfit: its main column (outerwear, top, bottom, shoes) and its accessories.
    case outfit(column: [PictureTile], side: [PictureTile])
}

extension ImageProcessor {
    /// The outfit as one flat-lay on a calm background, as JPEG: `column` (outerwear, top, bottom or dress,
    /// shoes) in a column, `side` (accessories) beside it; every tile carries its number in a badge.
    ///
    /// A tile whose photo is missing or cannot be decoded becomes a swatch of its colour with its label on it,
    /// so a broken stored image never breaks the picture.
    public func flatLay(column: [PictureTile], side: [PictureTile]) throws(ImageError) -> TiledPicture {
        try VipsRuntime.exclusively { () throws(ImageError) -> TiledPicture in
            try VipsRuntime.start()
            let (canvas, tiles) = try flatLayCanvas(column: column, side: side)
            return TiledPicture(image: try canvas.encodedJPEG(quality: configuration.jpegQuality), tiles: tiles)
        }
    }

    /// One closet page as a contact sheet, as JPEG: up to `sheetAcross × sheetDown` numbered square cells,
    /// left to right and top to bottom; pieces without a usable photo become swatches.
    public func closetSheet(_ tiles: [PictureTile]) throws(ImageError) -> TiledPicture {
        let style = configuration.pictures
        guard (1...style.sheetCapacity).contains(tiles.count) else {
            throw .invalidRequest("a closet sheet needs 1–\(style.sheetCapacity) pieces, got \(tiles.count)")
        }
        return try VipsRuntime.exclusively { () throws(ImageError) -> TiledPicture in
            try VipsRuntime.start()
            let plan = TileLayout.grid(count: tiles.count, across: style.sheetAcross, cell: style.sheetCell, padding: style.padding)
            let (canvas, placed) = try compose(tiles, plan: plan)
            return TiledPicture(image: try canvas.encodedJPEG(quality: configuration.jpegQuality), tiles: placed)
        }
    }

    /// The options of a vote side by side, each under a strip with its number 1, 2, 3…, as JPEG; each option
    /// fits in `voteOptionSide` before all are brought to one height.
    public func voteSheet(_ options: [VoteOptionPicture]) throws(ImageError) -> TiledPicture {
        let style = configuration.pictures
        guard (1...style.maxVoteOptions).contains(options.count) else {
            throw .invalidRequest("a vote picture needs 1–\(style.maxVoteOptions) options, got \(options.count)")
        }
        return try VipsRuntime.exclusively { () throws(ImageError) -> TiledPicture in
            try VipsRuntime.start()
            var panels: [ImageHandle] = []
            for option in options {
                let panel: ImageHandle
                switch option {
                case .photo(let bytes):
                    if let photo = try? panelPhoto(bytes, maxSide: style.voteOptionSide) {
                        panel = photo
                    } else {
                        VipsRuntime.clearError()
                        panel = try swatch(RGB(grey: 200), label: "?", side: style.voteOptionSide)
                    }
                case .outfit(let column, let side):
                    panel = try flatLayCanvas(column: column, side: side).canvas.image()
                        .shrunk(toFitWidth: style.voteOptionSide, height: style.voteOptionSide).materialized()
                }
                panels.append(panel)
            }
            // One height for all, so the row reads as equals.
            let height = panels.map(\.height).min() ?? style.voteOptionSide
            for index in panels.indices where panels[index].height > height {
                panels[index] = try panels[index].shrunk(toFitWidth: 1_000_000, height: height)
            }
            // The option number sits in a strip above its picture, so it never hides a piece's own number badge.
            let strip = max(40, height / 10)
            var cells: [ImageHandle] = []
            for (index, panel) in panels.enumerated() {
                let number = try TextLabel.render(
                    String(index + 1), width: panel.width, height: strip, fontSize: strip * 7 / 10, font: style.font,
                    foreground: style.badgeTextColor, background: style.badgeColor)
                cells.append(try number.joined(panel, horizontal: false, gap: 0, background: style.background))
            }
            let plan = TileLayout.row(cells.map { ($0.width, $0.height) }, padding: style.padding)
            var canvas = try ImageHandle.canvas(width: plan.width, height: plan.height, color: style.background)
            var placed: [TilePlacement] = []
            for (index, cell) in cells.enumerated() {
                let rect = plan.rects[index]
                canvas = try canvas.inserting(cell, x: rect.x, y: rect.y)
                placed.append(TilePlacement(number: index + 1, x: rect.x, y: rect.y, width: rect.width, height: rect.height, isSwatch: false))
            }
            return TiledPicture(image: try canvas.encoded(as: .jpeg, quality: configuration.jpegQuality), tiles: placed)
        }
    }

    /// The flat-lay before encoding, with its tile placements.
    private func flatLayCanvas(column: [PictureTile], side: [PictureTile]) throws(ImageError) -> (canvas: PixelCanvas, tiles: [TilePlacement]) {
        let style = configuration.pictures
        guard !column.isEmpty, column.count + side.count <= 12 else {
            throw .invalidRequest("a flat-lay needs 1–12 pieces with at least one in the column")
        }
        let plan = TileLayout.flatLay(
            column: column.count, side: side.count, tile: style.flatLayTile, sideTile: style.flatLaySideTile, padding: style.padding)
        return try compose(column + side, plan: plan)
    }

    /// Paints each tile at its rectangle of `plan` (in tile order) on a canvas of the background colour: the photo
    /// centred on a card of `tileBackground`, or the swatch, then the number badge in the top-left corner.
    ///
    /// The canvas is a Swift byte array (`PixelCanvas`): libvips decodes the photos and encodes the result, and
    /// everything between is plain loops. Painted with libvips (a memory canvas, `vips_draw_rect`/`vips_draw_image`
    /// per tile, each swatch and badge a small pipeline of its own), a picture of swatches was a few dozen
    /// operations whose set-up and thread hand-offs cost more than their pixels.
    private func compose(_ tiles: [PictureTile], plan: TileLayout.Plan) throws(ImageError) -> (canvas: PixelCanvas, tiles: [TilePlacement]) {
        let style = configuration.pictures
        guard !tiles.isEmpty, plan.rects.count >= tiles.count else {
            throw .invalidRequest("a picture layout has fewer places than tiles")
        }
        let rects = plan.rects.prefix(tiles.count)
        let photos = decodedTilePhotos(zip(tiles, rects).map { (photo: $0.photo, side: $1.width) })
        // A photo that failed leaves its message behind; the tile becomes a swatch instead.
        VipsRuntime.clearError()
        var canvas = PixelCanvas(width: plan.width, height: plan.height, color: style.background)
        var placed: [TilePlacement] = []
        for ((tile, rect), photo) in zip(zip(tiles, rects), photos) {
            if let photo {
                if photo.width < rect.width || photo.height < rect.height {
                    canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: style.tileBackground)
                }
                canvas.paint(photo, x: rect.x + (rect.width - photo.width) / 2, y: rect.y + (rect.height - photo.height) / 2)
            } else {
                paintSwatch(on: &canvas, tile.color, label: tile.label, x: rect.x, y: rect.y, side: rect.width)
            }
            let badgeSide = max(24, Int(Double(rect.width) * style.badgeFraction))
            paintBadge(on: &canvas, tile.number, x: rect.x, y: rect.y, side: badgeSide)
            placed.append(TilePlacement(
                number: tile.number, x: rect.x, y: rect.y, width: rect.width, height: rect.height, isSwatch: photo == nil))
        }
        return (canvas, placed)
    }

    /// A square of `color` with `label` across its middle third, in black or white, whichever reads better.
    private func paintSwatch(on canvas: inout PixelCanvas, _ color: RGB, label: String, x: Int, y: Int, side: Int) {
        let text: RGB = color.isLight ? RGB(grey: 20) : .white
        canvas.fill(x: x, y: y, width: side, height: side, color: color)
        let box = side / 3
        guard let mask = TextLabel.maskPixels(label, width: side, height: box, fontSize: max(10, side / 9), font: configuration.pictures.font)
        else { return }
        canvas.blend(mask, x: x + (side - mask.width) / 2, y: y + (side - box) / 2 + (box - mask.height) / 2, foreground: text, background: color)
    }

    /// A square badge with the number centred in it (the mask is rendered once per number and size).
    private func paintBadge(on canvas: inout PixelCanvas, _ number: Int, x: Int, y: Int, side: Int) {
        let style = configuration.pictures
        canvas.fill(x: x, y: y, width: side, height: side, color: style.badgeColor)
        guard let mask = TextLabel.maskPixels(String(number), width: side, height: side, fontSize: side * 11 / 20, font: style.font)
        else { return }
        canvas.blend(
            mask, x: x + (side - mask.width) / 2, y: y + (side - mask.height) / 2, foreground: style.badgeTextColor, background: style.badgeColor)
    }

    /// A square of `color` with `label` across its middle, in black or white, whichever reads better (vote pictures).
    private func swatch(_ color: RGB, label: String, side: Int) throws(ImageError) -> ImageHandle {
        let text: RGB = color.isLight ? RGB(grey: 20) : .white
        return try TextLabel.render(
            label, width: side, height: side / 3, fontSize: max(10, side / 9), font: configuration.pictures.font,
            foreground: text, background: color
        ).centered(width: side, height: side, background: color)
    }

    /// The mean colour of a rectangle of an encoded image (decoded at full size).
    func meanColor(_ bytes: [UInt8], x: Int, y: Int, width: Int, height: Int) throws(ImageError) -> RGB {
        try withAcceptedInput(bytes) { buffer, info throws(ImageError) in
            let image = try ImageHandle.decoded(buffer, info: info, maxSide: max(info.width, info.height)).materialized()
            let area = try ImageHandle.make("extract_area") {
                wd_extract_area(image.pointer, $0, Int32(x), Int32(y), Int32(width), Int32(height))
            }
            var means: [Double] = []
            for band in 0..<3 {
                let one = try ImageHandle.make("extract_band") { wd_extract_band(area.pointer, $0, Int32(band)) }
                var average = 0.0
                guard wd_avg(one.pointer, &average) == 0 else { throw .processingFailed(detail: "avg: \(VipsRuntime.takeError())") }
                means.append(average)
            }
            return RGB(means[0], means[1], means[2])
        }
    }
}

extension RGB {
    /// Whether dark text reads better on this colour than white (relative luminance above the middle).
    var isLight: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue > 150 }
}
