import HTML

/// The best URL of an `<img>`, honouring lazy-load attributes and srcset width hints.
enum ImageSource {
    /// The largest srcset entry, else the lazy-load or plain `src`, with its width when known.
    static func best(of image: HTMLElement) -> ImageCandidate? {
        let declaredWidth = (image["width"]).flatMap { Int($0.filter(\.isNumber)) }
        for attribute in ["data-srcset", "srcset", "data-lazy-srcset"] {
            if let set = image[attribute], let largest = largest(inSrcset: set) {
                return ImageCandidate(url: largest.url, width: largest.width ?? declaredWidth)
            }
        }
        for attribute in ["data-zoom-image", "data-large-image", "data-original", "data-lazy-src", "data-src", "src"] {
            guard let url = image[attribute]?.trimmed, !url.isEmpty, !url.hasPrefix("data:") else { continue }
            return ImageCandidate(url: url, width: declaredWidth)
        }
        return nil
    }

    /// The widest candidate of a srcset ("a.jpg 400w, b.jpg 800w" or "a.jpg 1x, b.jpg 2x").
    static func largest(inSrcset srcset: String) -> ImageCandidate? {
        var best: (weight: Double, candidate: ImageCandidate)?
        for entry in srcset.split(separator: ",") {
            let parts = entry.split(whereSeparator: \.isWhitespace)
            guard let url = parts.first.map(String.init), !url.hasPrefix("data:") else { continue }
            var weight = 1.0
            var width: Int?
            if let descriptor = parts.dropFirst().first {
                let number = Double(descriptor.dropLast()) ?? 1
                if descriptor.hasSuffix("w") { width = number.boundedInt(); weight = number } else if descriptor.hasSuffix("x") { weight = number * 1000 }
            }
            if best == nil || weight > best!.weight { best = (weight, ImageCandidate(url: url, width: width)) }
        }
        return best?.candidate
    }
}
