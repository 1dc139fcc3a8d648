import Testing
@testable import HTML

@Suite struct HTMLDocumentTests {
    @Test func elementsKeepTagsAttributesAndTextInDocumentOrder() throws {
        let document = try HTMLDocument.parse(#"<html><body><div id="a" class="x  product"><h1>Hello <b>big</b>   world</h1><p data-src="/i.jpg">Tom &amp; Jerry</p></div></body></html>"#)
        let div = try #require(document.first(named: "div"))
        #expect(div["id"] == "a")
        #expect(div.hasClass("product"))
        #expect(document.children(of: div).map(\.tag) == ["h1", "p"])
        let heading = try #require(document.first(named: "h1"))
        #expect(document.text(of: heading) == "Hello big world")
        #expect(document.text(of: try #require(document.first(named: "p"))) == "Tom & Jerry")
        #expect(document.parent(of: heading)?.index == div.index)
        #expect(document.descendants(of: div).count == 3)
    }

    @Test func elementsAfterASubtreeAndAncestorsWithinADepth() throws {
        let document = try HTMLDocument.parse("<div><section><h1>Name <b>x</b></h1><p>one</p><p>two</p></section><span>three</span></div>")
        let heading = try #require(document.first(named: "h1"))
        #expect(document.elements(after: heading, count: 2).map(\.tag) == ["p", "p"])
        #expect(document.elements(after: heading, count: 100).map(\.tag) == ["p", "p", "span"])
        #expect(document.elements(after: heading, count: 0).isEmpty)
        let bold = try #require(document.first(named: "b"))
        #expect(document.ancestor(of: bold, within: 2) { $0.tag == "section" }?.tag == "section")
        #expect(document.ancestor(of: bold, within: 1) { $0.tag == "section" } == nil)
        #expect(document.ancestor(of: bold) { $0.tag == "div" }?.tag == "div")
    }

    @Test func scriptsKeepTheirSourceVerbatim() throws {
        let source = #"var a = "<div>"; if (a < 3 && b > 2) { x = '&amp;'; } // </scrip"#
        let document = try HTMLDocument.parse("<head><script type=\"text/javascript\">\(source)</script></head><body><p>after</p></body>")
        let script = try #require(document.first(named: "script"))
        #expect(document.rawText(of: script) == source)
        #expect(script["type"] == "text/javascript")
        #expect(!script.has("data-wd-script"))
        #expect(document.scripts.map(\.text) == [source])
        #expect(document.first(named: "p").map { document.text(of: $0) } == "after")
    }

    @Test func brokenMarkupStillGivesATree() throws {
        let document = try HTMLDocument.parse("<div><p>one<p>two<span>three</div><li>four")
        #expect(document.elements(named: "p").count == 2)
        #expect(document.first(named: "li").map { document.text(of: $0) } == "four")
    }

    @Test func deeplyNestedPagesDoNotExhaustTheStack() throws {
        let depth = 5_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let document = try HTMLDocument.parse(html)
        #expect(document.elements(named: "div").count > 100)
    }

    @Test func emptyInputParsesToAnEmptyDocument() throws {
        let document = try HTMLDocument.parse("")
        #expect(document.first(named: "html") != nil)
        #expect(document.first(named: "h1") == nil)
    }
}

/// Pages found by fuzzing product extraction (fuzz/targets/extraction.swift) that once trapped.
@Suite("Hostile pages for the HTML tree")
struct HostileHTMLTests {
    @Test func aPageUsingTheScriptMarkerAttributeOnAHeadingKeepsTheHeadingText() throws {
        let document = try HTMLDocument.parse(#"<html><head><title>Hello</title><script>var a = 1;</script></head><body><h1 data-wd-script="7">Hello</h1><p data-wd-script="0">Para</p></body></html>"#)
        let heading = try #require(document.first(named: "h1"))
        #expect(document.text(of: heading) == "Hello")
        let paragraph = try #require(document.first(named: "p"))
        #expect(document.text(of: paragraph) == "Para")
        #expect(paragraph["data-wd-script"] == "0")
    }

    @Test func aScriptCarryingItsOwnMarkerStillReadsItsOwnSource() throws {
        let document = try HTMLDocument.parse(#"<script data-wd-script="9">var first = 1;</script><script>var second = 2;</script>"#)
        #expect(document.elements(named: "script").map { document.rawText(of: $0) } == ["var first = 1;", "var second = 2;"])
    }
}

/// The byte path for ASCII text collapses whitespace exactly as the `Character` path does.
@Suite struct CollapsingWhitespaceTests {
    @Test func theASCIIPathMatchesTheCharacterPathOnEveryASCIIByte() throws {
        var generator = SeededBytes(seed: 42)
        var samples = ["", " ", "\r\n", " a \r\n b\t\u{0B}\u{0C}c  ", "\u{1C}x\u{1F}", "\u{7F}"]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 40)
            samples.append(String(decoding: (0..<length).map { _ in UInt8(generator.next() % 128) }, as: UTF8.self))
        }
        for text in samples {
            let fast = try #require(HTMLDocument.collapsingASCIIWhitespace(text))
            #expect(fast == HTMLDocument.collapsingWhitespaceByCharacter(text), "\(Array(text.utf8))")
        }
    }

    /// The short White_Space list answers as `Character.isWhitespace` does, for every scalar of the toolchain's Unicode.
    @Test func theWhiteSpaceListIsCharacterIsWhitespace() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if HTMLDocument.isWhitespace(scalar) != Character(scalar).isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
        // A space carrying a combining mark is one character, and whitespace whole.
        #expect(HTMLDocument.collapsingWhitespace("a \u{0301}b") == "a b")
    }

    @Test func nonASCIITextTakesTheCharacterPath() {
        #expect(HTMLDocument.collapsingASCIIWhitespace("café  au lait") == nil)
        #expect(HTMLDocument.collapsingWhitespace(" café\u{00A0}\u{2003}au\n lait ") == "café au lait")
    }
}

/// A small deterministic generator (xorshift), so a failure names the same input every run.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

@Suite struct ClassAndTextLengthTests {
    @Test func classesAreWholeTokensBetweenAnyASCIIWhitespace() throws {
        let document = try HTMLDocument.parse("<div class=\"\tprice\nsale  a-price-whole\r\">1</div>")
        let div = try #require(document.first(named: "div"))
        #expect(div.hasClass("price"))
        #expect(div.hasClass("sale"))
        #expect(div.hasClass("a-price-whole"))
        #expect(!div.hasClass("a-price"))
        #expect(!div.hasClass("pric"))
        #expect(!div.hasClass(""))
        #expect(try !#require(document.first(named: "body")).hasClass("price"))
    }

    @Test func textFitsAgreesWithTheCollapsedText() throws {
        let document = try HTMLDocument.parse("<p id=a> <b>€ 49</b> <i>,95</i> </p><p id=b>\(String(repeating: "long words ", count: 20))</p>")
        let short = try #require(document.elements(withID: "a").first)
        let long = try #require(document.elements(withID: "b").first)
        #expect(document.textFits(short, utf8Bytes: document.text(of: short).utf8.count))
        #expect(!document.textFits(long, utf8Bytes: 60))
        #expect(document.textFits(long, utf8Bytes: document.text(of: long).utf8.count))
    }
}
