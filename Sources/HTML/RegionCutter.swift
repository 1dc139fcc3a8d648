/// Decides which parts of a page gumbo's copy can leave out: site navigation, headers and
/// footers, and blocks labelled as reviews or other products (recommendations, "similar items",
/// sponsored rows, comparison tables).
///
/// gumbo's cost is per element, and these blocks are most of the elements on many shop pages
/// (nine in ten of fye.com's are its mega menu; reviews, carousels and the header are half of an
/// Amazon page's), while the readers skip what sits in them: the name heading, the buy-box price
/// and buy buttons there belong to the shop or to other products. A block keeps its start tag
/// and loses its content. It stays whole when it holds something a reader takes (a breadcrumb,
/// microdata, an `h1`), when it is small, or when it never closes.
///
/// A shop's site rule can add words of its own (`HTMLScan.BlockWords`): Amazon's image popover and
/// its "discovery" and feedback widgets are a sixth to a third of a product page's elements there.
///
/// A pure value fed with the scan's tag events, so it is tested without a page.
struct RegionCutter {
    /// The tags a region can be.
    enum Tag: CaseIterable {
        case nav, footer, header, div, section, aside, ul, ol

        /// The lowercase tag name.
        var name: String { "\(self)" }
        /// Site chrome: always a region, whatever its labels.
        var isChrome: Bool { self == .nav || self == .footer || self == .header }

        /// The tag for a lowercase name, nil for the others.
        init?(name: String) {
            guard let tag = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = tag
        }
    }

    /// Blocks smaller than this (in gumbo's copy) stay, unless they hold `minimumTags` elements: a tab
    /// bar or a pager costs gumbo little. With long values moved out, a footer's hundred links can fit
    /// in fewer bytes.
    static let minimumLength = 4_096
    static let minimumTags = 64

    /// Words of an `id` or `class` that label a block as reviews, other products or site chrome built
    /// of `div`s (Amazon's `navFooter` and `nav-flyout-anchor`, mega menus). Not "carousel" or
    /// "slider": shops show the product's own pictures in those.
    static let blockWordList = [
        "review", "recommend", "related", "similar", "sims-", "upsell", "cross-sell", "crosssell", "sponsored",
        "recently", "also-bought", "alsobought", "comparison", "footer", "flyout", "megamenu", "mega-menu",
    ]
    static let blockWords = FoldedWordSet(blockWordList)

    /// Words in a tag that readers take from chrome: a breadcrumb (`crumb` in any attribute) and
    /// microdata (`itemscope`, `itemprop`). RDFa's `typeof` and `property` count only as an attribute's whole
    /// name (`HTMLScan`): a footer's `class="intell_property"` is no markup, and the scan's word search stays
    /// as short as it was.
    static let readMarkupWords = FoldedWordSet(["crumb", "itemscope", "itemprop"])

    /// One open region.
    private struct Region {
        let tag: Tag
        /// Where its content starts in gumbo's copy (just after its start tag).
        let contentStart: Int
        /// Elements of the same tag opened inside it and not yet closed.
        var depth = 0
        /// Elements opened inside it, and the bytes of the blocks cut inside it: its size before any cut,
        /// so that cutting a block inside never keeps the one around it.
        var tags = 0, cutInside = 0
        /// Whether something inside is read, so it stays.
        var keep = false
    }

    /// The open regions, innermost last.
    private var open: [Region] = []

    /// Whether a region is open (only then do other tags matter).
    var isOpen: Bool { !open.isEmpty }

    /// Whether tags named `tag` matter now: a region could start or one is open.
    func watches(_ tag: Tag?) -> Bool { tag != nil || isOpen }

    /// A start tag was copied; `contentStart` is the copy's length after it. `labelled` says its
    /// id or class holds a block word; `keeps` that it is something a reader takes, which keeps
    /// every region open around it.
    mutating func opened(_ tag: Tag?, labelled: Bool, keeps: Bool, contentStart: Int) {
        if keeps { for index in open.indices { open[index].keep = true } }
        for index in open.indices { open[index].tags += 1 }
        guard let tag else { return }
        for index in open.indices where open[index].tag == tag { open[index].depth += 1 }
        if tag.isChrome || labelled {
            open.append(Region(tag: tag, contentStart: contentStart, keep: keeps))
        }
    }

    /// An end tag of `tag` starts at `endTagStart` in the copy: the range of the copy to leave
    /// out when it closes a region that can go.
    mutating func closed(_ tag: Tag, endTagStart: Int) -> Range<Int>? {
        guard let innermost = open.lastIndex(where: { $0.tag == tag }) else { return nil }
        // Outer regions of the same tag counted the element this tag closes.
        for index in 0..<innermost where open[index].tag == tag && open[index].depth > 0 { open[index].depth -= 1 }
        if open[innermost].depth > 0 {
            open[innermost].depth -= 1
            return nil
        }
        let region = open[innermost]
        // Regions inside it that never closed (bad nesting) end with it.
        open.removeSubrange(innermost...)
        guard !region.keep, endTagStart - region.contentStart + region.cutInside >= Self.minimumLength || region.tags >= Self.minimumTags else { return nil }
        for index in open.indices { open[index].cutInside += endTagStart - region.contentStart }
        return region.contentStart..<endTagStart
    }
}
