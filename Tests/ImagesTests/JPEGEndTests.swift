import Images
import Testing

/// A JPEG must reach its end marker; data after the marker (some cameras append it) is fine.
struct JPEGEndTests {
    let processor = ImageProcessor()

    @Test func trailingDataAfterTheEndMarkerIsAccepted() throws {
        let photo = try TestBytes.jpeg(320, 240)
        #expect(try processor.intake(photo + Array(repeating: 0x5A, count: 300)).width == 320)
        #expect(try processor.thumbnail(photo + [0, 1, 2, 3], maxSide: 80).width <= 80)
    }

    @Test func aJPEGCutAnywhereAfterItsHeaderIsDamagedEvenForAThumbnail() throws {
        let photo = try TestBytes.jpeg(320, 240, seed: 7)
        for keep in stride(from: photo.count - 2, to: photo.count / 2, by: -97) {
            let cut = Array(photo.prefix(keep))
            #expect(throws: ImageError.self, "kept \(keep)") { try processor.thumbnail(cut, maxSide: 60) }
        }
    }
}
