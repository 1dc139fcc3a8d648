import Testing
import HTML

@Suite struct CharsetDecoderTests {
    private let latin1Page: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"><title>Pantal".utf8) + [0xF3] + Array("n</title>".utf8)

    @Test func theContentTypeHeaderWins() {
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9]
        #expect(CharsetDecoder.decode(bytes, contentType: "text/html; charset=ISO-8859-1") == "café")
        #expect(CharsetDecoder.charset(inContentType: "text/html; Charset=\"UTF-8\"") == "utf-8")
    }

    @Test func aMetaCharsetNearTheTopIsHonoured() {
        #expect(CharsetDecoder.decode(latin1Page, contentType: "text/html").contains("Pantalón"))
        let httpEquiv: [UInt8] = Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">".utf8) + [0x80]
        #expect(CharsetDecoder.declaredCharset(in: httpEquiv) == "windows-1252")
        #expect(CharsetDecoder.decode(httpEquiv, contentType: nil).hasSuffix("€"))
    }

    @Test func undeclaredBytesAreSniffed() {
        #expect(CharsetDecoder.decode(Array("écru".utf8), contentType: nil) == "écru")
        #expect(CharsetDecoder.decode([0x93, 0x68, 0x69, 0x94], contentType: nil) == "\u{201C}hi\u{201D}")
    }

    @Test func byteOrderMarksDecideTheEncoding() {
        #expect(CharsetDecoder.decode([0xEF, 0xBB, 0xBF] + Array("ok".utf8), contentType: "text/html; charset=iso-8859-1") == "ok")
        #expect(CharsetDecoder.decode([0xFF, 0xFE, 0x6F, 0x00, 0x6B, 0x00], contentType: nil) == "ok")
    }

    @Test func unknownLabelsFallBackToSniffing() {
        #expect(CharsetDecoder.decode(Array("plain".utf8), contentType: "text/html; charset=x-made-up") == "plain")
    }
}
