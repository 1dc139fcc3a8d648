import Images
import Testing

@Suite("Intake, upload and thumbnails")
struct IntakeTests {
    let processor = ImageProcessor()

    @Test("A large photo is stored as a JPEG no longer than 2048 px")
    func intakeShrinksLargePhotos() throws {
        let photo = try TestBytes.jpeg(4000, 3000)
        let stored = try processor.intake(photo)
        #expect(stored.format == .jpeg)
        #expect(stored.width == 2048)
        #expect(stored.height == 1536)
        let info = try processor.inspect(stored.bytes)
        #expect(info.width == stored.width && info.height == stored.height)
    }

    @Test("A photo prepared for upload is no longer than 1024 px")
    func uploadShrinksTo1024() throws {
        let photo = try TestBytes.jpeg(1500, 3000)
        let upload = try processor.prepareForUpload(photo)
        #expect(upload.width == 512)
        #expect(upload.height == 1024)
        #expect(upload.mimeType == "image/jpeg")
    }

    @Test("A small photo is never enlarged")
    func smallPhotosAreNotUpscaled() throws {
        let photo = try TestBytes.jpeg(640, 480)
        let stored = try processor.intake(photo)
        #expect(stored.width == 640 && stored.height == 480)
        let upload = try processor.prepareForUpload(photo, maxSide: 1024)
        #expect(upload.width == 640 && upload.height == 480)
    }

    @Test("A thumbnail fits in 320 px and reports its size")
    func thumbnailReportsSize() throws {
        let photo = try TestBytes.jpeg(1200, 900)
        let thumbnail = try processor.thumbnail(photo)
        #expect(thumbnail.width == 320 && thumbnail.height == 240)
        let info = try processor.inspect(thumbnail.bytes)
        #expect(info.width == 320 && info.height == 240)
    }

    @Test("A photo with EXIF orientation 6 comes out rotated upright")
    func exifOrientationIsApplied() throws {
        let photo = TestBytes.inserting(exif: ExifBuilder.photoExif(orientation: 6), into: try TestBytes.jpeg(300, 200))
        let info = try processor.inspect(photo)
        #expect(info.orientation == 6)
        #expect(info.width == 300 && info.height == 200)

        let stored = try processor.intake(photo)
        #expect(stored.width == 200 && stored.height == 300)
        #expect(try processor.inspect(stored.bytes).orientation == 1)
    }

    @Test("Orientation 3 turns the photo over without swapping its sides")
    func exifOrientationUpsideDown() throws {
        let photo = TestBytes.inserting(exif: ExifBuilder.photoExif(orientation: 3), into: try TestBytes.jpeg(300, 200))
        let stored = try processor.intake(photo)
        #expect(stored.width == 300 && stored.height == 200)
    }

    @Test("A large WebP is shrunk on load to the intake size")
    func webpIntakeShrinks() throws {
        let webp = try SyntheticPhoto.generate(width: 4200, height: 2800, format: .webp, quality: 80)
        let stored = try processor.intake(webp)
        #expect(stored.format == .jpeg)
        #expect(stored.width == 2048 && (1365...1366).contains(stored.height))
    }

    @Test("Stored and uploaded photos carry no EXIF, GPS or camera serial")
    func metadataIsStripped() throws {
        let photo = TestBytes.inserting(exif: ExifBuilder.photoExif(orientation: 1), into: try TestBytes.jpeg(800, 600))
        // The input really carries the metadata the output must lose.
        #expect(TestBytes.jpegHeaderSegments(photo).contains { $0.marker == 0xE1 })
        #expect(TestBytes.contains(photo, "GPS") || TestBytes.contains(photo, "SN12345678"))

        for output in [try processor.intake(photo), try processor.prepareForUpload(photo), try processor.thumbnail(photo)] {
            let segments = TestBytes.jpegHeaderSegments(output.bytes)
            #expect(!segments.isEmpty)
            #expect(!segments.contains { $0.marker == 0xE1 }, "no APP1 (EXIF or XMP) segment")
            #expect(!segments.contains { TestBytes.contains($0.payload, "Exif") || TestBytes.contains($0.payload, "GPS") })
            #expect(!TestBytes.contains(output.bytes, "SN12345678"))
            #expect(!TestBytes.contains(output.bytes, "Canon"))
        }
    }

    @Test("A transparent PNG is stored as a JPEG on white")
    func transparentPNGBecomesJPEG() throws {
        let png = try SyntheticPhoto.generate(width: 500, height: 400, format: .png, alpha: true)
        #expect(try processor.inspect(png).hasAlpha)
        let stored = try processor.intake(png)
        #expect(stored.format == .jpeg)
        let info = try processor.inspect(stored.bytes)
        #expect(!info.hasAlpha)
        #expect(info.width == 500 && info.height == 400)
    }

    @Test("A grey PNG with transparency is stored as a JPEG")
    func greyAlphaPNGBecomesJPEG() throws {
        let png = TestBytes.greyAlphaPNG(width: 120, height: 80)
        #expect(try processor.inspect(png) == ImageInfo(width: 120, height: 80, format: .png, hasAlpha: true))
        let stored = try processor.intake(png)
        #expect(stored.width == 120 && stored.height == 80)
        #expect(try processor.inspect(stored.bytes).hasAlpha == false)
    }

    @Test("The async intake gives the same result as the blocking one")
    func asyncIntakeMatches() async throws {
        let photo = try TestBytes.jpeg(3000, 2000)
        let stored = try await processor.intake(photo)
        #expect(stored.width == 2048 && stored.height == 1365)
        let upload = try await processor.prepareForUpload(stored.bytes)
        // 1365 / 2 = 682.5: either rounding is right.
        #expect(upload.width == 1024 && (682...683).contains(upload.height), "got \(upload.width)×\(upload.height)")
    }
}
