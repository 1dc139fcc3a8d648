/// The text fields of a closet item, each with the one length limit every entrance enforces.
///
/// Chat (`/add`, `/edit`, captions) and closet files refuse longer text with `ClosetError.textTooLong`;
/// values taken from a web page are cut to the limit instead (`truncate`), since the user did not type them.
public enum ItemField: String, Sendable, CaseIterable, Equatable {
    /// One field each, with its closet-file key as the raw value.
    case name, subcategory, colorName = "color", brand, size, material, currency, photo, sourceURL = "source_url"

    /// The most characters (grapheme clusters) the field may hold.
    public var maximumLength: Int {
        switch self {
        case .name: return 120
        case .subcategory: return 40
        case .colorName: return 40
        case .brand: return 80
        case .size: return 20
        case .material: return 120
        case .currency: return 3
        case .photo: return 64
        case .sourceURL: return 2048
        }
    }

    /// The field as users read it in messages, e.g. "Names", "Links".
    public var plural: String {
        switch self {
        case .name: return "Names"
        case .subcategory: return "Subcategories"
        case .colorName: return "Color names"
        case .brand: return "Brands"
        case .size: return "Sizes"
        case .material: return "Materials"
        case .currency: return "Currency codes"
        case .photo: return "Photo references"
        case .sourceURL: return "Links"
        }
    }

    /// `text` unchanged when within the limit; otherwise throws `ClosetError.textTooLong`.
    @discardableResult
    public func check(_ text: String) throws(ClosetError) -> String {
        // utf8.count first: cheap, and a text of at most `limit` bytes has at most `limit` characters.
        guard text.utf8.count > maximumLength, text.count > maximumLength else { return text }
        throw .textTooLong(self)
    }

    /// `text` cut to the limit (for values from web pages), without a dangling space.
    public func truncate(_ text: String) -> String {
        guard text.utf8.count > maximumLength, text.count > maximumLength else { return text }
        var cut = String(text.prefix(maximumLength - 1))
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut + "…"
    }
}
