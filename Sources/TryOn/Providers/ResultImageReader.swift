import HTTP
import Images

/// Turns what a provider returned (a data URI, bare base64, or a URL) into checked `GeneratedImage`s.
///
/// Images keep their original bytes and format; the format comes from decoding them, so a PNG that a
/// service labels image/jpeg is stored as PNG, and bytes that don't decode are a bad response.
struct ResultImageReader: Sendable {
    let connection: ProviderConnection
    let processor = ImageProcessor()

    /// An image from a data URI or an http(s) URL; `declaredType` is e.g. Fal's `content_type`.
    func image(reference: String, declaredType: String? = nil) async throws(TryOnError) -> GeneratedImage {
        if let decoded = DataURI.decode(reference) {
            return try await image(bytes: decoded.bytes, declaredType: declaredType ?? decoded.mimeType)
        }
        let lowered = reference.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            return try await download(reference, declaredType: declaredType)
        }
        throw .badResponse(connection.service, detail: "image reference is neither a data URI nor a URL")
    }

    /// An image from bare base64 (OpenRouter's `b64_json`).
    func image(base64 text: String) async throws(TryOnError) -> GeneratedImage {
        guard let decoded = DataURI.decode("data:application/octet-stream;base64," + text) else {
            throw .badResponse(connection.service, detail: "image data is not valid base64")
        }
        return try await image(bytes: decoded.bytes, declaredType: nil)
    }

    /// Checks that `bytes` decode completely as an image and labels them with the detected format.
    func image(bytes: [UInt8], declaredType: String?) async throws(TryOnError) -> GeneratedImage {
        if let declaredType, !Self.couldBeImage(declaredType) {
            throw .badResponse(connection.service, detail: "result declared as \(declaredType), not an image")
        }
        do {
            let format = try await processor.detectFormat(bytes)
            return GeneratedImage(bytes: bytes, mimeType: format.mimeType)
        } catch {
            throw .badResponse(connection.service, detail: "result is not a readable image: \(error)")
        }
    }

    /// Downloads a result URL without the API key (result hosts are public CDNs), within the response cap.
    ///
    /// The URL comes from the service, so it gets the same address policy as a product link: the host is
    /// resolved and checked (no private, loopback or metadata addresses), the connection is pinned to the
    /// checked address (which also bypasses any proxy), and redirects are not followed.
    private func download(_ url: String, declaredType: String?) async throws(TryOnError) -> GeneratedImage {
        let pin: HTTPResolvePin
        do {
            pin = try await connection.resultAddresses.pin(url: url)
        } catch {
            throw .badResponse(connection.service, detail: "result URL refused: \(error.description)")
        }
        var request = HTTPRequest(method: .get, url: url)
        request.resolve = [pin]
        request.followRedirects = false
        request.timeout = connection.timeout
        request.connectTimeout = min(.seconds(10), connection.timeout)
        request.maxResponseBytes = connection.maxResponseBytes
        let response = try await connection.send(request)
        guard response.isSuccess else {
            let detail = "result download failed with status \(response.status)"
            if response.status >= 500 { throw .serverError(connection.service, status: response.status, message: detail) }
            throw .badResponse(connection.service, detail: detail)
        }
        return try await image(bytes: response.body, declaredType: declaredType ?? response.headers["Content-Type"])
    }

    /// Whether a declared media type leaves room for image bytes (an HTML error page does not).
    private static func couldBeImage(_ type: String) -> Bool {
        let lowered = type.lowercased()
        return lowered.hasPrefix("image/") || lowered.hasPrefix("application/octet-stream") || lowered.isEmpty
    }
}
