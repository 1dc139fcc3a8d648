import Testing
@testable import HTML

/// The cutter alone, fed tag events as the scan would.
@Suite struct RegionCutterTests {
    private let large = RegionCutter.minimumLength

    @Test func aLargeNavigationBarLosesItsContent() {
        var cutter = RegionCutter()
        cutter.opened(.nav, labelled: false, keeps: false, contentStart: 10)
        cutter.opened(.ul, labelled: false, keeps: false, contentStart: 20)
        #expect(cutter.closed(.ul, endTagStart: 30) == nil)
        #expect(cutter.closed(.nav, endTagStart: 10 + large) == 10..<(10 + large))
        #expect(!cutter.isOpen)
    }

    @Test func aSmallRegionStays() {
        var cutter = RegionCutter()
        cutter.opened(.footer, labelled: false, keeps: false, contentStart: 0)
        #expect(cutter.closed(.footer, endTagStart: large - 1) == nil)
    }

    @Test func somethingReadInsideKeepsEveryRegionAroundIt() {
        var cutter = RegionCutter()
        cutter.opened(.header, labelled: false, keeps: false, contentStart: 0)
        cutter.opened(.nav, labelled: false, keeps: false, contentStart: 10)
        cutter.opened(nil, labelled: false, keeps: true, contentStart: 20)  // <ol class="breadcrumb">
        #expect(cutter.closed(.nav, endTagStart: 10 + large) == nil)
        #expect(cutter.closed(.header, endTagStart: 20 + large) == nil)
    }

    @Test func aLabelledBlockClosesAtItsOwnEndTagNotAtTheFirstInnerOne() {
        var cutter = RegionCutter()
        cutter.opened(.div, labelled: true, keeps: false, contentStart: 100)  // <div id="customer-reviews">
        cutter.opened(.div, labelled: false, keeps: false, contentStart: 200)
        cutter.opened(.div, labelled: false, keeps: false, contentStart: 300)
        #expect(cutter.closed(.div, endTagStart: 400) == nil)
        #expect(cutter.closed(.div, endTagStart: 500) == nil)
        #expect(cutter.isOpen)
        #expect(cutter.closed(.div, endTagStart: 100 + large) == 100..<(100 + large))
        #expect(!cutter.isOpen)
    }

    @Test func anUnlabelledBlockIsNoRegion() {
        var cutter = RegionCutter()
        cutter.opened(.div, labelled: false, keeps: false, contentStart: 0)
        #expect(!cutter.isOpen)
        #expect(cutter.closed(.div, endTagStart: large * 2) == nil)
    }

    @Test func aRegionThatNeverClosesIsNeverCut() {
        var cutter = RegionCutter()
        cutter.opened(.nav, labelled: false, keeps: false, contentStart: 0)
        cutter.opened(.div, labelled: false, keeps: false, contentStart: 10)
        #expect(cutter.closed(.div, endTagStart: large * 2) == nil)
        #expect(cutter.isOpen)
    }

    @Test func nestedRegionsOfOneTagCountEachOther() {
        var cutter = RegionCutter()
        cutter.opened(.div, labelled: true, keeps: false, contentStart: 0)      // related products
        cutter.opened(.div, labelled: true, keeps: false, contentStart: 10)     // sponsored row inside
        #expect(cutter.closed(.div, endTagStart: 20) == nil)                     // the inner one, small
        #expect(cutter.isOpen)
        #expect(cutter.closed(.div, endTagStart: large + 5) == 0..<(large + 5))  // the outer one
        #expect(!cutter.isOpen)
    }

    @Test func aDenseRegionGoesThoughItIsShort() {
        var cutter = RegionCutter()
        cutter.opened(.footer, labelled: false, keeps: false, contentStart: 0)
        for _ in 0..<(RegionCutter.minimumTags - 1) { cutter.opened(nil, labelled: false, keeps: false, contentStart: 5) }
        #expect(cutter.closed(.footer, endTagStart: 900) == nil)
        cutter.opened(.footer, labelled: false, keeps: false, contentStart: 1_000)
        for _ in 0..<RegionCutter.minimumTags { cutter.opened(nil, labelled: false, keeps: false, contentStart: 1_005) }
        #expect(cutter.closed(.footer, endTagStart: 1_900) == 1_000..<1_900)
    }

    @Test func aCutInsideARegionNeverKeepsTheRegion() {
        var cutter = RegionCutter()
        cutter.opened(.div, labelled: true, keeps: false, contentStart: 0)       // related products
        cutter.opened(.nav, labelled: false, keeps: false, contentStart: 10)     // a dense pager inside, cut first
        for _ in 0..<RegionCutter.minimumTags { cutter.opened(nil, labelled: false, keeps: false, contentStart: 20) }
        #expect(cutter.closed(.nav, endTagStart: 500) == 10..<500)
        // What is left in the copy is short, but the block was large before the cut inside it.
        #expect(cutter.closed(.div, endTagStart: 30) == 0..<30)
    }

    @Test func regionsLeftOpenInsideEndWithTheOneAroundThem() {
        var cutter = RegionCutter()
        cutter.opened(.section, labelled: true, keeps: false, contentStart: 0)
        cutter.opened(.nav, labelled: false, keeps: false, contentStart: 10)  // never closed
        #expect(cutter.closed(.section, endTagStart: large) == 0..<large)
        #expect(!cutter.isOpen)
    }
}

/// The cut as the tree sees it.
@Suite struct RegionCutTreeTests {
    private func links(_ count: Int) -> String {
        (0..<count).map { "<li><a href=\"/c/\($0)\">Category \($0) with a long enough name</a></li>" }.joined()
    }

    @Test func aMegaMenuIsLeftOutOfTheTreeButTheProductStays() throws {
        let html = "<html><body><header><nav class=\"mega\"><ul>\(links(200))</ul></nav></header>"
            + "<main><h1>Linen shirt</h1><span class=\"price\">€49</span></main>"
            + "<footer><div>\(links(100))</div><script type=\"application/ld+json\">{\"@type\":\"Organization\"}</script></footer></body></html>"
        let scan = HTMLScan(html)
        let document = try HTMLDocument.parse(scan)
        // The header goes whole: it was large before its menu was cut.
        #expect(document.elements(named: "header").count == 1)
        #expect(document.elements(named: "nav").isEmpty)
        #expect(document.elements(named: "footer").count == 1)
        #expect(document.elements(named: "a").isEmpty)
        #expect(document.first(named: "h1").map { document.text(of: $0) } == "Linen shirt")
        #expect(document.elements.contains { $0.hasClass("price") })
        // The scan's own finds are kept: the script in the cut footer, and the page's tag count.
        #expect(scan.scripts.count == 1)
        #expect(scan.tagCount > 600)
        #expect(document.elements.count < 20)
    }

    @Test func aBreadcrumbBarStaysWhole() throws {
        let html = "<html><body><nav aria-label=\"Breadcrumb\"><ol>\(links(100))</ol></nav><h1>Shirt</h1></body></html>"
        let document = try HTMLDocument.parse(html)
        #expect(document.elements(named: "a").count == 100)
    }

    @Test func microdataInAFooterStays() throws {
        let html = "<html><body><h1>Shirt</h1><footer><div itemscope itemtype=\"https://schema.org/Organization\">\(links(100))</div></footer></body></html>"
        let document = try HTMLDocument.parse(html)
        #expect(document.elements(named: "a").count == 100)
    }

    @Test func rdfaInAFooterStays() throws {
        let item = "<html><body><h1>Shirt</h1><footer><div typeof=\"Organization\">\(links(100))</div></footer></body></html>"
        #expect(try HTMLDocument.parse(item).elements(named: "a").count == 100)
        // A property inside an item, in a block of its own that names no item.
        let property = "<html><body><h1>Shirt</h1><div typeof=\"Product\"><div class=\"footer\"><span property=\"price\">9</span>\(links(100))</div></div></body></html>"
        #expect(try HTMLDocument.parse(property).elements(named: "a").count == 100)
        // A class that only holds the word is no markup (wemakeprice.com's footer).
        let label = "<html><body><h1>Shirt</h1><footer><ul><li class=\"foot_etc intell_property\">IP</li></ul>\(links(100))</footer></body></html>"
        #expect(try HTMLDocument.parse(label).elements(named: "a").isEmpty)
    }

    @Test func reviewsAndOtherProductsGoButTheProductGalleryStays() throws {
        let html = "<html><body><h1>Shirt</h1><div class=\"pdp-carousel\">\(links(100))</div>"
            + "<div id=\"customer-reviews_feature_div\"><div>\(links(100))</div></div>"
            + "<section class=\"related-products\">\(links(100))</section><p>after</p></body></html>"
        let document = try HTMLDocument.parse(html)
        #expect(document.elements(named: "a").count == 100)
        #expect(document.elements(withID: "customer-reviews_feature_div").count == 1)
        #expect(document.elements(named: "section").count == 1)
        #expect(document.elements(named: "p").map { document.text(of: $0) } == ["after"])
    }

    @Test func chromeBuiltOfDivsGoesToo() throws {
        let html = "<html><body><div id=\"nav-flyout-anchor\">\(links(100))</div><h1>Shirt</h1>"
            + "<div id=\"navFooter\" class=\"navLeftFooter\">\(links(100))</div><div class=\"card-footer\"><a href=\"/buy\">Buy</a></div></body></html>"
        let document = try HTMLDocument.parse(html)
        // Only the small footer of a card stays: it is under the size a cut needs.
        #expect(document.elements(named: "a").map { document.text(of: $0) } == ["Buy"])
    }

    @Test func aShopsOwnBlockWordsCutItsBlocks() throws {
        let html = "<html><body><h1>Shirt</h1><div id=\"a-popover-immersiveView\">\(links(100))</div><p>after</p></body></html>"
        #expect(try HTMLDocument.parse(HTMLScan(html)).elements(named: "a").count == 100)
        let document = try HTMLDocument.parse(HTMLScan(html, blockWords: HTMLScan.BlockWords(adding: ["ImmersiveView"])))
        #expect(document.elements(named: "a").isEmpty)
        #expect(document.elements(withID: "a-popover-immersiveView").count == 1)
        #expect(document.elements(named: "p").map { document.text(of: $0) } == ["after"])
        // The scan's own words still apply next to the shop's.
        let reviews = "<html><body><div id=\"reviews\">\(links(100))</div></body></html>"
        #expect(try HTMLDocument.parse(HTMLScan(reviews, blockWords: HTMLScan.BlockWords(adding: ["immersiveView"]))).elements(named: "a").isEmpty)
    }

    @Test func aShortFooterOfManyLinksGoes() throws {
        let items = (0..<80).map { "<li><a href=\"/p/\($0)\">\($0)</a></li>" }.joined()
        let html = "<html><body><h1>Shirt</h1><div id=\"navFooter\"><ul>\(items)</ul></div></body></html>"
        #expect(items.utf8.count < RegionCutter.minimumLength)
        #expect(try HTMLDocument.parse(HTMLScan(html)).elements(named: "a").isEmpty)
    }

    @Test func aHeadingInsideAHeaderKeepsIt() throws {
        let html = "<html><body><header class=\"product-header\"><h1>Shirt</h1>\(links(100))</header></body></html>"
        let document = try HTMLDocument.parse(html)
        #expect(document.elements(named: "a").count == 100)
    }
}
