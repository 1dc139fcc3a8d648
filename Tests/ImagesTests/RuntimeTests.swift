@testable import Images
import Testing

@Suite("libvips runtime")
struct RuntimeTests {
    @Test("liborc's compiled loops are off once libvips has started (their code memory is not thread-safe)")
    func compiledLoopsAreOff() throws {
        try VipsRuntime.start()
        #expect(!VipsRuntime.compiledLoopsEnabled)
    }

    @Test("Tile photos shrunk on several threads at once all come back at their size")
    func concurrentTilePhotos() throws {
        let processor = ImageProcessor()
        let photos = try (0..<8).map { try SyntheticPhoto.generate(width: 900 + 40 * $0, height: 700, format: .jpeg) }
        for round in 0..<4 {
            let side = 120 + 20 * round
            let tiles = try VipsRuntime.exclusively { () throws(ImageError) in
                processor.decodedTilePhotos(photos.map { (photo: $0, side: side) })
            }
            #expect(tiles.count == photos.count)
            #expect(tiles.allSatisfy { $0.map { max($0.width, $0.height) == side && $0.bands == 3 } ?? false })
        }
    }
}
