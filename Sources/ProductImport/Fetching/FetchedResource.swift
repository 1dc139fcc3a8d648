import Foundation

/// A fetched page or image: its bytes, type and the URL it finally came from.
public struct FetchedResource: Sendable {
    public let bytes: [UInt8]
    public let contentType: String?
    /// The URL after redirects.
    public let url: URL

    public init(bytes: [UInt8], contentType: String?, url: URL) {
        self.bytes = bytes
        self.contentType = contentType
        self.url = url
    }
}
