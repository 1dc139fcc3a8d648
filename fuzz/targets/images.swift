import Images

/// Image intake with small limits: header checks, full decode, the stored JPEG and a thumbnail.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageIntake(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    guard (try? processor.inspect(bytes)) != nil else { return 0 }
    _ = try? processor.validate(bytes)
    if let stored = try? processor.intake(bytes) {
        precondition(stored.width <= 256 && stored.height <= 256, "intake ignored the side limit")
    }
    _ = try? processor.thumbnail(bytes)
    return 0
}

/// Small limits keep each run cheap and make the limit checks themselves part of what is fuzzed.
let processor = ImageProcessor(configuration: ImageProcessor.Configuration(
    maxByteCount: 256 * 1024, maxPixelCount: 1_000_000, intakeMaxSide: 256, uploadMaxSide: 128, thumbnailMaxSide: 64))
