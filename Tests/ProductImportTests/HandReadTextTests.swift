import Foundation
@testable import ProductImport
import Testing

/// The importer's own trim drops exactly what Foundation's `.whitespacesAndNewlines` drops.
@Suite struct TrimmedTests {
    @Test(arguments: [
        "", " ", "\n\t\r", "Wool Coat", "  Wool Coat  ", "\u{00A0}49,99 €\u{00A0}", "\u{3000}商品番号\u{3000}",
        "\u{2028}line\u{2029}", "\u{0085}next line", "\u{200B}zero width\u{200B}", "\u{FEFF}bom", "é\u{0301} ",
        " \u{0301}", "a\u{202F}", "\u{1680}ogham", "Jack & Jones PREMIUM ", "\u{000B}\u{000C}x",
    ])
    func trimsLikeFoundation(text: String) {
        #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(Array(text.trimmed.unicodeScalars) == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
    }

    @Test func everyWhitespaceScalarIsTrimmed() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(value, radix: 16))")
        }
    }
}

/// The hand-read size suffix of image paths finds what the regular expression it replaced found.
@Suite struct ImageSizeSuffixTests {
    static let expression = #"[_-](\d+x\d*|x\d+|pico|icon|thumb|small|compact|medium|large|grande|original|master)(@\dx)?(?=\.[a-zA-Z]+$)"#

    @Test func matchesTheExpressionOnEveryShape() {
        let stems = ["img", "a-b", "a_b-c", "shirt_1", "x", ""]
        let tokens = ["800x", "800x600", "x600", "x", "12x34x5", "large", "Large", "grande", "master", "2", "thumbnail", "", "800x600y"]
        let separators = ["_", "-", ""]
        let retina = ["", "@2x", "@x", "@22x"]
        let extensions = [".jpg", ".JPEG", ".webp", ".jpg2", "", ".tar.gz", "."]
        for stem in stems {
            for separator in separators {
                for token in tokens {
                    for mark in retina {
                        for ext in extensions {
                            let path = "/cdn/" + stem + separator + token + mark + ext
                            let expected = path.range(of: Self.expression, options: .regularExpression)
                            #expect(ImagePicker.sizeSuffix(in: path) == expected, "\(path)")
                        }
                    }
                }
            }
        }
    }

    @Test func readsTheWidthFromTheName() {
        #expect(ImagePicker.width(in: URL(string: "https://cdn.shop.example/files/coat_1200x.jpg?v=1")!) == 1200)
        #expect(ImagePicker.width(in: URL(string: "https://shop.example/wp-content/coat-1024x1024@2x.png")!) == 1024)
        #expect(ImagePicker.identity(of: URL(string: "https://cdn.shop.example/coat_grande.jpg")!) == "cdn.shop.example/coat.jpg")
    }
}

/// Host patterns of the site rules: `*` runs within and across labels, and a pattern matches a host or
/// any of its label suffixes.
@Suite struct HostPatternTests {
    @Test(arguments: [
        ("amazon.*", "www.amazon.co.uk", true), ("amazon.*", "amazon.de", true), ("amazon.*", "notamazon.de", false),
        ("*.zalando.*", "en.zalando.de", true), ("*.zalando.*", "zalando.de", false), ("www2.hm.com", "www2.hm.com", true),
        ("hm.com", "www2.hm.com", true), ("hm.com", "hm.com.evil.example", false), ("atelier-*.example", "shop.atelier-paris.example", true),
        ("atelier-*.example", "atelier-.example", true), ("a*b*c*d", "axxbyyczzd", true), ("a*b*c*d", "axxbyyczz", false),
        ("*", "anything.example", true), ("ebay.*", "", false), ("*.*.*.*.*.x", String(repeating: "a.", count: 120) + "y", false),
    ])
    func matches(pattern: String, host: String, expected: Bool) {
        #expect(HostPattern(pattern).matches(host) == expected)
    }
}
