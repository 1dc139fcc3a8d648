internal import CVips

/// An image file format the bot accepts.
public enum ImageFormat: String, Sendable, CaseIterable, Hashable {
    /// JPEG (`image/jpeg`).
    case jpeg
    /// PNG (`image/png`).
    case png
    /// WebP (`image/webp`).
    case webp
    /// HEIC/HEIF as phones save them (`image/heic`).
    case heic
    /// AVIF (`image/avif`), decoded by the same libheif loader.
    case avif

    /// The MIME type to store and to send.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .avif: "image/avif"
        }
    }

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        case .avif: "avif"
        }
    }

    /// Whether this libvips build has a loader for the format (checked at run time).
    public var isDecodable: Bool {
        VipsRuntime.hasOperation(loaderOperation)
    }

    /// The libvips buffer loader that decodes this format.
    var loaderOperation: String {
        switch self {
        case .jpeg: "jpegload_buffer"
        case .png: "pngload_buffer"
        case .webp: "webpload_buffer"
        case .heic, .avif: "heifload_buffer"
        }
    }

    /// Maps the class name from `vips_foreign_find_load_buffer` to a format; `nil` for formats the bot refuses.
    static func from(loaderClass: String, bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        switch loaderClass {
        case "VipsForeignLoadJpegBuffer": return .jpeg
        case "VipsForeignLoadPngBuffer": return .png
        case "VipsForeignLoadWebpBuffer": return .webp
        case "VipsForeignLoadHeifBuffer": return isAVIF(bytes) ? .avif : .heic
        default: return nil
        }
    }

    /// An ISO BMFF file starts with an `ftyp` box whose major brand is `avif` or `avis` for AVIF.
    private static func isAVIF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 12 else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return brand == "avif" || brand == "avis"
    }
}
