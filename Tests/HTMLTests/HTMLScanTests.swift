import Testing
import HTML

@Suite struct HTMLScanTests {
    @Test func scanFindsMetasScriptsTitleAndMicrodata() {
        let scan = HTMLScan("""
        <!doctype html><html><head><title>Linen &amp; Wool | Shop</title>
        <meta property="og:title" content="Linen &amp; Wool"><META NAME=description content=plain>
        <!-- <meta property="og:type" content="article"> -->
        <script type="application/ld+json">{"a":"</div>"}</script>
        <style>.x{content:"<meta name=x>"}</style>
        </head><body><div itemscope itemtype="https://schema.org/Product"></div><script>var x = 1 < 2;</SCRIPT></body></html>
        """)
        #expect(scan.title == "Linen & Wool | Shop")
        #expect(scan.metas.map { $0["property"] ?? $0["name"] ?? "" } == ["og:title", "description"])
        #expect(scan.metas[0]["content"] == "Linen & Wool")
        #expect(scan.metas[1]["content"] == "plain")
        #expect(scan.scripts.map(\.text) == [#"{"a":"</div>"}"#, "var x = 1 < 2;"])
        #expect(scan.scripts[0]["type"] == "application/ld+json")
        #expect(scan.containsMicrodata)
    }

    @Test func theFirstHtmlTagGivesThePageLanguage() {
        #expect(HTMLScan(#"<!doctype html><HTML LANG="ko-KR"><body><html lang="en"></body></html>"#).language == "ko-KR")
        #expect(HTMLScan("<html><body>x</body></html>").language == nil)
        #expect(HTMLScan(#"<html lang=" "><body>x</body></html>"#).language == nil)
        #expect(HTMLScan("<p>no root</p>").language == nil)
    }

    @Test func pagesWithoutMicrodataSaySo() {
        #expect(!HTMLScan("<p class=itemscopes>no</p>").containsMicrodata)
    }

    @Test func anRDFaItemIsToldByItsTypeofAttribute() {
        #expect(HTMLScan(#"<div vocab="https://schema.org/" TYPEOF="Product"><h1 property="name">A</h1></div>"#).containsRDFa)
        #expect(!HTMLScan(#"<p class="typeof">no</p><script>if (typeof x) {}</script>"#).containsRDFa)
    }

    @Test func anUnterminatedScriptRunsToTheEnd() {
        let scan = HTMLScan("<script>var a = {")
        #expect(scan.scripts.map(\.text) == ["var a = {"])
    }
}

@Suite struct HTMLScanIframeTests {
    @Test func iframeBodiesAreLeftOutOfTheTreeButTheIframeStays() throws {
        let document = try HTMLDocument.parse("<html><body><iframe id=\"ad\" src=\"/x\"><div><p>fallback</p></div></iframe><h1>Shirt</h1></body></html>")
        #expect(document.elements(named: "iframe").count == 1)
        #expect(document.elements(named: "iframe").first?["id"] == "ad")
        #expect(document.first(named: "h1").map { document.text(of: $0) } == "Shirt")
        #expect(!document.texts.contains { $0.contains("fallback") })
    }

    @Test func aSkippedBodysLongConfigurationValuesAreLeftOutButItsSourceStays() throws {
        let config = "{&quot;placement&quot;: &quot;" + String(repeating: "ad-slot ", count: 200) + "&quot;}"
        let source = "https://ads.example/frame?" + String(repeating: "k=v&amp;", count: 200)
        let document = try HTMLDocument.parse(HTMLScan(
            "<html><body><iframe id=\"ad\" name=\"\(config)\" title=\"Ad\" src=\"\(source)\"></iframe><p name=\"\(config)\">x</p></body></html>"))
        let frame = try #require(document.elements(named: "iframe").first)
        #expect(frame["name"] == nil)
        #expect(frame["id"] == "ad")
        #expect(frame["title"] == "Ad")
        #expect(frame["src"] == "https://ads.example/frame?" + String(repeating: "k=v&", count: 200))
        // Elsewhere a long value stays, its references decoded.
        #expect(document.first(named: "p")?["name"] == "{\"placement\": \"" + String(repeating: "ad-slot ", count: 200) + "\"}")
    }
}

@Suite struct HTMLScanReductionTests {
    @Test func svgBodiesStyleAndEventAttributesAreLeftOutOfTheTree() throws {
        let document = try HTMLDocument.parse("""
            <html><body><button class="cart" style="color:red" onclick="buy()" data-id="7">Add</button>
            <svg class="icon" viewBox="0 0 9 9"><path d="M0 0L9 9"/><title>cart</title></svg><p>after</p></body></html>
            """)
        let button = try #require(document.first(named: "button"))
        #expect(button["class"] == "cart")
        #expect(button["data-id"] == "7")
        #expect(button["style"] == nil)
        #expect(button["onclick"] == nil)
        #expect(document.elements(named: "svg").first?["class"] == "icon")
        #expect(document.elements(named: "path").isEmpty)
        #expect(document.first(named: "p").map { document.text(of: $0) } == "after")
    }

    @Test func aStyleThatHidesTheElementBecomesAHiddenAttribute() throws {
        let document = try HTMLDocument.parse("""
            <html><body><div id="a" style="display:none">sold out</div><div id="b" style="color: red; DISPLAY : None !important">x</div>
            <div id="c" style='visibility:hidden'>y</div><div id="d" style=display:none>z</div><div id="e" style="display: block">in stock</div>
            <div id="f" style="-webkit-display:none; display:nonesuch">w</div><div id="g" style="grid-template-areas: none">v</div>
            <div id="h" hidden style="display:none">u</div></body></html>
            """)
        func hidden(_ id: String) -> Bool? { document.elements(withID: id).first.map { $0.has("hidden") } }
        #expect(hidden("a") == true)
        #expect(hidden("b") == true)
        #expect(hidden("c") == true)
        #expect(hidden("d") == true)
        #expect(hidden("e") == false)
        #expect(hidden("f") == false)
        #expect(hidden("g") == false)
        #expect(hidden("h") == true)
        #expect(document.elements.allSatisfy { $0["style"] == nil })
        #expect(document.elements(withID: "a").first.map { document.text(of: $0) } == "sold out")
    }

    @Test func aStyleThatCrossesTheElementOutIsMarkedLineThrough() throws {
        let document = try HTMLDocument.parse("""
            <html><body><span id="a" style="text-decoration: line-through;">$79.00</span><span id="b" style="color:#999;TEXT-DECORATION:LINE-THROUGH">x</span>
            <span id="c" style="text-decoration-line: line-through">y</span><span id="d" style="text-decoration: underline">z</span>
            <span id="e" style="display:none; text-decoration: line-through">w</span><span id="f" data-line-through>v</span></body></html>
            """)
        func crossed(_ id: String) -> Bool? { document.elements(withID: id).first.map { $0.has(HTMLElement.lineThroughAttribute) } }
        #expect(crossed("a") == true)
        #expect(crossed("b") == true)
        #expect(crossed("c") == true)
        #expect(crossed("d") == false)
        // Hidden comes first: a hidden element is not read at all.
        #expect(crossed("e") == false)
        #expect(document.elements(withID: "e").first?.has("hidden") == true)
        #expect(document.elements.allSatisfy { $0["style"] == nil })
        #expect(document.elements(withID: "a").first.map { document.text(of: $0) } == "$79.00")
    }

    @Test func whitespaceRunsBetweenTagsBecomeOneSpaceOrOneLineBreak() throws {
        let document = try HTMLDocument.parse("<html><body><p>Linen   shirt \t in\n\n   navy</p><pre>a\n\n\nb</pre></body></html>")
        #expect(document.texts.contains("Linen shirt in\nnavy"))
        #expect(document.texts.contains("a\nb"))
    }

    @Test func attributesThatOnlyStartLikeEventHandlersStay() throws {
        let document = try HTMLDocument.parse("<html><body><div one=\"1\" on=\"2\" o=\"3\" styles=\"4\" onmouseover=\"x()\">x</div></body></html>")
        let element = try #require(document.first(named: "div"))
        #expect(element["one"] == "1")
        #expect(element["on"] == "2")
        #expect(element["onmouseover"] == nil)
        #expect(element["o"] == "3")
        #expect(element["styles"] == "4")
    }

    @Test func onlyTheKeptDataAttributesReachTheTree() throws {
        let html = "<html><body><h1 data-track=\"x\" data-testid=\"title\" DATA-QA=\"q\" data-=\"e\">Shirt</h1></body></html>"
        let heading = try #require(HTMLDocument.parse(HTMLScan(html, keepingDataAttributes: ["data-testid", "data-qa"])).first(named: "h1"))
        #expect(heading["data-testid"] == "title")
        #expect(heading["data-qa"] == "q")
        #expect(heading["data-track"] == nil)
        #expect(heading["data-"] == "e")
        let all = try #require(HTMLDocument.parse(HTMLScan(html)).first(named: "h1"))
        #expect(all["data-track"] == "x")
    }
}
