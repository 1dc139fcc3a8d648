import Images
import Testing

@Suite("Refusing bad input")
struct BadInputTests {
    let processor = ImageProcessor()

    @Test("A header claiming 50000×50000 pixels is refused before decoding")
    func decompressionBombIsRefused() throws {
        let bomb = TestBytes.pngClaiming(width: 50_000, height: 50_000)
        #expect(throws: ImageError.tooManyPixels(width: 50_000, height: 50_000, limit: 100_000_000)) {
            try processor.intake(bomb)
        }
        #expect(throws: ImageError.tooManyPixels(width: 50_000, height: 50_000, limit: 100_000_000)) {
            try processor.inspect(bomb)
        }
    }

    @Test("The pixel limit is configurable")
    func pixelLimitIsConfigurable() throws {
        let strict = ImageProcessor(configuration: .init(maxPixelCount: 1_000_000))
        let photo = try TestBytes.jpeg(2000, 1000)
        #expect(throws: ImageError.tooManyPixels(width: 2000, height: 1000, limit: 1_000_000)) {
            try strict.intake(photo)
        }
        #expect(try processor.intake(photo).width == 2000)
    }

    @Test("An icon or a tracking pixel is refused as too small; a thin strip too")
    func tinyImagesAreRefused() throws {
        #expect(throws: ImageError.tooSmall(width: 10, height: 10, minimum: 64)) { try processor.intake(try TestBytes.jpeg(10, 10)) }
        #expect(throws: ImageError.tooSmall(width: 2000, height: 40, minimum: 64)) { try processor.intake(try TestBytes.jpeg(2000, 40)) }
        #expect(try processor.intake(try TestBytes.jpeg(64, 64)).width == 64)
        // Pictures the bot draws from stored photos are not held to it: only what comes in.
        #expect(try processor.thumbnail(try TestBytes.jpeg(10, 10)).width == 10)
        #expect(ImageError.tooSmall(width: 10, height: 10, minimum: 64).userMessage.contains("only 10×10 pixels, too small"))
        // A long strip is not called small.
        let strip = ImageError.tooSmall(width: 30000, height: 20, minimum: 64).userMessage
        #expect(strip.contains("30000×20 pixels: a strip too narrow") && !strip.contains("small"), "\(strip)")
    }

    @Test("A file over the byte limit is refused before it is opened")
    func byteLimitIsEnforced() throws {
        #expect(throws: ImageError.tooManyBytes(byteCount: 41 * 1_048_576, limit: 40 * 1_048_576)) {
            try processor.checkByteCount(41 * 1_048_576)
        }
        try processor.checkByteCount(5 * 1_048_576)
        let tiny = ImageProcessor(configuration: .init(maxByteCount: 100))
        let photo = try TestBytes.jpeg(64, 64)
        #expect(throws: ImageError.tooManyBytes(byteCount: photo.count, limit: 100)) { try tiny.intake(photo) }
    }

    @Test("A JPEG cut in half is an error, not a grey half")
    func truncatedJPEGIsRefused() throws {
        let photo = try TestBytes.jpeg(1600, 1200)
        let half = Array(photo.prefix(photo.count / 2))
        for attempt in [{ try processor.intake(half) }, { try processor.prepareForUpload(half) }] {
            let error = try #require(throws: ImageError.self) { _ = try attempt() }
            guard case .truncated = error else { Issue.record("expected .truncated, got \(error)"); continue }
            #expect(error.userMessage.contains("damaged"))
        }
    }

    @Test("A PNG cut in half is an error")
    func truncatedPNGIsRefused() throws {
        let png = try SyntheticPhoto.generate(width: 600, height: 400, format: .png)
        let half = Array(png.prefix(png.count / 2))
        let error = try #require(throws: ImageError.self) { try processor.intake(half) }
        guard case .truncated = error else { Issue.record("expected .truncated, got \(error)"); return }
    }

    @Test("Damaged files are told apart from good ones even when many calls run at once")
    func concurrentCallsKeepTheirOwnErrors() async throws {
        let png = try SyntheticPhoto.generate(width: 600, height: 400, format: .png)
        let half = Array(png.prefix(png.count / 2))
        let good = try SyntheticPhoto.generate(width: 600, height: 400)
        let processor = self.processor
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<16 {
                group.addTask {
                    // Straight on the cooperative threads, not through the async API's queue.
                    do {
                        _ = try processor.intake(index % 2 == 0 ? half : good)
                        return index % 2 == 0 ? "damaged file accepted" : "ok"
                    } catch let error as ImageError {
                        guard case .truncated = error else { return "\(index): \(error)" }
                        return index % 2 == 0 ? "ok" : "good file refused as truncated"
                    } catch {
                        return "\(index): \(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 != "ok" } == [])
    }

    @Test("Text is not an image")
    func textIsNotAnImage() {
        #expect(throws: ImageError.notAnImage) { try processor.intake(TestBytes.text) }
        #expect(throws: ImageError.notAnImage) { try processor.inspect([]) }
        #expect(ImageError.notAnImage.userMessage == "That file isn't an image I can read. Send a JPEG, PNG or WebP photo.")
    }

    @Test("A GIF is a known format the bot does not take")
    func gifIsUnsupported() {
        #expect(throws: ImageError.unsupportedFormat("gif")) { try processor.intake(TestBytes.gif) }
    }

    @Test("Only the first bytes of a JPEG are a damaged file, not a non-image")
    func jpegHeaderOnlyIsTruncated() throws {
        let photo = try TestBytes.jpeg(200, 200)
        let error = try #require(throws: ImageError.self) { try processor.inspect(Array(photo.prefix(20))) }
        guard case .truncated = error else { Issue.record("expected .truncated, got \(error)"); return }
    }
}
