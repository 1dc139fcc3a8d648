import Images
import Testing

@Suite("Collages")
struct CollageTests {
    let processor = ImageProcessor()

    @Test("The before/after collage puts both photos at the same height with label strips")
    func compareHasExpectedSize() throws {
        let before = try TestBytes.jpeg(800, 600)
        let after = try SyntheticPhoto.generate(width: 600, height: 900, format: .png)
        let collage = try processor.compare(before: before, after: after)
        let style = processor.configuration.collage
        // The after photo shrinks from 600×900 to 400×600 to match the before photo's height.
        #expect(collage.width == style.padding + 800 + style.padding + 400 + style.padding)
        #expect(collage.height == style.padding + 600 + style.labelHeight + style.padding)
        #expect(collage.format == .jpeg)
        let info = try processor.inspect(collage.bytes)
        #expect(info.width == collage.width && info.height == collage.height)
    }

    @Test("Large photos in a collage are shrunk to the panel size first")
    func compareShrinksLargePhotos() throws {
        let collage = try processor.compare(before: try TestBytes.jpeg(3000, 2000), after: try TestBytes.jpeg(2000, 3000))
        let style = processor.configuration.collage
        // before fits to 1024×683, after to 683×1024, then shrinks to 456×683 (455.6 rounded).
        #expect(collage.height == 2 * style.padding + 683 + style.labelHeight)
        #expect(collage.width == 3 * style.padding + 1024 + 456)
    }

    @Test("A contact sheet of four variations is a 2×2 grid of cells")
    func contactSheetOfFour() throws {
        let images = try (1...4).map { try TestBytes.jpeg(300 + 100 * $0, 400, seed: $0) }
        let sheet = try processor.contactSheet(images)
        let style = processor.configuration.collage
        let side = 2 * style.cellSide + style.padding + 2 * style.padding
        #expect(sheet.width == side && sheet.height == side)
    }

    @Test("A contact sheet of three keeps the 2×2 grid and five need three columns")
    func contactSheetShapes() throws {
        let style = processor.configuration.collage
        let three = try processor.contactSheet(try (1...3).map { try TestBytes.jpeg(200, 200, seed: $0) })
        #expect(three.width == 2 * style.cellSide + 3 * style.padding)
        #expect(three.height == 2 * style.cellSide + 3 * style.padding)
        let five = try processor.contactSheet(try (1...5).map { try TestBytes.jpeg(200, 300, seed: $0) })
        #expect(five.width == 3 * style.cellSide + 4 * style.padding)
        #expect(five.height == 2 * style.cellSide + 3 * style.padding)
    }

    @Test("The async collages match the blocking ones in size")
    func asyncCollages() async throws {
        let images = try (1...2).map { try TestBytes.jpeg(640, 480, seed: $0) }
        let sheet = try await processor.contactSheet(images)
        let style = processor.configuration.collage
        #expect(sheet.width == 2 * style.cellSide + 3 * style.padding)
        #expect(sheet.height == style.cellSide + 2 * style.padding)
        let collage = try await processor.compare(before: images[0], after: images[1])
        #expect(collage.height == 480 + style.labelHeight + 2 * style.padding)
    }

    @Test("A contact sheet needs between one and nine images")
    func contactSheetCountIsChecked() throws {
        #expect(throws: ImageError.self) { try processor.contactSheet([]) }
        let many = Array(repeating: try TestBytes.jpeg(32, 32), count: 10)
        #expect(throws: ImageError.self) { try processor.contactSheet(many) }
    }

    @Test("A collage refuses a non-image with the same error as intake")
    func collageRefusesNonImages() throws {
        #expect(throws: ImageError.notAnImage) {
            try processor.compare(before: try TestBytes.jpeg(64, 64), after: TestBytes.text)
        }
    }
}
