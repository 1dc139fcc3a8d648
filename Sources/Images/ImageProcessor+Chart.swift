internal import CVips

/// A drawn chart: the PNG and where its bars and texts are.
public struct RenderedChart: Sendable, Equatable {
    /// The PNG.
    public let image: EncodedImage
    /// Where its bars and texts are.
    public let layout: ChartLayout
}

extension ImageProcessor {
    /// Draws `spec` as a PNG bar chart `style.width` pixels wide (height from the content), with the layout used.
    ///
    /// Without usable fonts the text boxes stay plain background, so the bars and the size are unchanged.
    public func chart(_ spec: ChartSpec, style: ChartStyle = ChartStyle()) throws(ImageError) -> RenderedChart {
        let layout = ChartLayout(spec: spec, style: style)
        let image = try VipsRuntime.exclusively { () throws(ImageError) -> EncodedImage in
            try VipsRuntime.start()
            return try Self.draw(layout, style: style).encoded(as: .png, quality: 0)
        }
        return RenderedChart(image: image, layout: layout)
    }

    /// `chart(_:style:)` on the image queue.
    public func chart(_ spec: ChartSpec, style: ChartStyle = ChartStyle()) async throws(ImageError) -> RenderedChart {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.chart(spec, style: style) }
    }

    private static func draw(_ layout: ChartLayout, style: ChartStyle) throws(ImageError) -> ImageHandle {
        var canvas = try ImageHandle.solid(width: layout.width, height: layout.height, color: style.background)
        for bar in layout.bars {
            let box = bar.box
            guard box.width > 0, box.height > 0 else { continue }
            var block = try ImageHandle.solid(width: box.width, height: box.height, color: bar.color)
            if Self.isFaint(bar.color, on: style.background), box.width > 4, box.height > 4 {
                // A white or pale bar gets a thin outline so it shows on the light background.
                block = try ImageHandle.solid(width: box.width - 4, height: box.height - 4, color: bar.color)
                    .centered(width: box.width, height: box.height, background: style.outlineColor)
            }
            canvas = try canvas.inserting(block, x: box.x, y: box.y)
        }
        // The block's width per font, measured once per chart rather than once per label.
        var strutWidths: [String: Int] = [:]
        for text in layout.texts where !text.text.isEmpty && text.box.width > 0 && text.box.height > 0 {
            guard let label = try? Self.text(text, font: style.font, background: style.background, strutWidths: &strutWidths) else {
                VipsRuntime.clearError()
                continue
            }
            let x: Int
            switch text.alignment {
            case .leading: x = text.box.x
            case .center: x = text.box.x + (text.box.width - label.width) / 2
            case .trailing: x = text.box.x + text.box.width - label.width
            }
            canvas = try canvas.inserting(label, x: x, y: text.box.y + (text.box.height - label.height) / 2)
        }
        // One pass over the pixels here, instead of once per inserted piece when the PNG encoder pulls them.
        return try canvas.materialized()
    }

    /// The text in its colour on the chart background, shrunk to fit its box when it is wider or taller.
    ///
    /// libvips crops rendered text to its ink, so "navy" would come out shorter than "grey" and centring would
    /// put their baselines at different heights. Each text is therefore drawn after a full block (█), which
    /// spans the font's whole ascent and descent, and the block is cut off again: every text of one size gets
    /// the same height and baseline.
    private static func text(
        _ text: ChartLayout.Text, font: String, background: RGB, strutWidths: inout [String: Int]
    ) throws(ImageError) -> ImageHandle {
        let description = "\(font)\(text.bold ? " bold" : "") \(text.size)"
        let strutWidth: Int
        if let known = strutWidths[description] {
            strutWidth = known
        } else {
            strutWidth = try ImageHandle.make("text") { wd_text($0, Self.strut, description, 72) }.width
            strutWidths[description] = strutWidth
        }
        let mask = try ImageHandle.make("text") { wd_text($0, Self.strut + Self.escaped(text.text), description, 72) }
        guard mask.width > strutWidth + 1, mask.height > 1 else { throw .processingFailed(detail: "text: empty rendering") }
        let scale = [
            (text.color.red - background.red) / 255, (text.color.green - background.green) / 255, (text.color.blue - background.blue) / 255,
        ]
        let inked = try mask.colorized(scale: scale, offset: [background.red, background.green, background.blue]).normalizedFormat()
        var label = try inked.placed(x: -strutWidth, y: 0, width: mask.width - strutWidth, height: mask.height, background: background)
        if label.width > text.box.width || label.height > text.box.height {
            label = try label.resized(by: min(Double(text.box.width) / Double(label.width), Double(text.box.height) / Double(label.height)))
        }
        return label
    }

    /// U+2588 FULL BLOCK, as tall as the font's line.
    private static let strut = "\u{2588}"

    /// libvips reads text as Pango markup: a piece called "Tom & Jerry <3" must not be taken for tags.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Whether a bar of `color` would barely show on `background`.
    static func isFaint(_ color: RGB, on background: RGB) -> Bool {
        abs(color.red - background.red) + abs(color.green - background.green) + abs(color.blue - background.blue) < 60
    }
}
