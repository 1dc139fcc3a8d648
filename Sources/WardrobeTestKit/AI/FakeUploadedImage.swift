import Images

/// An image a fake AI service received, as it measured it.
public struct FakeUploadedImage: Sendable, Hashable {
    /// The media type the client declared (data URI or `mime_type`).
    public let declaredType: String
    /// The format found by reading the header.
    public let format: ImageFormat
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Size of the decoded file.
    public let byteCount: Int
    /// Whether a JPEG carried an Exif segment at all.
    public let hasExif: Bool

    /// The longer side in pixels.
    public var longestSide: Int { max(width, height) }
}

/// Why a fake refused a request; it answers in its service's error shape with this text.
public struct FakeRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. "image 1 is 2000 px on its longest side (limit 1024)".
    public let reason: String
    /// A rejection with its reason.
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}

/// The checks every fake runs on uploaded images: decodable, at most 1024 px, no GPS.
enum UploadCheck {
    /// The longest side a prepared upload may have.
    static let maxSide = 1024

    /// Decodes and checks a `data:<type>;base64,<payload>` URI; `number` counts from 1 for messages.
    static func inspect(dataURI: String, number: Int) async throws(FakeRejection) -> FakeUploadedImage {
        guard dataURI.hasPrefix("data:"), let comma = dataURI.firstIndex(of: ",") else {
            throw FakeRejection("image \(number) is not a data URI")
        }
        let header = dataURI[dataURI.index(dataURI.startIndex, offsetBy: 5)..<comma]
        guard header.hasSuffix(";base64") else { throw FakeRejection("image \(number) data URI is not base64") }
        let type = String(header.dropLast(";base64".count))
        return try await inspect(base64: String(dataURI[dataURI.index(after: comma)...]), declaredType: type, number: number)
    }

    /// Decodes and checks bare base64 with a separately declared type (Gemini's `inline_data`).
    static func inspect(base64: String, declaredType: String, number: Int) async throws(FakeRejection) -> FakeUploadedImage {
        guard declaredType.hasPrefix("image/") else { throw FakeRejection("image \(number) has type \(declaredType)") }
        guard let bytes = await FakeWork.run({ FakeBase64.decode(base64) }) else { throw FakeRejection("image \(number) is not valid base64") }
        let info: ImageInfo
        do {
            info = try await ImageProcessor().inspect(bytes)
        } catch {
            throw FakeRejection("image \(number) is not a readable image: \(error)")
        }
        guard info.mimeType == declaredType else {
            throw FakeRejection("image \(number) is declared \(declaredType) but is \(info.mimeType)")
        }
        guard max(info.width, info.height) <= maxSide else {
            throw FakeRejection("image \(number) is \(info.width)x\(info.height), over \(maxSide) px on its longest side")
        }
        if info.format == .jpeg, ExifGPS.hasGPS(bytes) {
            throw FakeRejection("image \(number) carries EXIF GPS data")
        }
        return FakeUploadedImage(
            declaredType: declaredType, format: info.format, width: info.width, height: info.height,
            byteCount: bytes.count, hasExif: info.format == .jpeg && ExifGPS.hasExif(bytes))
    }
}
