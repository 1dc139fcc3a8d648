extension GenerationRequest {
    /// Refuses requests no provider can serve before anything is sent: no images, too many, or no variations.
    func check(for service: TryOnService, maximumInputImages: Int) throws(TryOnError) {
        if images.isEmpty { throw .badRequest(service, message: "no input images") }
        if images.count > maximumInputImages {
            throw .badRequest(service, message: "\(images.count) input images, at most \(maximumInputImages) accepted")
        }
        if count < 1 { throw .badRequest(service, message: "asked for \(count) images") }
    }
}
