import Images
import Support
import Testing

@Suite("Bounding decode memory from the header")
struct DecodeCostTests {
    let processor = ImageProcessor()

    @Test("A 430-byte progressive JPEG claiming 10000×10000 is refused before decoding")
    func progressiveBombIsRefused() throws {
        let bomb = TestBytes.progressiveJPEGClaiming(width: 10_000, height: 10_000)
        #expect(bomb.count < 500)
        let (currentBefore, peakBefore) = (ProcessMemory.currentResident(), ProcessMemory.peakResident())
        for attempt in [{ try processor.intake(bomb) }, { try processor.prepareForUpload(bomb) }, { try processor.thumbnail(bomb) }] {
            let error = try #require(throws: ImageError.self) { _ = try attempt() }
            #expect(error == .tooCostlyToDecode(
                width: 10_000, height: 10_000, reason: "progressive JPEG", bytes: 600_000_000, limit: 96 * 1_048_576))
            #expect(error.userMessage.contains("too large"))
        }
        #expect(throws: ImageError.self) { try processor.validate(bomb) }
        // Decoding would touch 600 MB of coefficients; the refusal leaves the peak where it was, or at
        // least far below that (other tests run in the same process at the same time).
        let peakAfter = ProcessMemory.peakResident()
        #expect(peakAfter == peakBefore || peakAfter < currentBefore + 300 * 1_048_576)
    }

    @Test("The decode-memory limit is configurable and a small progressive JPEG passes")
    func limitIsConfigurable() throws {
        let small = TestBytes.progressiveJPEGClaiming(width: 2000, height: 2000)
        let strict = ImageProcessor(configuration: .init(maxDecodeBytes: 1_000_000))
        #expect(throws: ImageError.tooCostlyToDecode(
            width: 2000, height: 2000, reason: "progressive JPEG", bytes: 24_000_000, limit: 1_000_000)) { try strict.inspect(small) }
        #expect(try processor.inspect(small).width == 2000)
    }

    @Test("WebP, HEIC and interlaced PNG are costed as whole frames, baseline JPEG and plain PNG by pixels only")
    func wholeFrameFormatsAreCosted() throws {
        let strict = ImageProcessor(configuration: .init(maxDecodeBytes: 500_000))
        let webp = try SyntheticPhoto.generate(width: 400, height: 400, format: .webp)
        #expect(throws: ImageError.tooCostlyToDecode(width: 400, height: 400, reason: "WebP frame", bytes: 480_000, limit: 400_000)) {
            try ImageProcessor(configuration: .init(maxDecodeBytes: 400_000)).inspect(webp)
        }
        #expect(try strict.inspect(webp).width == 400)
        let jpeg = try TestBytes.jpeg(800, 800)
        #expect(try strict.inspect(jpeg).width == 800, "a baseline JPEG streams: only the pixel limit applies")
    }

    @Test("A baseline JPEG that ends early, at any point, is refused as damaged")
    func earlyEndIsRefused() throws {
        let photo = try TestBytes.jpeg(640, 480)
        for keep in [photo.count / 4, photo.count * 3 / 4, photo.count * 9 / 10, photo.count - 200, photo.count - 20] {
            let cut = Array(photo.prefix(keep))
            let error = try #require(throws: ImageError.self, "kept \(keep) of \(photo.count)") { try processor.intake(cut) }
            guard case .truncated = error else { Issue.record("kept \(keep): expected .truncated, got \(error)"); continue }
            #expect(error.userMessage.contains("damaged"))
            #expect(throws: ImageError.self, "validate, kept \(keep)") { try processor.validate(cut) }
            // Shrink-on-load (1/4 here) must not hide the missing data either.
            #expect(throws: ImageError.self, "thumbnail, kept \(keep)") { try processor.thumbnail(cut, maxSide: 120) }
        }
        #expect(try processor.intake(photo).width == 640)
    }
}
