@testable import Images
import Testing

@Suite("Outfit, closet and vote pictures")
struct PictureTests {
    let processor = ImageProcessor()
    var style: PictureStyle { processor.configuration.pictures }

    func tile(_ number: Int, photo: [UInt8]?, color: RGB = RGB(31, 42, 80), label: String = "top") -> PictureTile {
        PictureTile(number: number, photo: photo, color: color, label: label)
    }

    /// The colour of a swatch's bottom-right corner area, away from its badge (top left) and its label (middle).
    func swatchCorner(_ picture: TiledPicture, _ placement: TilePlacement) throws -> RGB {
        let side = placement.width / 6
        return try processor.meanColor(
            picture.image.bytes, x: placement.x + placement.width - side - 4, y: placement.y + placement.height - side - 4,
            width: side, height: side)
    }

    func close(_ a: RGB, _ b: RGB, within tolerance: Double = 8) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
    }

    @Test("A five-piece flat-lay stacks four tiles in a column with the accessory beside it, numbered by item")
    func flatLayLayout() throws {
        let photos = try (1...5).map { try TestBytes.jpeg(600, 800, seed: $0) }
        let numbers = [12, 3, 7, 21, 40]
        let picture = try processor.flatLay(
            column: (0..<4).map { tile(numbers[$0], photo: photos[$0]) }, side: [tile(numbers[4], photo: photos[4])])
        let p = style.padding, t = style.flatLayTile, s = style.flatLaySideTile
        #expect(picture.image.width == p + t + p + s + p)
        #expect(picture.image.height == p + 4 * (t + p))
        #expect(picture.tiles.map(\.number) == numbers)
        #expect(picture.tiles.prefix(4).allSatisfy { $0.x == p && $0.width == t })
        #expect(picture.tiles.prefix(4).map(\.y) == [p, p + (t + p), p + 2 * (t + p), p + 3 * (t + p)])
        #expect(picture.tiles[4].x == p + t + p && picture.tiles[4].width == s)
        #expect(picture.tiles.allSatisfy { !$0.isSwatch })
        // Decoded back, it is the JPEG it claims to be.
        let info = try processor.validate(picture.image.bytes)
        #expect(info.format == .jpeg && info.width == picture.image.width && info.height == picture.image.height)
    }

    @Test("Each photo lands in its own tile, though the photos are decoded several at once")
    func photosKeepTheirTiles() throws {
        // Photos that are almost one colour each: a single swatch with no label, encoded as a JPEG.
        let colors = [RGB(200, 30, 30), RGB(30, 160, 40), RGB(30, 40, 190), RGB(230, 200, 40), RGB(120, 40, 150)]
        let photos = try colors.map { color in
            try processor.flatLay(column: [tile(1, photo: nil, color: color, label: "")], side: []).image.bytes
        }
        let picture = try processor.flatLay(column: (0..<4).map { tile($0 + 1, photo: photos[$0]) }, side: [tile(5, photo: photos[4])])
        #expect(picture.tiles.allSatisfy { !$0.isSwatch })
        for (placement, color) in zip(picture.tiles, colors) {
            // The middle of the tile, away from its badge and from the source's own padding.
            let side = placement.width / 4
            let middle = try processor.meanColor(
                picture.image.bytes, x: placement.x + placement.width / 2 - side / 2, y: placement.y + placement.height / 2 - side / 2,
                width: side, height: side)
            #expect(close(middle, color, within: 12), "tile \(placement.number): \(middle) is not \(color)")
        }
    }

    @Test("A piece without a photo is a swatch of its colour, and a photo tile is not")
    func swatchHasItsColour() throws {
        let red = RGB(190, 35, 45)
        let picture = try processor.flatLay(
            column: [tile(1, photo: nil, color: red, label: "outerwear"), tile(2, photo: try TestBytes.jpeg(400, 400))], side: [])
        #expect(picture.tiles.map(\.isSwatch) == [true, false])
        #expect(close(try swatchCorner(picture, picture.tiles[0]), red))
        #expect(!close(try swatchCorner(picture, picture.tiles[1]), red))
    }

    @Test("A broken or foreign stored image becomes a swatch instead of failing the picture")
    func brokenPhotoFallsBack() throws {
        var cut = try TestBytes.jpeg(500, 500)
        cut.removeLast(cut.count / 2)
        let navy = RGB(31, 42, 80)
        let picture = try processor.flatLay(
            column: [tile(5, photo: cut, color: navy), tile(6, photo: TestBytes.text, color: navy), tile(7, photo: TestBytes.gif, color: navy)],
            side: [])
        #expect(picture.tiles.map(\.isSwatch) == [true, true, true])
        #expect(close(try swatchCorner(picture, picture.tiles[0]), navy))
    }

    @Test("A full closet page is a 4×6 grid numbered left to right, top to bottom")
    func closetSheetGrid() throws {
        let photos = try (1...4).map { try TestBytes.jpeg(240, 320, seed: $0) }
        let tiles = (0..<24).map { index in tile(index + 101, photo: index % 5 == 4 ? nil : photos[index % 4]) }
        let sheet = try processor.closetSheet(tiles)
        let p = style.padding, c = style.sheetCell
        #expect(sheet.image.width == p + 4 * (c + p) && sheet.image.height == p + 6 * (c + p))
        #expect(sheet.tiles.map(\.number) == Array(101...124))
        #expect(sheet.tiles[5].x == p + (c + p) && sheet.tiles[5].y == p + (c + p))
        #expect(sheet.tiles.filter(\.isSwatch).map(\.number) == [105, 110, 115, 120])
        #expect(close(try swatchCorner(sheet, sheet.tiles[4]), RGB(31, 42, 80)))
        #expect(try processor.validate(sheet.image.bytes).format == .jpeg)
    }

    @Test("A short last page keeps four across and only the rows it needs; an empty or overfull page is refused")
    func closetSheetBounds() throws {
        let sheet = try processor.closetSheet((1...6).map { tile($0, photo: nil) })
        #expect(sheet.image.width == style.padding + 4 * (style.sheetCell + style.padding))
        #expect(sheet.image.height == style.padding + 2 * (style.sheetCell + style.padding))
        #expect(throws: ImageError.self) { try processor.closetSheet([]) }
        #expect(throws: ImageError.self) { try processor.closetSheet((1...25).map { tile($0, photo: nil) }) }
    }

    @Test("A vote picture puts the options side by side at one height, numbered 1, 2, 3")
    func voteSheetRow() throws {
        let outfit = VoteOptionPicture.outfit(column: [tile(3, photo: nil), tile(4, photo: nil, label: "shoes")], side: [])
        let picture = try processor.voteSheet([.photo(try TestBytes.jpeg(768, 1024)), outfit, .photo(try TestBytes.jpeg(1024, 1024, seed: 2))])
        #expect(picture.tiles.map(\.number) == [1, 2, 3])
        #expect(Set(picture.tiles.map(\.height)).count == 1)
        #expect(zip(picture.tiles, picture.tiles.dropFirst()).allSatisfy { $0.x + $0.width + style.padding == $1.x })
        let last = picture.tiles[2]
        #expect(picture.image.width == last.x + last.width + style.padding)
        #expect(try processor.validate(picture.image.bytes).width == picture.image.width)
        #expect(throws: ImageError.self) { try processor.voteSheet([]) }
    }

    @Test("The same tiles draw the same bytes, so a picture drawn again can reuse its earlier upload")
    func drawingIsDeterministic() throws {
        let photos = try (1...3).map { try TestBytes.jpeg(600, 800, seed: $0) }
        func draw() throws -> [UInt8] {
            try processor.flatLay(
                column: [tile(4, photo: photos[0]), tile(9, photo: nil, color: RGB(190, 35, 45), label: "bottom"), tile(2, photo: photos[1])],
                side: [tile(30, photo: photos[2])]
            ).image.bytes
        }
        #expect(try draw() == draw())
        let other = try processor.flatLay(column: [tile(5, photo: photos[0])], side: []).image.bytes
        #expect(try draw() != other)
    }

    @Test("Each tile's badge is a dark square in its top-left corner with a light number inside")
    func badgesArePainted() throws {
        let white = RGB.white
        let picture = try processor.closetSheet([tile(8, photo: nil, color: white, label: ""), tile(88, photo: nil, color: white, label: "")])
        for placement in picture.tiles {
            let badge = max(24, Int(Double(placement.width) * style.badgeFraction))
            let corner = try processor.meanColor(picture.image.bytes, x: placement.x + 1, y: placement.y + 1, width: 3, height: 3)
            #expect(close(corner, style.badgeColor), "the badge's corner is the badge colour")
            let inside = try processor.meanColor(picture.image.bytes, x: placement.x, y: placement.y, width: badge, height: badge)
            #expect(inside.red > style.badgeColor.red + 8, "the number's light ink lifts the badge's mean")
            #expect(inside.red < 200, "but the badge stays mostly dark")
        }
    }

    @Test("A swatch's label is written across its middle in ink that reads on its colour")
    func swatchLabelIsWritten() throws {
        let light = RGB(235, 200, 60)
        let picture = try processor.flatLay(column: [tile(1, photo: nil, color: light, label: "shoes")], side: [])
        let placement = picture.tiles[0]
        let band = placement.height / 3
        let middle = try processor.meanColor(
            picture.image.bytes, x: placement.x, y: placement.y + (placement.height - band) / 2, width: placement.width, height: band)
        #expect(middle.red < light.red - 4 && middle.green < light.green - 4, "dark ink on a light swatch darkens its middle")
        #expect(close(try swatchCorner(picture, placement), light))
    }

    func blockingSheet(_ tiles: [PictureTile]) throws -> TiledPicture { try processor.closetSheet(tiles) }

    @Test("The async pictures match the blocking ones")
    func asyncPictures() async throws {
        let tiles = [tile(1, photo: nil), tile(2, photo: nil)]
        let blocking = try blockingSheet(tiles)
        let queued = try await processor.closetSheet(tiles)
        #expect(queued.tiles == blocking.tiles && queued.image.width == blocking.image.width)
    }
}
