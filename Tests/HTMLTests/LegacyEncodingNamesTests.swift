@testable import HTML
import Iconv
import Testing

/// Every converter the charset tables name exists in this machine's glibc: a missing one would
/// not fail loudly, the page would fall back to windows-1252 and its words would come out wrong.
@Suite struct LegacyEncodingNamesTests {
    @Test func everyNamedConverterOpensAndDecodesASCII() {
        let names = LegacyEncodings.allGlibcNames
        #expect(names.count >= 30)
        for name in names.sorted() {
            // Every one of these encodings keeps ASCII letters as they are, except ISO-2022-JP's escapes, which plain letters do not use.
            #expect(Iconv.utf8(from: Array("Shop".utf8), encoding: name) == Array("Shop".utf8), "\(name)")
        }
    }

    @Test func anUnknownConverterNameGivesNil() {
        #expect(Iconv.utf8(from: Array("Shop".utf8), encoding: "NO-SUCH-CHARSET-42") == nil)
    }
}
