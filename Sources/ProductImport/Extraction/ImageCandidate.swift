/// An image URL as written on the page, with a width hint when the page gives one.
struct ImageCandidate: Sendable, Hashable {
    /// The URL as written: absolute, relative or protocol-relative.
    var url: String
    /// Width in pixels from srcset, a width attribute, ImageObject or og:image:width.
    var width: Int?

    /// A candidate with an optional width hint.
    init(url: String, width: Int? = nil) {
        self.url = url
        self.width = width
    }
}
