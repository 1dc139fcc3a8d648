import Sodium

/// `data:<mime>;base64,<payload>` URIs, the way every provider carries inline images.
enum DataURI {
    /// The data URI of `bytes` labelled `mimeType`.
    static func encode(_ bytes: [UInt8], mimeType: String) -> String {
        "data:\(mimeType);base64,\(Base64.encode(bytes))"
    }

    /// The media type and bytes of a base64 data URI; nil when `text` is not one.
    static func decode(_ text: String) -> (mimeType: String, bytes: [UInt8])? {
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        let parameters = header.split(separator: ";")
        guard parameters.last?.lowercased() == "base64" else { return nil }
        let mimeType = parameters.count > 1 ? String(parameters[0]).lowercased() : "application/octet-stream"
        guard let bytes = try? Base64.decode(String(text[text.index(after: comma)...])) else { return nil }
        return (mimeType, bytes)
    }
}
