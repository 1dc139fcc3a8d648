/// An image sent to a provider: already downscaled (≤ 1024 px) and stripped of metadata.
public struct InputImage: Sendable, Hashable {
    public let bytes: [UInt8]
    public let mimeType: String

    public init(bytes: [UInt8], mimeType: String) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}

/// One try-on call: the prompt and the input images (person first, then garment).
public struct GenerationRequest: Sendable {
    public var prompt: String
    public var images: [InputImage]
    /// How many variations to return.
    public var count: Int
    /// Output aspect ratio, e.g. "9:16" (portrait, phone-shaped).
    public var aspectRatio: String

    public init(prompt: String, images: [InputImage], count: Int = 1, aspectRatio: String = "9:16") {
        self.prompt = prompt
        self.images = images
        self.count = count
        self.aspectRatio = aspectRatio
    }
}

/// An image a provider returned, kept in its original format (PNG, WebP, JPEG).
public struct GeneratedImage: Sendable, Hashable {
    public let bytes: [UInt8]
    public let mimeType: String

    public init(bytes: [UInt8], mimeType: String) {
        self.bytes = bytes
        self.mimeType = mimeType
    }
}

/// What a provider call produced.
public struct GenerationResult: Sendable {
    public let images: [GeneratedImage]
    public let service: TryOnService
    public let model: String

    public init(images: [GeneratedImage], service: TryOnService, model: String) {
        self.images = images
        self.service = service
        self.model = model
    }
}

/// The outcome of checking a stored key with a cheap authenticated call.
public enum KeyCheck: Sendable, Hashable {
    /// The service accepted the key; `detail` is e.g. remaining credit.
    case valid(detail: String?)
    /// The service has no cheap check (Fal.ai).
    case unverifiable
}
