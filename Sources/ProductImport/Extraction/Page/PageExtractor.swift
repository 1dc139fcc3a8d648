import HTML

/// Reads what any visitor sees: the first heading, the title, breadcrumb links and the
/// main picture. It fills gaps; on its own it never proves a page is a product.
struct PageExtractor {
    /// Facts from the visible page.
    func extract(from document: HTMLDocument) -> ProductFacts {
        var facts = ProductFacts(source: .page)
        if let heading = document.first(named: "h1") {
            facts.name = document.text(of: heading).cleanedText
        }
        if facts.name == nil, let title = document.first(named: "title") {
            facts.name = Self.nameFromTitle(document.text(of: title))
        }
        facts.category = breadcrumb(in: document)
        facts.images = mainImages(in: document)
        return facts
    }

    /// "Linen Shirt | Acme Store" → "Linen Shirt": the part before the shop's name.
    static func nameFromTitle(_ title: String) -> String? {
        for separator in [" | ", " – ", " — ", " - ", " :: "] where title.contains(separator) {
            return title.components(separatedBy: separator).first?.cleanedText
        }
        return title.cleanedText
    }

    private func breadcrumb(in document: HTMLDocument) -> String? {
        for candidate in document.elements(named: "nav") + document.elements(named: "ol") + document.elements(named: "ul") {
            let label = (candidate["aria-label"] ?? "") + " " + (candidate["class"] ?? "") + " " + (candidate["id"] ?? "")
            guard label.lowercased().contains("breadcrumb") else { continue }
            let links = document.descendants(of: candidate).filter { $0.tag == "a" || $0.tag == "li" && document.children(of: $0).isEmpty }
            let names = links.compactMap { document.text(of: $0).cleanedText }
            return names.isEmpty ? document.text(of: candidate).cleanedText : names.joined(separator: " > ")
        }
        return nil
    }

    /// Images inside a product or gallery container first, then any large picture;
    /// logos, icons, sprites, tracking pixels and inline placeholders are skipped.
    private func mainImages(in document: HTMLDocument) -> [ImageCandidate] {
        var scored: [(score: Int, candidate: ImageCandidate)] = []
        for image in document.elements(named: "img") {
            guard let candidate = ImageSource.best(of: image) else { continue }
            let lowered = candidate.url.lowercased()
            if ["logo", "icon", "sprite", "pixel", "spacer", "placeholder", "avatar", "badge", "flag", "payment"].contains(where: lowered.contains) { continue }
            if lowered.hasSuffix(".svg") || lowered.hasSuffix(".gif") { continue }
            if let width = candidate.width, width < 150 { continue }
            var score = min(candidate.width ?? 400, 3000) / 100
            let inProduct = document.ancestor(of: image) { element in
                let label = ((element["class"] ?? "") + " " + (element["id"] ?? "")).lowercased()
                return ["product", "gallery", "pdp", "media", "zoom", "main-image", "hero"].contains(where: label.contains)
            } != nil
            if inProduct { score += 50 }
            if document.ancestor(of: image, where: { ["header", "footer", "nav", "aside"].contains($0.tag) }) != nil { score -= 100 }
            scored.append((score, candidate))
        }
        let ordered = scored.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
        return ordered.prefix(4).filter { $0.element.score > 0 }.map(\.element.candidate)
    }
}
