import Testing
import HTML

/// Long attribute values skip gumbo (the scan moves them out, the tree reads them back); the
/// tree must hold the same values gumbo would have made.
@Suite struct MovedAttributeValueTests {
    @Test func longValuesReadBackWithTheirPlainReferencesDecoded() throws {
        let document = try HTMLDocument.parse("""
        <html><body><a class="a-link-normal product-title-link" href="/dp/B07?ie=UTF8&amp;tag=x&#38;y=&#x41;&quot;&apos;&lt;&gt;&nbsp;z">Shirt</a></body></html>
        """)
        let link = try #require(document.first(named: "a"))
        #expect(link["class"] == "a-link-normal product-title-link")
        #expect(link["href"] == "/dp/B07?ie=UTF8&tag=x&y=A\"'<>\u{A0}z")
        #expect(document.text(of: link) == "Shirt")
    }

    @Test func valuesWithOtherReferencesStillDecodeThroughGumbo() throws {
        let document = try HTMLDocument.parse(#"<p title="Caf&eacute; au lait, very long title" data-x="&amp without semicolon here" lang=fr>x</p>"#)
        let paragraph = try #require(document.first(named: "p"))
        #expect(paragraph["title"] == "Café au lait, very long title")
        #expect(paragraph["data-x"] == "& without semicolon here")
        #expect(paragraph["lang"] == "fr")
    }

    @Test func unquotedAndSingleQuotedLongValuesKeepTheirText() throws {
        let document = try HTMLDocument.parse("<div id=product-gallery-container class='gallery main-image zoomable'>x</div>")
        let division = try #require(document.first(named: "div"))
        #expect(division["id"] == "product-gallery-container")
        #expect(division["class"] == "gallery main-image zoomable")
        #expect(document.elements(withID: "product-gallery-container").count == 1)
    }

    @Test func aPageValueThatLooksLikeAReferenceIsNotReadAsOne() throws {
        let document = try HTMLDocument.parse("<p title=\"\u{E000}0\" class=\"a-very-long-class-name here\">x</p><p title=\"\u{E000}1&bogus;\">y</p>")
        let paragraphs = document.elements(named: "p")
        #expect(paragraphs.count == 2)
        #expect(paragraphs[0]["title"] == "\u{E000}0")
        #expect(paragraphs[0]["class"] == "a-very-long-class-name here")
        #expect(paragraphs[1]["title"] == nil)
    }

    @Test func valuesWithCarriageReturnsAreLeftToGumbo() throws {
        let document = try HTMLDocument.parse("<p title=\"first line of the title\r\nsecond line\">x</p>")
        #expect(document.first(named: "p")?["title"] == "first line of the title\nsecond line")
    }

    @Test func aValueRunningToTheEndOfThePageDoesNotTrap() throws {
        let document = try HTMLDocument.parse("<p>x</p><a href=\"/unterminated/value/that/is/long")
        #expect(document.first(named: "p") != nil)
    }
}

@Suite struct UTF8PageTests {
    @Test func aUTF8PageIsScannedWithoutACopyAndScriptsAreSlicesOfIt() {
        let page = Array("<html><head><meta charset=\"utf-8\"><script>var a = 'é';</script></head></html>".utf8)
        let bytes = CharsetDecoder.utf8(page, contentType: nil)
        #expect(bytes == page)
        let scan = HTMLScan(utf8: bytes)
        #expect(scan.scripts.map(\.text) == ["var a = 'é';"])
        #expect(Array(scan.scripts[0].source) == Array("var a = 'é';".utf8))
    }

    @Test func undeclaredBytesThatAreNotUTF8AreReadAsWindows1252() {
        #expect(CharsetDecoder.utf8([0x93, 0x68, 0x69, 0x94], contentType: nil) == Array("\u{201C}hi\u{201D}".utf8))
        #expect(CharsetDecoder.utf8(Array("caf".utf8) + [0xE9], contentType: "text/html; charset=iso-8859-1") == Array("café".utf8))
        #expect(CharsetDecoder.utf8([0xEF, 0xBB, 0xBF] + Array("ok".utf8), contentType: nil) == Array("ok".utf8))
    }

    @Test func malformedUTF8IsToldApartFromWellFormed() {
        // Overlong, surrogate, above U+10FFFF, stray continuation, cut off at the end.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], Array("abcdefgh".utf8) + [0xE2, 0x82]] {
            #expect(CharsetDecoder.utf8(bad, contentType: nil) != bad)
        }
        let good = Array("ascii long enough for words, é, €, 𝄞 and more ascii".utf8)
        #expect(CharsetDecoder.utf8(good, contentType: nil) == good)
    }
}
