#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast single pass over a page that finds what most product pages carry in their head:
/// every `<script>` with its text, every `<meta>`, the `<title>`, and whether microdata is used.
///
/// The full gumbo parse costs tens of milliseconds on a large page; this pass is a plain
/// byte loop. It also prepares a copy of the page without script and style bodies, which
/// is what gumbo then parses when the tree is needed (iframe bodies, raw text no extractor
/// reads, are dropped there too).
public struct HTMLScan: Sendable {
    /// Every script in document order.
    public let scripts: [HTMLScript]
    /// Every `<meta>` start tag in document order.
    public let metas: [HTMLTag]
    /// The text of the first `<title>`, whitespace collapsed.
    public let title: String?
    /// The `lang` of the first `<html>` tag ("ko", "de-DE"), if it has one.
    public let language: String?
    /// Whether any tag carries an `itemscope` attribute.
    public let containsMicrodata: Bool
    /// Whether any tag carries a `typeof` attribute (an RDFa item).
    public let containsRDFa: Bool
    /// How many start tags the page has outside raw text (gumbo's copy may leave some out, see
    /// `RegionCutter`), so "a small page" means the page and not what was parsed of it.
    public let tagCount: Int
    /// The page's UTF-8 bytes (shared, not copied): moved attribute values are read back from it.
    let page: [UInt8]
    /// The byte ranges in `page` of attribute values gumbo's copy refers to by index.
    let movedValues: [Range<Int>]
    /// The page with script and style bodies and comments removed; script tags get a
    /// `data-wd-script` index so the tree can hand their text back.
    let reduced: [UInt8]

    /// The attribute that links a script element in the tree to `scripts`.
    static let scriptIndexAttribute = "data-wd-script"

    /// Scans `html` once (its UTF-8 is copied first; fetched pages use `init(utf8:)`, which does not copy).
    public init(_ html: String, keepingDataAttributes: Set<String>? = nil, blockWords: BlockWords = .standard) {
        self.init(utf8: Array(html.utf8), keepingDataAttributes: keepingDataAttributes, blockWords: blockWords)
    }

    /// Scans the UTF-8 bytes of a page once. Script sources stay slices of `page` (no copy; they
    /// share its storage). Invalid UTF-8 is repaired where text is made from it. With
    /// `keepingDataAttributes`, `data-…` attributes not named there (lowercase) are left out of
    /// the copy gumbo parses: shops carry tracking and widget state in them, a quarter of some
    /// pages' markup, and no reader looks at most of them. `blockWords` label the blocks whose content
    /// the copy leaves out (see `RegionCutter`).
    public init(utf8 page: [UInt8], keepingDataAttributes: Set<String>? = nil, blockWords: BlockWords = .standard) {
        let kept = keepingDataAttributes.map { $0.map { Array($0.utf8) } }
        let scanner = page.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(buffer, page: page, keptDataAttributes: kept, blockWords: blockWords.words)
            scanner.run()
            return (scripts: scanner.scripts, metas: scanner.metas, title: scanner.title, language: scanner.language,
                    microdata: scanner.containsMicrodata, rdfa: scanner.containsRDFa, output: scanner.output, moved: scanner.movedValues, tags: scanner.tagCount)
        }
        self.page = page
        movedValues = scanner.moved
        scripts = scanner.scripts
        metas = scanner.metas
        title = scanner.title
        language = scanner.language
        containsMicrodata = scanner.microdata
        containsRDFa = scanner.rdfa
        tagCount = scanner.tags
        reduced = scanner.output
    }
}

extension HTMLScan {
    /// Words of an `id` or `class` that label a block whose content gumbo's copy leaves out: the scan's
    /// own (reviews, other products, site chrome built of `div`s), plus those a shop's site rule adds
    /// for blocks no reader needs on its pages.
    public struct BlockWords: Sendable {
        let words: FoldedWordSet

        /// The scan's own words and `extra` (matched in any ASCII case).
        public init(adding extra: [String]) {
            words = extra.isEmpty ? RegionCutter.blockWords : FoldedWordSet(RegionCutter.blockWordList + extra.map { $0.lowercased() })
        }

        /// The scan's own words.
        public static let standard = BlockWords(adding: [])
    }
}

/// A change to a start tag in gumbo's copy of the page.
private enum TagEdit {
    /// The bytes are left out (an unread attribute with its leading space).
    case drop(Range<Int>)
    /// The value bytes are replaced by a reference to `movedValues[index]`; `quoted` when the range sits inside quotes.
    case move(Range<Int>, index: Int, quoted: Bool)
    /// A `style` that hides the element or draws it crossed out (with its leading space) becomes the
    /// attribute `marker` (` hidden`, ` data-line-through`).
    case mark(Range<Int>, marker: [UInt8])
}

/// The byte loop; it only lives inside `withUnsafeBufferPointer`, so the buffer stays valid.
private struct Scanner {
    /// The page's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes as an array, so script sources can be slices that share its storage.
    let page: [UInt8]
    /// The next byte to read.
    var position = 0
    /// The reduced page handed to gumbo.
    var output: [UInt8] = []
    /// Scripts found so far.
    var scripts: [HTMLScript] = []
    /// Meta tags found so far.
    var metas: [HTMLTag] = []
    /// The first title's text.
    var title: String?
    /// The first html tag's `lang`, and whether an html tag was seen.
    var language: String?, sawRoot = false
    /// Whether an `itemscope` attribute was seen.
    var containsMicrodata = false
    /// Whether a `typeof` attribute was seen.
    var containsRDFa = false
    /// Attribute values moved out of the reduced page, in reference order.
    var movedValues: [Range<Int>] = []
    /// The edits of the tag being read (see `readAttributes`).
    private var tagEdits: [TagEdit] = []
    /// The value ranges of the `id`, `class` and `aria-label` attributes of the tag being read, and
    /// the ranges of all its attribute names, when asked for.
    private var labelValues: [Range<Int>] = [], attributeNames: [Range<Int>] = []
    /// Start tags seen.
    var tagCount = 0
    /// The blocks gumbo's copy leaves out.
    private var cutter = RegionCutter()
    /// How deep gumbo's copy nests.
    private var nesting = NestingLimit()
    /// The cutter's word sets, held here so the per-tag checks neither run a `static` initializer check nor
    /// retain the tables on every call.
    private let readMarkupWords = RegionCutter.readMarkupWords, blockWords: FoldedWordSet
    /// The tags handled specially, held here for the same reason.
    private let interesting = Scanner.interestingTags

    /// The `data-…` attribute names (lowercase bytes) gumbo still gets; nil keeps them all.
    let keptDataAttributes: [[UInt8]]?

    /// A scanner over `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, page: [UInt8], keptDataAttributes: [[UInt8]]?, blockWords: FoldedWordSet) {
        self.bytes = bytes
        self.blockWords = blockWords
        self.page = page
        self.keptDataAttributes = keptDataAttributes
        // The reduced copy is usually a sixth to a third of the page; growth beyond is amortised.
        output.reserveCapacity(bytes.count / 3)
    }

    /// Scans the whole page once.
    mutating func run() {
        let count = bytes.count
        while position < count {
            let next = nextByte(0x3C, from: position)  // '<'
            copyCollapsingWhitespace(position..<next)
            position = next
            guard position < count else { break }
            if starts(with: "<!--", at: position) {
                position = find("-->", from: position + 4).map { $0 + 3 } ?? count
            } else if position + 1 < count, bytes[position + 1] == 0x2F {
                let nameStart = position + 2
                let endTagStart = output.count
                guard nesting.closes(nestingKind(named: nameStart)) else {
                    position = skipEndTag(from: position)
                    continue
                }
                copyThroughTagEnd()  // </end>
                if cutter.isOpen, let tag = regionTag(named: nameStart), let cut = cutter.closed(tag, endTagStart: endTagStart) {
                    output.removeSubrange(cut)
                }
            } else if position + 1 < count, bytes[position + 1] == 0x21 || bytes[position + 1] == 0x3F {
                copyThroughTagEnd()  // <!DOCTYPE>, <?xml?>
            } else if position + 1 < count, ASCIIByte.isLetter(bytes[position + 1]) {
                startTag()
            } else {
                output.append(bytes[position])
                position += 1
            }
        }
    }

    private mutating func copyThroughTagEnd() {
        var end = position + 1
        while end < bytes.count && bytes[end] != 0x3E { end += 1 }
        end = min(end + 1, bytes.count)
        copy(position..<end)
        position = end
    }

    private mutating func startTag() {
        let tagStart = position
        var cursor = position + 1
        while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
        // Only a handful of tags matter here; naming every tag would allocate a string per tag.
        let nameRange = (tagStart + 1)..<cursor
        let known = interesting.first { nameEquals(nameRange, $0.bytes) }
        let name = known?.name ?? ""
        let special = known?.special ?? .plain
        let wanted = special == .script || special == .meta || special == .title || special == .style || special == .root && !sawRoot
        let attributesStart = cursor
        let region = known?.region
        // The scan itself skips the end tags of script, style, iframe and svg bodies, so they are not counted;
        // a raw-text element stays even too deep, or its text would read as markup.
        let endSkipped = special == .script || special == .style || special == .skippedBody
        let kept = endSkipped || nesting.opens(nestingKind(nameRange)) || special == .title || special == .rawText
        let watched = kept && cutter.watches(region)
        let (tagEnd, attributes) = readAttributes(from: cursor, collect: wanted, labels: watched, bodySkipped: special == .skippedBody)  // tagEnd is one past '>'
        tagCount += 1
        // Most tags are neither in a region nor start one: a `div` outside any region with no block word
        // costs only the look at its id and class.
        defer { if watched { noteOpened(region, heading: special == .h1) } }
        switch special {
        case .script:
            let bodyEnd = findClosing("script", from: tagEnd)
            let index = scripts.count
            scripts.append(HTMLScript(tag: HTMLTag(name: name, attributes: attributes), source: page[tagEnd..<bodyEnd]))
            output.append(contentsOf: "<script \(HTMLScan.scriptIndexAttribute)=\"\(index)\"".utf8)
            copyTag(attributesStart..<tagEnd)
            output.append(contentsOf: "</script>".utf8)
            position = skipEndTag(from: bodyEnd)
        case .style:
            let bodyEnd = findClosing("style", from: tagEnd)
            output.append(contentsOf: "<style></style>".utf8)
            position = skipEndTag(from: bodyEnd)
        case .skippedBody:
            // Raw text nobody reads (Amazon puts ~600 KB of markup inside iframes) and inline
            // vector icons (path data is most of some shops' markup); gumbo would tokenize it
            // character by character, so only the start tag is kept.
            let bodyEnd = findClosing(name, from: tagEnd)
            copyTag(tagStart..<tagEnd)
            output.append(contentsOf: "</\(name)>".utf8)
            position = skipEndTag(from: bodyEnd)
        case .title, .rawText:
            // Raw text: a `<` inside must not start a tag here or in gumbo's view.
            let bodyEnd = findClosing(name, from: tagEnd)
            if special == .title && title == nil {
                title = HTMLDocument.collapsingWhitespace(HTMLEntities.decode(String(decoding: bytes[tagEnd..<bodyEnd], as: UTF8.self)))
            }
            copyTag(tagStart..<tagEnd)
            copy(tagEnd..<bodyEnd)
            position = bodyEnd
        case .meta, .h1, .plain, .root:
            if special == .meta { metas.append(HTMLTag(name: name, attributes: attributes)) }
            if special == .root && !sawRoot {
                sawRoot = true
                language = HTMLTag(name: name, attributes: attributes)["lang"].map(HTMLDocument.collapsingWhitespace).flatMap { $0.isEmpty ? nil : String($0.prefix(40)) }
            }
            if kept { copyTag(tagStart..<tagEnd) }
            position = tagEnd
        }
    }

    /// How the tag named in `range` takes part in the nesting count.
    private func nestingKind(_ range: Range<Int>) -> NestingLimit.Kind {
        NestingLimit.kind(of: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// How the end tag whose name starts at `nameStart` takes part in the nesting count.
    private func nestingKind(named nameStart: Int) -> NestingLimit.Kind {
        var nameEnd = nameStart
        while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        return nestingKind(nameStart..<nameEnd)
    }

    /// The region tag an end tag names (its name starting at `nameStart`), if any.
    private func regionTag(named nameStart: Int) -> RegionCutter.Tag? {
        var nameEnd = nameStart
        while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        return Self.regionNames.first { nameEquals(nameStart..<nameEnd, $0.bytes) }?.tag
    }

    /// Tells the cutter about the watched tag just copied, once its content starts. A method of its own: read
    /// inside `startTag`'s defer, the scanner's state was copied whole for every such tag.
    private mutating func noteOpened(_ region: RegionCutter.Tag?, heading: Bool) {
        let labelled = region?.isChrome == false && labelHoldsBlockWord()
        if cutter.isOpen || labelled || region?.isChrome == true {
            cutter.opened(region, labelled: labelled, keeps: heading || mentionsReadMarkup(), contentStart: output.count)
        }
    }

    /// Whether the tag just read names a breadcrumb or microdata in an attribute's name or label
    /// (links and sources are not looked at: they are most of the bytes and never say so).
    private func mentionsReadMarkup() -> Bool {
        for name in attributeNames {
            // RDFa's `typeof` and `property` count as whole names only (six and eight bytes).
            if name.count == 6 && nameEquals(name, Self.typeofName) || name.count == 8 && nameEquals(name, Self.propertyName) { return true }
            if readMarkupWords.occurs(in: bytes, name) { return true }
        }
        for label in labelValues where readMarkupWords.occurs(in: bytes, label) { return true }
        return false
    }

    /// Whether the id or class value of the tag just read holds one of the block words. A plain loop: a closure
    /// or a method passed as one would copy the whole scanner for every watched tag.
    private func labelHoldsBlockWord() -> Bool {
        for label in labelValues where blockWords.occurs(in: bytes, label) { return true }
        return false
    }

    private static let regionNames = RegionCutter.Tag.allCases.map { (tag: $0, bytes: Array($0.name.utf8)) }

    /// Copies the tag bytes in `range` with `tagEdits` (all inside it, in order) applied.
    /// Unread attributes are left out and long values replaced by a reference: gumbo tokenizes
    /// attribute values byte by byte, and they are most of a shop page's markup.
    private mutating func copyTag(_ range: Range<Int>) {
        var start = range.lowerBound
        for index in tagEdits.indices {
            switch tagEdits[index] {
            case .drop(let dropped):
                guard dropped.lowerBound >= start else { continue }
                copy(start..<dropped.lowerBound)
                start = dropped.upperBound
            case .mark(let style, let marker):
                guard style.lowerBound >= start else { continue }
                copy(start..<style.lowerBound)
                output.append(contentsOf: marker)
                start = style.upperBound
            case .move(let value, let index, let quoted):
                guard value.lowerBound >= start else { continue }
                copy(start..<value.lowerBound)
                if !quoted { output.append(0x22) }
                output.append(contentsOf: AttributeValueText.marker)
                output.append(contentsOf: String(index).utf8)
                if !quoted { output.append(0x22) }
                start = value.upperBound
            }
        }
        copy(start..<max(start, range.upperBound))
    }

    /// What the scan does with a tag it handles specially.
    private enum Special {
        /// `script`: kept as a reference to the script list.
        case script
        /// `style`: emptied.
        case style
        /// `iframe`, `noembed`, `noframes`, `svg`: the start tag kept, the body skipped.
        case skippedBody
        /// `title`: raw text, and the page title.
        case title
        /// `textarea`, `xmp`: raw text.
        case rawText
        /// `meta`: collected.
        case meta
        /// `h1`: keeps the region it opens.
        case h1
        /// A region tag or `div`: only its region matters.
        case plain
        /// `html`: the first one's `lang` is the page language.
        case root
    }

    /// The tags the scan handles specially, with their lowercase bytes, what is done with them and the
    /// region they can be. Named once here, so a tag costs no string comparisons.
    private static let interestingTags: [(name: String, bytes: [UInt8], special: Special, region: RegionCutter.Tag?)] =
        ([("div", .plain), ("meta", .meta), ("script", .script), ("style", .style), ("title", .title), ("textarea", .rawText),
          ("xmp", .rawText), ("iframe", .skippedBody), ("noembed", .skippedBody), ("noframes", .skippedBody), ("svg", .skippedBody),
          ("h1", .h1), ("html", .root)] as [(String, Special)]
            + RegionCutter.Tag.allCases.map(\.name).filter { $0 != "div" }.map { ($0, Special.plain) })
        .map { ($0.0, Array($0.0.utf8), $0.1, RegionCutter.Tag(name: $0.0)) }

    /// Whether the bytes in `range` spell `lowercaseName` in any case.
    private func nameEquals(_ range: Range<Int>, _ lowercaseName: [UInt8]) -> Bool {
        guard range.count == lowercaseName.count else { return false }
        for (offset, expected) in lowercaseName.enumerated() where bytes[range.lowerBound + offset] | 0x20 != expected {
            return false
        }
        return true
    }

    /// Reads attributes up to and including '>'; returns the offset after it, the attributes
    /// when `collect` is set; `tagEdits` gets the edits gumbo's copy of the tag gets: `style`, `on…` and
    /// unlisted `data-…` attributes are dropped (a `style` that hides the element becomes `hidden`, one that
    /// crosses it out `data-line-through`),
    /// long values are moved out (`movedValues`).
    /// With `labels`, `labelValues` and `attributeNames` get the tag's labels and names. On a tag whose body is
    /// skipped (`iframe`, `svg`), values over `longestSkippedBodyValue` bytes other than `src` are left out too:
    /// Amazon's ad frames carry 90 KB of configuration in their `name`.
    private mutating func readAttributes(from start: Int, collect: Bool, labels: Bool, bodySkipped: Bool) -> (end: Int, attributes: [HTMLAttribute]) {
        var cursor = start
        var attributes: [HTMLAttribute] = []
        // One buffer for every tag: most tags get an edit, and an array per tag was a malloc each.
        tagEdits.removeAll(keepingCapacity: true)
        if labels {
            labelValues.removeAll(keepingCapacity: true)
            attributeNames.removeAll(keepingCapacity: true)
        }
        let count = bytes.count
        while cursor < count {
            let byte = bytes[cursor]
            if byte == 0x3E { return (cursor + 1, attributes) }
            if ASCIIByte.isSpace(byte) || byte == 0x2F { cursor += 1; continue }
            let nameStart = cursor
            while cursor < count, !ASCIIByte.isSpace(bytes[cursor]), bytes[cursor] != 0x3D, bytes[cursor] != 0x3E, bytes[cursor] != 0x2F {
                cursor += 1
            }
            let nameEnd = cursor
            // The length first: this runs for every attribute of the page, and most are neither.
            switch nameEnd - nameStart {
            case 9: if nameEquals(nameStart..<nameEnd, Self.itemscopeName) { containsMicrodata = true }
            case 6: if nameEquals(nameStart..<nameEnd, Self.typeofName) { containsRDFa = true }
            default: break
            }
            while cursor < count, ASCIIByte.isSpace(bytes[cursor]) { cursor += 1 }
            var value: Range<Int>?
            var quoted = false
            if cursor < count, bytes[cursor] == 0x3D {
                cursor += 1
                while cursor < count, ASCIIByte.isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < count, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 {
                    let quote = bytes[cursor]
                    let valueStart = cursor + 1
                    cursor = nextByte(quote, from: valueStart)
                    value = valueStart..<cursor
                    quoted = true
                    cursor = min(cursor + 1, count)
                } else {
                    let valueStart = cursor
                    while cursor < count, !ASCIIByte.isSpace(bytes[cursor]), bytes[cursor] != 0x3E { cursor += 1 }
                    value = valueStart..<cursor
                }
            }
            if labels {
                attributeNames.append(nameStart..<nameEnd)
                if let value, nameEquals(nameStart..<nameEnd, Self.idName) || nameEquals(nameStart..<nameEnd, Self.className)
                    || nameEquals(nameStart..<nameEnd, Self.ariaLabelName) {
                    labelValues.append(value)
                }
            }
            let whole = (nameStart > start && ASCIIByte.isSpace(bytes[nameStart - 1]) ? nameStart - 1 : nameStart)..<cursor
            if bodySkipped, let value, value.count > Self.longestSkippedBodyValue, !nameEquals(nameStart..<nameEnd, Self.srcName) {
                tagEdits.append(.drop(whole))
            } else if isUnread(nameStart..<nameEnd) {
                let style = value.flatMap { nameEquals(nameStart..<nameEnd, Self.styleName) ? UnsafeBufferPointer(rebasing: bytes[$0]) : nil }
                if let style, HidingStyle.hides(style) {
                    tagEdits.append(.mark(whole, marker: Self.hiddenAttribute))
                } else if let style, HidingStyle.strikes(style) {
                    tagEdits.append(.mark(whole, marker: Self.lineThroughAttribute))
                } else {
                    tagEdits.append(.drop(whole))
                }
            } else if let value {
                let text = UnsafeBufferPointer(rebasing: bytes[value])
                let looksMoved = AttributeValueText.startsWithMarker(text)
                if (value.count >= AttributeValueText.movedLength || looksMoved) && AttributeValueText.canMove(text) {
                    tagEdits.append(.move(value, index: movedValues.count, quoted: quoted))
                    movedValues.append(value)
                } else if looksMoved {
                    // A page value that looks like our reference and cannot be moved is left out,
                    // so every reference in gumbo's output is one the scan wrote.
                    tagEdits.append(.drop(whole))
                }
            }
            if collect, nameEnd > nameStart {
                let text = value.map { HTMLEntities.decode(String(decoding: bytes[$0], as: UTF8.self)) } ?? ""
                attributes.append(HTMLAttribute(name: lowercased(bytes[nameStart..<nameEnd]), value: text))
            }
        }
        return (count, attributes)
    }

    /// The offset of `</name` (any case) at or after `start`, or the end of input.
    private func findClosing(_ name: String, from start: Int) -> Int {
        let pattern = Array(name.utf8)
        var cursor = start
        let count = bytes.count
        while cursor + 2 + pattern.count <= count {
            cursor = nextByte(0x3C, from: cursor)
            guard cursor + 2 + pattern.count <= count else { break }
            if bytes[cursor + 1] == 0x2F {
                var matched = true
                for offset in 0..<pattern.count where bytes[cursor + 2 + offset] | 0x20 != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return cursor }
            }
            cursor += 1
        }
        return count
    }

    /// Whether the attribute named in `range` is one no reader uses: `style`, an event
    /// handler (`on` and at least three letters, as in `onclick`, `onload`, `oncut`), or a
    /// `data-…` attribute outside the kept list.
    private func isUnread(_ range: Range<Int>) -> Bool {
        if range.count == 5 { return nameEquals(range, Self.styleName) }
        if let kept = keptDataAttributes, range.count > 5, nameEquals(range.lowerBound..<(range.lowerBound + 5), Self.dataPrefix) {
            return !kept.contains { nameEquals(range, $0) }
        }
        return range.count >= 5 && bytes[range.lowerBound] | 0x20 == 0x6F && bytes[range.lowerBound + 1] | 0x20 == 0x6E
            && ASCIIByte.isLetter(bytes[range.lowerBound + 2])
    }

    private static let styleName = Array("style".utf8)
    private static let srcName = Array("src".utf8)
    /// The longest value other than `src` a skipped-body tag keeps.
    private static let longestSkippedBodyValue = 1_024
    /// What a hiding `style` becomes in gumbo's copy.
    private static let hiddenAttribute = Array(" hidden".utf8)
    /// What a `style` that crosses the element out becomes.
    private static let lineThroughAttribute = Array(" \(HTMLElement.lineThroughAttribute)".utf8)
    private static let idName = Array("id".utf8)
    private static let className = Array("class".utf8)
    private static let ariaLabelName = Array("aria-label".utf8)
    private static let itemscopeName = Array("itemscope".utf8)
    private static let typeofName = Array("typeof".utf8)
    private static let propertyName = Array("property".utf8)
    private static let dataPrefix = Array("data-".utf8)

    /// Appends text between tags, each run of whitespace as one space: gumbo handles every
    /// byte one at a time, and no reader tells one space from many.
    private mutating func copyCollapsingWhitespace(_ range: Range<Int>) {
        var runStart = range.lowerBound
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            guard ASCIIByte.isSpace(bytes[cursor]) else { cursor += 1; continue }
            var end = cursor + 1
            while end < range.upperBound, ASCIIByte.isSpace(bytes[end]) { end += 1 }
            if end - cursor > 1 {
                copy(runStart..<cursor)
                // Keep one line break when the run had one, so preformatted text keeps its lines.
                output.append(bytes[cursor..<end].contains(0x0A) ? 0x0A : 0x20)
                runStart = end
            }
            cursor = end
        }
        copy(runStart..<range.upperBound)
    }

    /// Appends the bytes in `range` to the reduced page (a memcpy, not a byte loop).
    private mutating func copy(_ range: Range<Int>) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The offset of the next `byte` at or after `start` (memchr), or the end of input.
    private func nextByte(_ byte: UInt8, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private func skipEndTag(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count && bytes[cursor] != 0x3E { cursor += 1 }
        return min(cursor + 1, bytes.count)
    }

    private func find(_ literal: String, from start: Int) -> Int? {
        let pattern = Array(literal.utf8)
        var cursor = start
        while cursor + pattern.count <= bytes.count {
            cursor = nextByte(pattern[0], from: cursor)
            guard cursor + pattern.count <= bytes.count else { return nil }
            if bytes[cursor..<(cursor + pattern.count)].elementsEqual(pattern) { return cursor }
            cursor += 1
        }
        return nil
    }

    private func starts(with literal: String, at offset: Int) -> Bool {
        let pattern = Array(literal.utf8)
        guard offset + pattern.count <= bytes.count else { return false }
        return bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
    }

    private func lowercased(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: slice.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private func isNameByte(_ byte: UInt8) -> Bool { !ASCIIByte.isSpace(byte) && byte != 0x3E && byte != 0x2F }
}
