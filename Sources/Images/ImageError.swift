import Support

/// Why an image could not be accepted or processed.
///
/// `description` is for logs (it carries libvips' own text); `userMessage` is for the person in the chat.
public enum ImageError: UserFacingError, Sendable, Equatable, CustomStringConvertible {
    /// The file is larger than the configured byte limit, so it was not even opened.
    case tooManyBytes(byteCount: Int, limit: Int)
    /// The header declares more pixels than the configured limit (a likely decompression bomb).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Decoding would need more memory than the configured limit (progressive JPEG, HEIC, interlaced PNG).
    case tooCostlyToDecode(width: Int, height: Int, reason: String, bytes: Int, limit: Int)
    /// The image is smaller than `minimum` pixels on a side: too small to show as a piece or try on.
    case tooSmall(width: Int, height: Int, minimum: Int)
    /// The format was recognised but the data is cut off or corrupt.
    case truncated(detail: String)
    /// The bytes are not an image libvips recognises.
    case notAnImage
    /// A real image, but in a format the bot does not take (GIF, TIFF, SVG, PDF…), or one this libvips build cannot decode.
    case unsupportedFormat(String)
    /// The caller asked for something impossible, such as a contact sheet of zero images.
    case invalidRequest(String)
    /// libvips failed for another reason (out of memory, an encoder missing…).
    case processingFailed(detail: String)

    /// A `.tooSmall` image with one side long enough (30000×20): a strip, which the messages do not call small.
    public var isStrip: Bool {
        if case let .tooSmall(width, height, minimum) = self { return max(width, height) >= minimum }
        return false
    }

    /// One line for logs.
    public var description: String {
        switch self {
        case let .tooManyBytes(byteCount, limit):
            "image too large: \(byteCount) bytes, limit \(limit)"
        case let .tooManyPixels(width, height, limit):
            "image has too many pixels: \(width)x\(height), limit \(limit)"
        case let .tooCostlyToDecode(width, height, reason, bytes, limit):
            "image too costly to decode: \(reason) \(width)x\(height) needs \(bytes) bytes, limit \(limit)"
        case let .tooSmall(width, height, minimum):
            "image too small: \(width)x\(height), minimum side \(minimum)"
        case let .truncated(detail):
            "image data truncated or corrupt: \(detail)"
        case .notAnImage:
            "not an image"
        case let .unsupportedFormat(format):
            "unsupported image format: \(format)"
        case let .invalidRequest(reason):
            "invalid image request: \(reason)"
        case let .processingFailed(detail):
            "image processing failed: \(detail)"
        }
    }

    /// Short text for a person: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case let .tooManyBytes(_, limit):
            "That file is too big (over \(limit / 1_048_576) MB). Send a smaller photo."
        case .tooManyPixels:
            "That image is far too large to handle. Send a normal photo instead."
        case .tooCostlyToDecode:
            "That image is too large to handle. Send a normal photo, or a smaller version of it."
        case let .tooSmall(width, height, minimum):
            isStrip
                ? "That image is \(width)×\(height) pixels: a strip too narrow to use. Send a photo at least \(minimum) pixels on each side."
                : "That image is only \(width)×\(height) pixels, too small to use. Send a photo at least \(minimum) pixels on each side."
        case .truncated:
            "That photo seems cut off or damaged. Try sending it again."
        case .notAnImage:
            "That file isn't an image I can read. Send a JPEG, PNG or WebP photo."
        case .unsupportedFormat:
            "I can't use that image format. Send a JPEG, PNG or WebP photo."
        case .invalidRequest:
            "Something went wrong putting those pictures together. Try again."
        case .processingFailed:
            "Something went wrong while processing that photo. Try again in a moment."
        }
    }
}
