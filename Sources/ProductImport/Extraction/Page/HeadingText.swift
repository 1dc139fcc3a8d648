import HTML

/// A name heading's text as a shopper reads it: words in neighbouring blocks kept apart
/// (`<span class="brand">Acme</span><span>Linen Shirt</span>` is "Acme Linen Shirt"), without a
/// price printed inside it and without text only screen readers get ("Sale price").
enum HeadingText {
    /// The heading's name, or nil when it holds no text.
    static func name(of heading: HTMLElement, in document: HTMLDocument) -> String? {
        var skipped = Set<Int>()
        var boundaries = Set<Int>()
        for element in document.descendants(of: heading) {
            let label = (element["class"] ?? "").lowercased()
            if label.includes("price") || element.has("hidden") || screenReaderOnly.contains(where: label.includes) {
                skipped.formUnion(element.textRuns)
                boundaries.insert(element.textRuns.upperBound)
            } else if spacedTags.contains(element.tag) {
                boundaries.insert(element.textRuns.lowerBound)
                boundaries.insert(element.textRuns.upperBound)
            }
        }
        var result = ""
        for run in heading.textRuns where !skipped.contains(run) {
            let text = document.texts[run]
            if boundaries.contains(run), let last = result.last, !last.isWhitespace, let first = text.first, !first.isWhitespace {
                result += " "
            }
            result += text
        }
        return result.cleanedText ?? document.text(of: heading).cleanedText
    }

    /// Whether the two names have a word of three or more letters in common, ignoring case.
    static func sharesWord(_ one: String, with other: String) -> Bool {
        let words = { (text: String) in Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter { $0.count >= 3 }.map(String.init)) }
        let first = words(one)
        let second = words(other)
        // Scripts written without spaces (Chinese, Japanese) give one long "word": compare them as text.
        if first.isEmpty || second.isEmpty { return true }
        return !first.isDisjoint(with: second) || first.contains { word in second.contains { $0.includes(word) || word.includes($0) } }
    }

    /// Tags that start a new word where they begin and end.
    private static let spacedTags: Set<String> = ["span", "div", "p", "br", "strong", "small"]

    /// Classes of text hidden on screen for screen readers.
    /// Whether the element's class says it is text for screen readers only.
    static func isScreenReaderOnly(_ element: HTMLElement) -> Bool {
        guard let label = element["class"]?.lowercased() else { return false }
        return screenReaderOnly.contains(where: label.includes)
    }

    /// Classes of text for screen readers only; `g-hdn` is eBay's ("Details about" before every item title).
    private static let screenReaderOnly = ["sr-only", "visually-hidden", "visuallyhidden", "screen-reader", "screenreader", "a11y-hidden", "g-hdn"]
}
