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
        let output: UnsafeMutablePointer<GumboOutput>? = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                wd_gumbo_parse_quiet(chars.baseAddress!, chars.count)
            }
        }
        guard let output, let root = output.pointee.root else {
            throw HTMLError(reason: "gumbo returned no document")
        }
        defer { wd_gumbo_destroy(output) }
        var builder = TreeBuilder()
        builder.copy(root: root)
        return HTMLDocument(elements: builder.elements, texts: builder.texts, indicesByTag: builder.indicesByTag,
                            indicesByID: builder.indicesByID, scripts: scan.scripts, scriptsByElement: builder.scriptsByElement)
    }
}

/// Walks gumbo's tree once, iteratively (pages can nest deeply), into flat arrays.
private struct TreeBuilder {
    /// Elements in document order, filled in as subtrees close.
    var elements: [HTMLElement] = []
    /// Text runs in document order.
    var texts: [String] = []
    /// Element indices by tag name.
    var indicesByTag: [String: [Int]] = [:]
    /// Element index → index into the scan's scripts.
    var scriptsByElement: [Int: Int] = [:]
    /// Element indices by id attribute.
    var indicesByID: [String: [Int]] = [:]
    /// The id of the element being opened, filed once its index is known.
    private var pendingID: String?

    /// An element whose children are still being visited.
    private struct Frame {
        let node: UnsafePointer<GumboNode>
        let index: Int
        let tag: String
        let attributes: [HTMLAttribute]
        let parent: Int?
        let depth: Int
        let firstText: Int
        var nextChild: Int = 0
    }

    /// Copies the tree under `root` (the `<html>` element).
    mutating func copy(root: UnsafeMutablePointer<GumboNode>) {
        var stack: [Frame] = []
        guard let first = open(UnsafePointer(root), parent: nil, depth: 0) else { return }
        stack.append(first)
        while var frame = stack.popLast() {
            let children = wd_gumbo_children(frame.node)
            let count = Int(children?.pointee.length ?? 0)
            var descended = false
            while frame.nextChild < count {
                let raw = children!.pointee.data[frame.nextChild]!
                frame.nextChild += 1
                let child = UnsafePointer(raw.assumingMemoryBound(to: GumboNode.self))
                if let text = wd_gumbo_text(child) {
                    texts.append(String(cString: text))
                } else if let childFrame = open(child, parent: frame.index, depth: frame.depth + 1) {
                    stack.append(frame)
                    stack.append(childFrame)
                    descended = true
                    break
                }
            }
            if !descended { close(frame) }
        }
        elements = finished
    }

    private var finished: [HTMLElement] = []

    /// Registers an element in document order; returns nil for comments and other non-elements.
    private mutating func open(_ node: UnsafePointer<GumboNode>, parent: Int?, depth: Int) -> Frame? {
        guard let element = wd_gumbo_element(node) else { return nil }
        let tag: String
        if element.pointee.tag == GUMBO_TAG_UNKNOWN {
            let piece = wd_gumbo_original_tag_name(element)
            let bytes = UnsafeRawBufferPointer(start: piece.data, count: piece.length)
            tag = String(decoding: bytes, as: UTF8.self).lowercased()
        } else {
            tag = String(cString: gumbo_normalized_tagname(element.pointee.tag))
        }
        var attributes: [HTMLAttribute] = []
        var scriptIndex: Int?
        let list = element.pointee.attributes
        if list.length > 0 {
            attributes.reserveCapacity(Int(list.length))
            for position in 0..<Int(list.length) {
                let attribute = list.data[position]!.assumingMemoryBound(to: GumboAttribute.self).pointee
                let name = String(cString: attribute.name)
                // HTMLScan writes its marker as the first attribute of a script; the same name anywhere
                // else came from the page and stays a plain attribute.
                if name == HTMLScan.scriptIndexAttribute, tag == "script", position == 0 {
                    scriptIndex = Int(String(cString: attribute.value))
                    continue
                }
                let value = String(cString: attribute.value)
                if name == "id" { pendingID = value }
                attributes.append(HTMLAttribute(name: name, value: value))
            }
        }
        let index = finished.count
        // Reserve the slot now so indices follow document order; the real value lands in close().
        finished.append(.placeholder)
        indicesByTag[tag, default: []].append(index)
        if let id = pendingID {
            indicesByID[id, default: []].append(index)
            pendingID = nil
        }
        if let scriptIndex { scriptsByElement[index] = scriptIndex }
        return Frame(node: node, index: index, tag: tag, attributes: attributes, parent: parent, depth: depth, firstText: texts.count)
    }

    private mutating func close(_ frame: Frame) {
        finished[frame.index] = HTMLElement(
            index: frame.index, tag: frame.tag, attributes: frame.attributes, parent: frame.parent,
            subtreeEnd: finished.count, depth: frame.depth, textRuns: frame.firstText..<texts.count)
    }
}

extension HTMLElement {
    /// A stand-in for an element whose subtree is still being copied.
    fileprivate static let placeholder = HTMLElement(
        index: 0, tag: "", attributes: [], parent: nil, subtreeEnd: 0, depth: 0, textRuns: 0..<0)
}
