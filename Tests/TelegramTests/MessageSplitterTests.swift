import Chat
import Telegram
import Testing

/// Splitting long text for Telegram's limits.
@Suite struct MessageSplitterTests {
    @Test func shortTextStaysWhole() {
        #expect(MessageSplitter.split("hello").map(\.plainText) == ["hello"])
    }

    @Test func longTextSplitsAtParagraphsThenLinesThenWords() {
        let paragraph = String(repeating: "word ", count: 150)
        let text = RichText.plain(paragraph + "\n\n" + paragraph + "\n\n" + paragraph)
        let pieces = MessageSplitter.split(text, limit: 1600)
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { MessageSplitter.visibleLength($0) <= 1600 })
        #expect(pieces[0].plainText.hasSuffix("\n\n"))
        let words = MessageSplitter.split(.plain(String(repeating: "abc ", count: 100)), limit: 50)
        #expect(words.allSatisfy { !$0.plainText.hasPrefix(" ") && MessageSplitter.visibleLength($0) <= 50 })
        #expect(words.map(\.plainText).joined().replacingOccurrences(of: " ", with: "") == String(repeating: "abc", count: 100))
    }

    @Test func formattingAndEscapesSurviveASplitInsideABoldRun() {
        let text = RichText.bold(String(repeating: "<&> ", count: 30))
        let pieces = MessageSplitter.split(text, limit: 40)
        for piece in pieces {
            #expect(piece.html.hasPrefix("<b>") && piece.html.hasSuffix("</b>"))
            #expect(!piece.html.contains("<&"))
        }
    }

    @Test func textOfMoreBytesThanTheLimitButFewerUnitsStaysWhole() {
        // "é" is 2 UTF-8 bytes and 1 UTF-16 unit, "—" 3 bytes and 1 unit: the limit counts units.
        #expect(MessageSplitter.split(.plain(String(repeating: "é", count: 10)), limit: 10).count == 1)
        #expect(MessageSplitter.split(RichText([.bold("— "), .plain("———")]), limit: 5).count == 1)
        #expect(MessageSplitter.split(.plain(String(repeating: "é", count: 11)), limit: 10).map(\.plainText.count) == [10, 1])
    }

    @Test func lengthCountsUTF16UnitsOfTheVisibleText() {
        #expect(MessageSplitter.visibleLength(.plain("👗")) == 2)
        #expect(MessageSplitter.visibleLength(RichText([.link("shop", url: "https://example.com/a-very-long-url")])) == 4)
        let emoji = MessageSplitter.split(.plain(String(repeating: "👗", count: 10)), limit: 5)
        #expect(emoji.allSatisfy { MessageSplitter.visibleLength($0) <= 5 })
        #expect(emoji.map(\.plainText).joined() == String(repeating: "👗", count: 10))
    }
}
