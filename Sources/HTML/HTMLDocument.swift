/// A parsed HTML page, copied out of gumbo into Swift-owned arrays in one pass.
///
/// Elements are stored flat in document order with an index by tag, and text runs are
/// stored once, so extractors query by tag, attribute or subtree without walking C memory.
public struct HTMLDocument: Sendable {
    /// Every element in document order; `elements[0]` is `<html>`.
    public let elements: [HTMLElement]
    /// Text runs in document order; an element's text is a contiguous slice.
    public let texts: [String]
    /// Element indices by lowercase tag name.
    let indicesByTag: [String: [Int]]
    /// Element indices by `id` attribute value, in document order.
    let indicesByID: [String: [Int]]
    /// Element indices by `data-…` attribute name, in document order.
    let indicesByDataAttribute: [String: [Int]]
    /// Every script of the page with its text, from the scan.
    public let scripts: [HTMLScript]
    /// Script element index → index into `scripts`.
    let scriptsByElement: [Int: Int]

    /// A document from the builder's arrays.
    init(elements: [HTMLElement], texts: [String], indicesByTag: [String: [Int]], indicesByID: [String: [Int]] = [:],
         indicesByDataAttribute: [String: [Int]] = [:], scripts: [HTMLScript], scriptsByElement: [Int: Int]) {
        self.elements = elements
        self.texts = texts
        self.indicesByTag = indicesByTag
        self.indicesByID = indicesByID
        self.indicesByDataAttribute = indicesByDataAttribute
        self.scripts = scripts
        self.scriptsByElement = scriptsByElement
    }

    /// The elements with tag `name` (lowercase), in document order.
    public func elements(named name: String) -> [HTMLElement] {
        (indicesByTag[name] ?? []).map { elements[$0] }
    }

    /// The elements whose `id` attribute is `id`, in document order (pages repeat ids).
    public func elements(withID id: String) -> [HTMLElement] {
        (indicesByID[id] ?? []).map { elements[$0] }
    }

    /// The elements that carry the `data-…` attribute `name` (lowercase), in document order; nil for a
    /// name that is not a data attribute, which the document does not index.
    public func elements(withDataAttribute name: String) -> [HTMLElement]? {
        guard Self.isDataAttribute(name) else { return nil }
        return (indicesByDataAttribute[name] ?? []).map { elements[$0] }
    }

    /// Whether `name` is a `data-…` attribute's, the names the document indexes by attribute.
    static func isDataAttribute(_ name: String) -> Bool {
        name.utf8.starts(with: "data-".utf8)
    }

    /// The first element with tag `name`, if any.
    public func first(named name: String) -> HTMLElement? {
        indicesByTag[name]?.first.map { elements[$0] }
    }

    /// All text inside `element`, concatenated verbatim (a script's source, a heading's words).
    /// Style bodies and comments are not kept.
    public func rawText(of element: HTMLElement) -> String {
        if let script = scriptsByElement[element.index], scripts.indices.contains(script) { return scripts[script].text }
        let runs = texts[element.textRuns]
        if runs.count == 1 { return runs.first! }
        return runs.joined()
    }

    /// Whether `text(of:)` can be at most `limit` UTF-8 bytes, judged from the raw runs without
    /// joining them: collapsing takes at most a space or two per run (the scan already made every
    /// whitespace run between tags one character), so a longer raw text cannot fit. Readers that
    /// only want short texts (a price) skip the long ones this way.
    public func textFits(_ element: HTMLElement, utf8Bytes limit: Int) -> Bool {
        let allowance = limit + 2 * element.textRuns.count + 16
        var total = 0
        for run in texts[element.textRuns] {
            total += run.utf8.count
            if total > allowance { return false }
        }
        return true
    }

    /// The text inside `element` with runs of whitespace collapsed to one space and trimmed.
    public func text(of element: HTMLElement) -> String {
        Self.collapsingWhitespace(rawText(of: element))
    }

    /// The element's parent, nil for the root.
    public func parent(of element: HTMLElement) -> HTMLElement? {
        element.parent.map { elements[$0] }
    }

    /// The element's child elements in order.
    public func children(of element: HTMLElement) -> [HTMLElement] {
        var result: [HTMLElement] = []
        var cursor = element.index + 1
        while cursor < element.subtreeEnd {
            let child = elements[cursor]
            result.append(child)
            cursor = child.subtreeEnd
        }
        return result
    }

    /// The element's descendants in document order.
    public func descendants(of element: HTMLElement) -> ArraySlice<HTMLElement> {
        elements[element.descendantIndices]
    }

    /// The nearest ancestor for which `matches` holds, if any.
    public func ancestor(of element: HTMLElement, where matches: (HTMLElement) -> Bool) -> HTMLElement? {
        ancestor(of: element, within: .max, where: matches)
    }

    /// The nearest of the element's `depth` nearest ancestors for which `matches` holds, if any.
    public func ancestor(of element: HTMLElement, within depth: Int, where matches: (HTMLElement) -> Bool) -> HTMLElement? {
        var current = element.parent
        var level = 0
        while let index = current, level < depth {
            if matches(elements[index]) { return elements[index] }
            current = elements[index].parent
            level += 1
        }
        return nil
    }

    /// Up to `count` elements that follow the element's subtree, in document order: what the page shows right after it.
    public func elements(after element: HTMLElement, count: Int) -> ArraySlice<HTMLElement> {
        let start = min(element.subtreeEnd, elements.count)
        return elements[start..<min(elements.count, start + max(0, count))]
    }

    /// `text` with every run of whitespace turned into one space, trimmed at both ends.
    public static func collapsingWhitespace(_ text: String) -> String {
        collapsingASCIIWhitespace(text) ?? collapsingWhitespaceByCharacter(text)
    }

    /// The general case, on `Character`s.
    static func collapsingWhitespaceByCharacter(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.unicodeScalars.first.map(Self.isWhitespace) ?? false {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    /// Whether a scalar has Unicode's White_Space property, as `Character.isWhitespace` asks of a character's first
    /// scalar: the property's list is short and fixed, and looking it up in the property tables is the slow part of
    /// collapsing text that is not all ASCII.
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `collapsingWhitespace` on bytes, for text that is all ASCII (most of a page's text runs), else nil.
    /// For ASCII the whitespace characters are exactly tab, line feed, vertical tab, form feed, carriage
    /// return and space ("\r\n" is one character, and whitespace either way), so the result is the same.
    static func collapsingASCIIWhitespace(_ text: String) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? nil
    }
}
