import Images
import Testing

@Suite("Formats and pass-through")
struct FormatTests {
    let processor = ImageProcessor()

    @Test("Inspect reads size, format and alpha from the header")
    func inspectReadsHeader() throws {
        let png = try SyntheticPhoto.generate(width: 321, height: 123, format: .png, alpha: true)
        #expect(try processor.inspect(png) == ImageInfo(width: 321, height: 123, format: .png, hasAlpha: true))
        let jpeg = try TestBytes.jpeg(100, 50)
        #expect(try processor.inspect(jpeg) == ImageInfo(width: 100, height: 50, format: .jpeg, hasAlpha: false))
    }

    @Test("PNG and WebP results are recognised without re-encoding")
    func passThroughDetection() throws {
        let png = try SyntheticPhoto.generate(width: 256, height: 256, format: .png)
        let webp = try SyntheticPhoto.generate(width: 256, height: 256, format: .webp)
        #expect(try processor.detectFormat(png) == .png)
        #expect(try processor.detectFormat(webp) == .webp)
        #expect(try processor.detectFormat(webp).mimeType == "image/webp")
        #expect(try processor.detectFormat(try TestBytes.jpeg(64, 64)) == .jpeg)
    }

    @Test("Pass-through detection refuses a cut-off WebP")
    func passThroughRefusesTruncatedWebP() throws {
        let webp = try SyntheticPhoto.generate(width: 512, height: 512, format: .webp)
        #expect(throws: ImageError.self) { try processor.detectFormat(Array(webp.prefix(webp.count / 2))) }
    }

    @Test("Async pass-through detection works off the cooperative pool")
    func asyncDetection() async throws {
        let png = try SyntheticPhoto.generate(width: 64, height: 64, format: .png)
        #expect(try await processor.detectFormat(png) == .png)
    }

    @Test("A HEIC photo is decoded and stored as JPEG", .enabled(if: ImageFormat.heic.isDecodable, "this libvips build has no HEIF loader"))
    func heicIsDecoded() throws {
        let heic: [UInt8]
        do {
            heic = try SyntheticPhoto.generate(width: 480, height: 320, format: .heic)
        } catch {
            withKnownIssue("libheif here has no HEVC encoder to make a test file: \(error)") { throw error }
            return
        }
        #expect(try processor.inspect(heic).format == .heic)
        // A small file keeps the slow HEVC encoder out of the test's time; the decoder path is the same.
        let stored = try processor.prepareForUpload(heic)
        #expect(stored.format == .jpeg)
        #expect(stored.width == 480 && stored.height == 320)
    }

    @Test("An AVIF photo is decoded and stored as JPEG", .enabled(if: ImageFormat.avif.isDecodable, "this libvips build has no HEIF/AVIF loader"))
    func avifIsDecoded() throws {
        let avif: [UInt8]
        do {
            avif = try SyntheticPhoto.generate(width: 640, height: 480, format: .avif)
        } catch {
            withKnownIssue("libheif here has no AV1 encoder to make a test file: \(error)") { throw error }
            return
        }
        #expect(try processor.inspect(avif).format == .avif)
        #expect(try processor.detectFormat(avif).mimeType == "image/avif")
        let stored = try processor.intake(avif)
        #expect(stored.width == 640 && stored.height == 480)
    }
}
