/// One photo of a strip and the label under it.
public struct LabelledPhoto: Sendable {
    /// The encoded photo.
    public var bytes: [UInt8]
    /// The text under it, e.g. "You" or "Look #3".
    public var label: String

    /// A photo with its label.
    public init(bytes: [UInt8], label: String) {
        self.bytes = bytes
        self.label = label
    }
}

extension ImageProcessor {
    /// Two to four photos side by side at one height, each labelled, as a small JPEG (the try-on
    /// composer's You | Clothing, and a look's You | Clothing | Look recipe).
    ///
    /// Each panel fits in `maxSide` before the panels are brought to the smallest panel's height.
    public func strip(_ photos: [LabelledPhoto], maxSide: Int = 384) throws(ImageError) -> EncodedImage {
        try VipsRuntime.exclusively { () throws(ImageError) -> EncodedImage in try labelledStrip(photos, maxSide: maxSide) }
    }

    /// The strip off the cooperative thread pool.
    public func strip(_ photos: [LabelledPhoto], maxSide: Int = 384) async throws(ImageError) -> EncodedImage {
        try await ImageWorkQueue.run { () throws(ImageError) in try self.strip(photos, maxSide: maxSide) }
    }

    private func labelledStrip(_ photos: [LabelledPhoto], maxSide: Int) throws(ImageError) -> EncodedImage {
        let style = configuration.collage
        guard (2...4).contains(photos.count), (64...2048).contains(maxSide) else {
            throw .invalidRequest("a strip needs 2–4 photos and a side of 64–2048 px")
        }
        var panels: [ImageHandle] = []
        for photo in photos { panels.append(try panelPhoto(photo.bytes, maxSide: maxSide)) }
        let height = panels.map(\.height).min() ?? maxSide
        var joined: ImageHandle?
        for (index, var panel) in panels.enumerated() {
            if panel.height > height { panel = try panel.shrunk(toFitWidth: 10_000_000, height: height) }
            let cell = try labelled(panel, photos[index].label)
            if let row = joined {
                joined = try row.joined(cell, horizontal: true, gap: style.padding, background: style.background)
            } else {
                joined = cell
            }
        }
        guard let row = joined else { throw .invalidRequest("a strip needs photos") }
        let canvas = try row.centered(
            width: row.width + 2 * style.padding, height: row.height + 2 * style.padding, background: style.background)
        return try canvas.encoded(as: .jpeg, quality: configuration.jpegQuality)
    }
}
