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

    @Test func pagesWithoutMicrodataSaySo() {
        #expect(!HTMLScan("<p class=itemscopes>no</p>").containsMicrodata)
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
}
