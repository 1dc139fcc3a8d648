@testable import Bot
import Chat
import Closet
import Foundation
import Images
import Storage
import Synchronization
import Testing
import WardrobeTestKit

/// `/outfit`, `/closet` and outfit votes answer with one picture; thumbnails are cached; broken photos fall back.
@Suite struct PictureReplyTests {
    let processor = ImageProcessor()
    var style: PictureStyle { processor.configuration.pictures }

    /// Gives every piece of `user`'s closet a stored photo (a distinct synthetic JPEG each); returns the pieces.
    @discardableResult
    static func givePhotos(_ store: Store, transport: String = "console", user: String = "ana") async throws -> [ClosetItem] {
        let record = try await store.user(transport: transport, externalID: user)
        var pieces: [ClosetItem] = []
        for var item in try await store.items(userID: record.id) {
            let bytes = try SyntheticPhoto.generate(width: 480, height: 640, format: .jpeg, quality: 80, seed: item.number)
            let image = try await store.saveImage(bytes, userID: record.id, mimeType: "image/jpeg", width: 480, height: 640)
            item.photo = image.sha256
            try await store.updateItem(item, userID: record.id)
            pieces.append(item)
        }
        return pieces
    }

    /// The one picture of the last photo message, decoded back to prove it is the JPEG it claims to be.
    func lastPicture(_ transport: RecordingTransport) throws -> (image: OutgoingImage, info: ImageInfo, caption: String, buttons: [String]) {
        let message = try #require(transport.photoMessages.last)
        try #require(message.images.count == 1, "one picture, not an album")
        let image = message.images[0]
        let info = try processor.validate(image.bytes)
        return (image, info, message.caption?.plainText ?? "", message.buttons.flatMap { $0 }.map(\.title))
    }

    @Test func anOutfitIsOnePictureWithTheTextAsCaptionAndTheSameButtons() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        try await Self.givePhotos(bot.store)
        await bot.say("/outfit business")
        let picture = try lastPicture(bot.transport)
        #expect(picture.info.format == .jpeg && picture.image.mimeType == "image/jpeg")
        #expect(picture.info.width == picture.image.width && picture.info.height == picture.image.height)
        // A column of 3–4 tiles, plus a side column when an accessory was picked.
        let tiles = (picture.info.height - style.padding) / (style.flatLayTile + style.padding)
        #expect((3...4).contains(tiles) && picture.info.height == style.padding + tiles * (style.flatLayTile + style.padding))
        #expect(picture.caption.hasPrefix("Business Casual\n• #"))
        #expect(picture.buttons == ["Show another", "Why?", "I wore this"])
        #expect(bot.transport.texts.isEmpty, "nothing but the picture: no separate album, no separate text")
        try await bot.press("Show another")
        let another = try lastPicture(bot.transport)
        #expect(another.caption.hasPrefix("Business Casual") && another.caption != picture.caption)
    }

    @Test func thumbnailsAreMadeOnceAndTheCachedOnesAreUsedAfterwards() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        let pieces = try await Self.givePhotos(bot.store)
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let cache = ThumbnailCache(store: bot.store, images: processor)
        let sha = try #require(pieces[0].photo)
        #expect(bot.store.media.thumbnail(userID: user.id, sha256: sha, side: 240) == nil)
        let first = try #require(await cache.thumbnail(userID: user.id, sha256: sha, side: 240))
        #expect(try await processor.inspect(first).width <= 240 && bot.store.media.thumbnail(userID: user.id, sha256: sha, side: 240) == first)
        // With the original gone, the cached thumbnail still answers: it is read, not made again.
        try bot.store.media.remove(userID: user.id, sha256: sha)
        #expect(bot.store.media.thumbnail(userID: user.id, sha256: sha, side: 240) == nil, "removing an image removes its thumbnails")
        let other = try #require(pieces[1].photo)
        let made = try #require(await cache.thumbnail(userID: user.id, sha256: other, side: 240))
        let path = try #require(bot.store.media.existingPath(userID: user.id, sha256: other))
        try Data("not a photo any more".utf8).write(to: URL(fileURLWithPath: path))
        #expect(await cache.thumbnail(userID: user.id, sha256: other, side: 240) == made)
        #expect(await cache.thumbnail(userID: user.id, sha256: other, side: 360) == nil, "a new size of a broken original cannot be made")
    }

    @Test func aBrokenStoredPhotoBecomesAColourTileAndTheOutfitStillArrives() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        for piece in try await Self.givePhotos(bot.store) {
            let sha = try #require(piece.photo)
            let path = try #require(bot.store.media.existingPath(userID: user.id, sha256: sha))
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            try Data(bytes.prefix(bytes.count / 3)).write(to: URL(fileURLWithPath: path))
        }
        await bot.say("/outfit business")
        let picture = try lastPicture(bot.transport)
        #expect(picture.info.width == picture.image.width)
        #expect(picture.caption.hasPrefix("Business Casual"))
    }

    @Test func theClosetIsAFourBySixContactSheetWithPagesAndTheListAsCaption() async throws {
        let bot = try BotHarness()
        try await ClosetCommandTests.stock(bot)
        let user = try await bot.store.user(transport: "console", externalID: "ana")
        let extra = (1...16).map { ClosetItem(name: "Plain tee \($0)", category: .top, formality: 2, color: ItemColor(name: "white", family: .white)) }
        _ = try await bot.store.addItems(extra, userID: user.id)
        try await Self.givePhotos(bot.store)
        await bot.say("/closet")
        let first = try lastPicture(bot.transport)
        let p = style.padding, c = style.sheetCell
        #expect(first.info.width == p + 4 * (c + p) && first.info.height == p + 6 * (c + p))
        #expect(first.caption.contains("Your closet (30) — page 1/2"))
        #expect(first.caption.contains("#1 ") && first.caption.contains("#24 ") && !first.caption.contains("#25 "))
        #expect(first.buttons == ["Next ▶"])
        let staleNext = try #require(bot.transport.button("Next ▶"))
        try await bot.press("Next ▶")
        let second = try lastPicture(bot.transport)
        #expect(second.info.height == p + 2 * (c + p), "6 pieces on the last page: two rows")
        #expect(second.caption.contains("page 2/2") && second.caption.contains("#30 "))
        #expect(second.buttons == ["◀ Previous"])
        // Remove pieces until one page is left; the old Next button then shows the last page and says so.
        for number in 20...30 { _ = try await bot.store.removeItem(userID: user.id, number: number) }
        await bot.send(.button(token: staleNext.token))
        let stale = try lastPicture(bot.transport)
        #expect(stale.caption.hasPrefix("(There is only 1 page.)"))
        #expect(stale.info.height == p + 5 * (c + p), "19 pieces: five rows")
        #expect(stale.buttons.isEmpty)
    }

    @Test func theConsoleSavesThePictureUnderTheDataFolderAndPrintsItsPath() async throws {
        let bot = try BotHarness()
        // The console's person is `console:local`.
        try await ClosetCommandTests.stock(bot, user: "local")
        try await Self.givePhotos(bot.store, user: "local")
        let lines = LineRecorder()
        let console = ConsoleTransport(outputFolder: "\(bot.folder)/console") { lines.append($0) }
        let event = ChatEvent(
            id: "c1", chat: ConsoleTransport.chat, sender: ConsoleTransport.sender, payload: .command(name: "outfit", arguments: "business"),
            message: MessageRef(chatID: "local", messageID: "in-1"))
        await bot.router.handle(event, via: console)
        let line = try #require(lines.all.first { $0.hasPrefix("🖼  ") })
        let path = try #require(line.dropFirst(3).split(separator: " ").first.map(String.init))
        #expect(path.hasPrefix("\(bot.folder)/console/"))
        let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let info = try await processor.validate(saved)
        #expect(line.contains("(\(info.width)×\(info.height))"))
        #expect(lines.all.contains { $0.hasPrefix("Business Casual") }, "the caption is printed under the path")
    }
}

/// Lines printed by a console transport.
final class LineRecorder: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Outfit votes with pictures: the candidates side by side before the poll, the winner's picture in the announcement.
@Suite(.serialized) struct VotePictureTests {
    let style = ImageProcessor().configuration.pictures

    @Test func anOutfitVoteShowsTheCandidatesInOnePictureBeforeThePollAndTheWinnersPictureAfter() async throws {
        let harness = try VotingHarness(polls: true)
        defer { harness.remove() }
        await harness.say("hi all", user: "bob")
        try await harness.addCloset(for: "ana")
        await harness.say("/outfit dinner 3", user: "ana")
        let messages = harness.transport.messages
        let pictureAt = try #require(messages.firstIndex { if case .photos = $0 { true } else { false } })
        let pollAt = try #require(messages.firstIndex { if case .poll = $0 { true } else { false } })
        #expect(pictureAt < pollAt, "the picture comes first, then the poll")
        let sheet = try #require(harness.transport.photoMessages.first)
        #expect(sheet.images.count == 1)
        let info = try await ImageProcessor().validate(sheet.images[0].bytes)
        #expect(info.format == .jpeg)
        #expect(info.height == style.voteSheetHeight && abs(info.width - style.voteSheetWidth(outfits: 3, tiles: 3)) <= 3,
                "three three-piece outfits side by side under their number strips")
        let caption = sheet.caption?.plainText ?? ""
        #expect(caption.hasPrefix("1. Dinner Date") && caption.contains("\n\n2. Dinner Date") && caption.contains("\n\n3. Dinner Date"))
        #expect(harness.transport.photos.count == 1, "no album of piece photos any more")

        await harness.vote([1], user: "bob")
        await harness.vote([1], user: "ana")
        let winner = try #require(harness.transport.photoMessages.last)
        #expect(winner.caption?.plainText.hasPrefix("The group picked option 2") == true)
        #expect(winner.buttons.flatMap { $0 }.map(\.title) == ["I wore this"])
        let flatLay = try await ImageProcessor().validate(winner.images[0].bytes)
        // The winner is a top, a bottom and shoes: a three-tile column.
        #expect(flatLay.height == style.padding + 3 * (style.flatLayTile + style.padding))
        #expect(flatLay.width == 2 * style.padding + style.flatLayTile)
    }
}

extension PictureStyle {
    /// The height of a vote picture whose tallest option fills `voteOptionSide`: the option, its number strip, the padding.
    var voteSheetHeight: Int { 2 * padding + voteOptionSide + max(40, voteOptionSide / 10) }

    /// The width of a vote picture of `outfits` flat-lays of `tiles` stacked tiles each, each shrunk to `voteOptionSide` tall.
    func voteSheetWidth(outfits: Int, tiles: Int) -> Int {
        let flatLayWidth = Double(2 * padding + flatLayTile), flatLayHeight = Double(padding + tiles * (flatLayTile + padding))
        let width = Int((flatLayWidth * Double(voteOptionSide) / flatLayHeight).rounded())
        return padding + outfits * (width + padding)
    }
}
