internal import CGumbo

extension HTMLDocument {
    /// Parses `html` with gumbo (HTML5 rules, tolerant of any markup) and copies the tree out.
    public static func parse(_ html: String) throws(HTMLError) -> HTMLDocument {
        try parse(HTMLScan(html))
    }

    /// Builds the tree from a page already scanned; gumbo sees the page without script and
    /// style bodies (the slowest part for it), and scripts get their text back from the scan.
    public static func parse(_ scan: HTMLScan) throws(HTMLError) -> HTMLDocument {
        // An empty buffer may have no base address; gumbo gets one space instead.
        let source = scan.reduced.isEmpty ? [0x20] : scan.reduced
        let copied: TreeBuilder? = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress else { return nil }
                func copyTree(_ output: UnsafeMutablePointer<GumboOutput>?) -> TreeBuilder? {
                    guard let output, let root = output.pointee.root else { return nil }
                    var builder = TreeBuilder(movedValues: scan.movedValues)
                    scan.page.withUnsafeBufferPointer { page in builder.copy(root: root, page: page) }
                    return builder
                }
                // Small pages parse with malloc: there the arena's per-size free lists would hold
                // more memory than the page (a 20 KB page took 250 KB) to save a tenth of a millisecond.
                guard chars.count >= GumboArena.smallestPage else {
                    let output = wd_gumbo_parse_quiet(base, chars.count)
                    defer { if let output { wd_gumbo_destroy(output) } }
                    return copyTree(output)
                }
                let arena = UnsafeMutablePointer<GumboArena>.allocate(capacity: 1)
                arena.initialize(to: GumboArena())
                // All of gumbo's memory goes at once, before our elements are made (so the two trees
                // never peak together), and without gumbo's own pass over the tree to free it.
                defer {
                    arena.pointee.releaseAll()
                    arena.deinitialize(count: 1)
                    arena.deallocate()
                }
                return copyTree(wd_gumbo_parse_allocating(base, chars.count, gumboArenaAllocate, gumboArenaFree, arena))
            }
        }
        guard var builder = copied else { throw HTMLError(reason: "gumbo returned no document") }
        builder.finish()
        return HTMLDocument(elements: builder.elements, texts: builder.texts, indicesByTag: builder.indicesByTag,
                            indicesByID: builder.indicesByID, indicesByDataAttribute: builder.indicesByDataAttribute,
                            scripts: scan.scripts, scriptsByElement: builder.scriptsByElement)
    }
}

/// Walks gumbo's tree once, iteratively (pages can nest deeply), into flat arrays.
///
/// Per element it only appends to arrays that grow amortised: tag names come from a table
/// made once, attributes go into one array for the whole page, and tag and id indices are
/// filed per gumbo tag number; the elements themselves are made at the end, when the
/// attribute array is complete, so their slices share it without copies.
private struct TreeBuilder {
    /// Elements in document order, made by `finish()`.
    var elements: [HTMLElement] = []
    /// Text runs in document order.
    var texts: [String] = []
    /// Element indices by tag name.
    var indicesByTag: [String: [Int]] = [:]
    /// Element index → index into the scan's scripts.
    var scriptsByElement: [Int: Int] = [:]
    /// Element indices by id attribute.
    var indicesByID: [String: [Int]] = [:]
    /// Element indices by `data-…` attribute name (the scan keeps only the few some reader asks for).
    var indicesByDataAttribute: [String: [Int]] = [:]
    /// Where in the page the values the scan moved out of gumbo's copy are.
    let movedValues: [Range<Int>]
    /// The page bytes while `copy` runs.
    private var page = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// A builder that reads moved attribute values from `movedValues`.
    init(movedValues: [Range<Int>]) {
        self.movedValues = movedValues
    }

    /// What an element needs before its subtree is known.
    private struct Record {
        var tag: String
        var attributes: Range<Int>
        var parent: Int?
        var depth: Int
        var textRuns: Range<Int>
        var subtreeEnd: Int
    }

    /// Every element's record in document order.
    private var records: [Record] = []
    /// Every attribute of the page; records hold ranges into it.
    private var attributes: [HTMLAttribute] = []
    /// Element indices per known gumbo tag number.
    private var indicesByKnownTag = [[Int]](repeating: [], count: Int(GUMBO_TAG_UNKNOWN.rawValue))

    /// Lowercase names of gumbo's known tags by tag number, made once per process.
    private static let knownTagNames: [String] = (0..<GUMBO_TAG_UNKNOWN.rawValue).map {
        String(cString: gumbo_normalized_tagname(GumboTag(rawValue: $0)))
    }

    /// An element whose children are still being visited.
    private struct Frame {
        let node: UnsafePointer<GumboNode>
        let index: Int
        var nextChild: Int = 0
    }

    /// Copies the tree under `root` (the `<html>` element).
    mutating func copy(root: UnsafeMutablePointer<GumboNode>, page: UnsafeBufferPointer<UInt8>) {
        self.page = page
        defer { self.page = UnsafeBufferPointer(start: nil, count: 0) }
        var stack: [Frame] = []
        guard let first = open(UnsafePointer(root), parent: nil, depth: 0) else { return }
        stack.append(first)
        while var frame = stack.popLast() {
            guard let children = wd_gumbo_children(frame.node) else {
                close(frame)
                continue
            }
            let count = Int(children.pointee.length)
            var descended = false
            while frame.nextChild < count {
                let raw = children.pointee.data[frame.nextChild]
                frame.nextChild += 1
                guard let raw else { continue }
                let child = UnsafePointer(raw.assumingMemoryBound(to: GumboNode.self))
                if let text = wd_gumbo_text(child) {
                    texts.append(String(cString: text))
                } else if let childFrame = open(child, parent: frame.index, depth: records[frame.index].depth + 1) {
                    stack.append(frame)
                    stack.append(childFrame)
                    descended = true
                    break
                }
            }
            if !descended { close(frame) }
        }
    }

    /// Registers an element in document order; returns nil for comments and other non-elements.
    private mutating func open(_ node: UnsafePointer<GumboNode>, parent: Int?, depth: Int) -> Frame? {
        guard let element = wd_gumbo_element(node) else { return nil }
        let index = records.count
        let tagNumber = Int(element.pointee.tag.rawValue)
        let tag: String
        if tagNumber < indicesByKnownTag.count {
            tag = Self.knownTagNames[tagNumber]
            indicesByKnownTag[tagNumber].append(index)
        } else {
            let piece = wd_gumbo_original_tag_name(element)
            let bytes = UnsafeRawBufferPointer(start: piece.data, count: piece.length)
            tag = String(decoding: bytes.prefix(256).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            indicesByTag[tag, default: []].append(index)
        }
        let firstAttribute = attributes.count
        let list = element.pointee.attributes
        for position in 0..<Int(list.length) {
            guard let raw = list.data[position] else { continue }
            let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
            let name = String(cString: attribute.name)
            // HTMLScan writes its marker as the first attribute of a script; the same name anywhere
            // else came from the page and stays a plain attribute.
            if position == 0, tagNumber == Int(GUMBO_TAG_SCRIPT.rawValue), name == HTMLScan.scriptIndexAttribute {
                if let script = Int(String(cString: attribute.value)) { scriptsByElement[index] = script }
                continue
            }
            let value = movedValue(attribute.value) ?? String(cString: attribute.value)
            if name == "id" {
                indicesByID[value, default: []].append(index)
            } else if HTMLDocument.isDataAttribute(name) {
                indicesByDataAttribute[name, default: []].append(index)
            }
            attributes.append(HTMLAttribute(name: name, value: value))
        }
        records.append(Record(tag: tag, attributes: firstAttribute..<attributes.count, parent: parent, depth: depth,
                              textRuns: texts.count..<texts.count, subtreeEnd: index + 1))
        return Frame(node: node, index: index)
    }

    /// The page text of a value the scan replaced by a reference, nil for any other value.
    private func movedValue(_ value: UnsafePointer<CChar>) -> String? {
        guard let index = AttributeValueText.movedIndex(value), index < movedValues.count else { return nil }
        let range = movedValues[index]
        guard range.lowerBound >= 0, range.upperBound <= page.count else { return nil }
        return AttributeValueText.text(UnsafeBufferPointer(rebasing: page[range]))
    }

    /// Notes where the element's subtree and text end.
    private mutating func close(_ frame: Frame) {
        records[frame.index].subtreeEnd = records.count
        records[frame.index].textRuns = records[frame.index].textRuns.lowerBound..<texts.count
    }

    /// Makes the elements and the tag index once every record and attribute is in (after `copy`).
    mutating func finish() {
        let all = attributes
        elements.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            elements.append(HTMLElement(index: index, tag: record.tag, attributes: all[record.attributes], parent: record.parent,
                                        subtreeEnd: record.subtreeEnd, depth: record.depth, textRuns: record.textRuns))
        }
        for (number, indices) in indicesByKnownTag.enumerated() where !indices.isEmpty {
            indicesByTag[Self.knownTagNames[number], default: []].append(contentsOf: indices)
        }
        records = []
    }
}
