import HTML

/// A CSS selector list over a parsed page: tag, `#id`, `.class`, `[attr]`, `[attr=value]`
/// (also `^=`, `$=`, `*=`, `~=`), `*`, the descendant (space) and child (`>`) combinators,
/// and `,` between alternatives. Enough for shop rules kept as data; nothing dynamic.
public struct Selector: Sendable, Hashable, CustomStringConvertible {
    /// The alternatives of a selector list; an element matches when any of them does.
    let alternatives: [Complex]
    /// The selector as written.
    public let description: String

    /// Parses `text`; throws with the position of the first thing it does not understand.
    public init(_ text: String) throws(SelectorError) {
        var parser = SelectorParser(text)
        alternatives = try parser.parseList()
        description = text
    }

    /// Whether `element` of `document` matches.
    public func matches(_ element: HTMLElement, in document: HTMLDocument) -> Bool {
        alternatives.contains { $0.matches(element, in: document) }
    }

    /// Every matching element in document order.
    public func select(in document: HTMLDocument) -> [HTMLElement] {
        candidates(in: document).filter { matches($0, in: document) }
    }

    /// The first matching element in document order.
    public func first(in document: HTMLDocument) -> HTMLElement? {
        candidates(in: document).first { matches($0, in: document) }
    }

    /// The matching elements inside `scope` (not `scope` itself), in document order.
    public func select(in document: HTMLDocument, under scope: HTMLElement) -> [HTMLElement] {
        document.descendants(of: scope).filter { matches($0, in: document) }
    }

    /// The elements that can match. When every alternative's last compound names an id or a data attribute, only the
    /// elements with it; when every alternative starts from one ("#buybox .price", "[data-testid=price] span"), only
    /// their subtrees; when every alternative names its tag, only elements with it. Otherwise every element.
    private func candidates(in document: HTMLDocument) -> [HTMLElement] {
        let lasts = alternatives.map { $0.parts.last.flatMap { Self.indexed($0.compound, in: document) } }
        if lasts.allSatisfy({ $0 != nil }) {
            return Self.inOrder(lasts.flatMap { $0! })
        }
        let roots = alternatives.map { $0.parts.count > 1 ? $0.parts.first.flatMap { Self.indexed($0.compound, in: document) } : nil }
        if roots.allSatisfy({ $0 != nil }) {
            return Self.inOrder(roots.flatMap { $0! }.flatMap { document.descendants(of: $0) })
        }
        let tags = alternatives.map { $0.parts.last?.compound.tag }
        guard tags.allSatisfy({ $0 != nil }) else { return document.elements }
        let names = Set(tags.compactMap { $0 })
        if names.count == 1, let name = names.first { return document.elements(named: name) }
        return names.flatMap { document.elements(named: $0) }.sorted { $0.index < $1.index }
    }

    /// The elements the document's indexes give for `compound`: those with its id, or those carrying its first
    /// data attribute (`[data-testid=pdp-price]`); nil when it names neither.
    private static func indexed(_ compound: Compound, in document: HTMLDocument) -> [HTMLElement]? {
        if let id = compound.id { return document.elements(withID: id) }
        for test in compound.attributes {
            if let carriers = document.elements(withDataAttribute: test.name) { return carriers }
        }
        return nil
    }

    /// `elements` once each, in document order.
    private static func inOrder(_ elements: [HTMLElement]) -> [HTMLElement] {
        var seen = Set<Int>()
        return elements.filter { seen.insert($0.index).inserted }.sorted { $0.index < $1.index }
    }
}

/// A selector that could not be parsed.
public struct SelectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The selector text.
    public let selector: String
    /// What went wrong and where.
    public let reason: String

    /// The selector and the reason, for logs and config errors.
    public var description: String { "selector \"\(selector)\": \(reason)" }

    /// Short text for an operator: which selector is broken and how to fix it.
    public var userMessage: String {
        "The site rule selector \"\(selector)\" is not valid (\(reason)). Fix it in bot-config/sites.json."
    }
}

/// One chain of compounds joined by combinators, e.g. `div.price > span`.
struct Complex: Sendable, Hashable {
    /// A compound and how it relates to the compound before it.
    struct Part: Sendable, Hashable {
        /// How this compound is joined to the previous one (ignored for the first).
        let combinator: Combinator
        /// The simple selectors that must all hold.
        let compound: Compound
    }

    /// Space (any ancestor) or `>` (the parent).
    enum Combinator: Sendable, Hashable { case descendant, child }

    /// Left to right as written.
    let parts: [Part]

    /// Matches right to left: the last compound on the element, the rest on its ancestors.
    func matches(_ element: HTMLElement, in document: HTMLDocument) -> Bool {
        guard let last = parts.last, last.compound.matches(element) else { return false }
        return matchesAncestors(of: element, partIndex: parts.count - 2, combinator: last.combinator, in: document)
    }

    private func matchesAncestors(of element: HTMLElement, partIndex: Int, combinator: Combinator, in document: HTMLDocument) -> Bool {
        guard partIndex >= 0 else { return true }
        let part = parts[partIndex]
        var current = document.parent(of: element)
        while let candidate = current {
            if part.compound.matches(candidate),
               matchesAncestors(of: candidate, partIndex: partIndex - 1, combinator: part.combinator, in: document) {
                return true
            }
            if combinator == .child { return false }
            current = document.parent(of: candidate)
        }
        return false
    }
}

/// Simple selectors on one element: tag, id, classes and attribute tests.
struct Compound: Sendable, Hashable {
    /// Lowercase tag name, nil for any.
    var tag: String?
    /// The id, if required.
    var id: String?
    /// Classes that must all be present.
    var classes: [String] = []
    /// Attribute tests that must all hold.
    var attributes: [AttributeTest] = []

    /// Whether `element` satisfies every simple selector.
    func matches(_ element: HTMLElement) -> Bool {
        if let tag, element.tag != tag { return false }
        if let id, element["id"] != id { return false }
        for name in classes where !element.hasClass(name) { return false }
        for test in attributes where !test.matches(element) { return false }
        return true
    }
}

/// `[name]`, `[name=value]` and the prefix, suffix, substring and word forms.
struct AttributeTest: Sendable, Hashable {
    /// How the value is compared.
    enum Operation: Sendable, Hashable { case exists, equals, prefix, suffix, contains, word }

    /// Lowercase attribute name.
    let name: String
    /// The comparison.
    let operation: Operation
    /// The value compared against (empty for `exists`).
    let value: String

    /// Whether the element's attribute passes the test.
    func matches(_ element: HTMLElement) -> Bool {
        guard let actual = element[name] else { return false }
        switch operation {
        case .exists: return true
        case .equals: return actual == value
        case .prefix: return !value.isEmpty && actual.hasPrefix(value)
        case .suffix: return !value.isEmpty && actual.hasSuffix(value)
        case .contains: return !value.isEmpty && actual.contains(value)
        case .word: return actual.split(whereSeparator: \.isWhitespace).contains { $0 == value }
        }
    }
}
