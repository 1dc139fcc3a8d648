import Testing
import HTML
import Iconv

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

    @Test func aUTF16LabelWithoutAByteOrderMarkIsHonouredByBothReaders() {
        let bytes: [UInt8] = [0x6F, 0x00, 0x6B, 0x00]
        #expect(CharsetDecoder.utf8(bytes, contentType: "text/html; charset=utf-16le") == Array("ok".utf8))
        #expect(CharsetDecoder.decode(bytes, contentType: "text/html; charset=utf-16le") == "ok")
    }

    @Test func unknownLabelsFallBackToSniffing() {
        #expect(CharsetDecoder.decode(Array("plain".utf8), contentType: "text/html; charset=x-made-up") == "plain")
    }
}

@Suite struct LegacyCharsetTests {
    private func encoded(_ text: String, _ encoding: String) throws -> [UInt8] {
        try #require(Iconv.bytes(fromUTF8: Array(text.utf8), encoding: encoding))
    }

    @Test func eastAsianPagesDeclaredInTheirEncodingAreRead() throws {
        let korean = "<html lang=\"ko\"><head><meta charset=\"euc-kr\"><title>반팔 티셔츠</title></head><body>39,000원 품절</body></html>"
        #expect(CharsetDecoder.decode(try encoded(korean, "CP949"), contentType: nil) == korean)
        let taiwanese = "<title>純棉上衣</title><p>NT$1,280 現貨</p>"
        #expect(CharsetDecoder.decode(try encoded(taiwanese, "BIG5"), contentType: "text/html; charset=Big5") == taiwanese)
        let chinese = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><title>连衣裙</title>￥199 有货"
        #expect(CharsetDecoder.decode(try encoded(chinese, "GBK"), contentType: nil) == chinese)
        let japanese = "<meta charset=\"Shift_JIS\"><title>ワンピース</title>￥3,980 在庫あり"
        #expect(CharsetDecoder.decode(try encoded(japanese, "SHIFT_JIS"), contentType: nil) == japanese)
        let eucJapanese = "<meta charset=\"EUC-JP\"><title>ワンピース</title>3,980円"
        #expect(CharsetDecoder.decode(try encoded(eucJapanese, "EUC-JP"), contentType: nil) == eucJapanese)
    }

    @Test func cyrillicAndCentralEuropeanLabelsAreRead() throws {
        let russian = "<meta charset=\"windows-1251\">Цена: 1 990 руб."
        #expect(CharsetDecoder.decode(try encoded(russian, "WINDOWS-1251"), contentType: nil) == russian)
        let koi = "<meta charset=\"koi8-r\">Нет в наличии"
        #expect(CharsetDecoder.decode(try encoded(koi, "KOI8-R"), contentType: nil) == koi)
        let polish = "<meta charset=\"iso-8859-2\">Cena: 49,99 zł - dostępny"
        #expect(CharsetDecoder.decode(try encoded(polish, "ISO-8859-2"), contentType: nil) == polish)
        let czech = "Běžná cena 590 Kč"
        #expect(CharsetDecoder.decode(try encoded(czech, "WINDOWS-1250"), contentType: "text/html; charset=x-cp1250") == czech)
    }

    @Test func aMetaCharsetLaterInTheHeadIsHonoured() throws {
        // Past the browsers' first 1024 bytes, after a long comment: browsers read the page again in it.
        let page = "<html><head><!--" + String(repeating: "x", count: 3000) + "--><meta charset=\"euc-kr\"><title>원피스</title>"
        #expect(CharsetDecoder.decode(try encoded(page, "CP949"), contentType: nil).hasSuffix("<title>원피스</title>"))
    }

    @Test func undeclaredLegacyBytesFollowTheShopsCountryOrLanguage() throws {
        let korean = try encoded("<title>니트 가디건</title>", "CP949")
        #expect(CharsetDecoder.decode(korean, contentType: nil, host: "www.shop.co.kr") == "<title>니트 가디건</title>")
        let taiwanese = try encoded("<title>牛仔褲</title>", "BIG5")
        #expect(CharsetDecoder.decode(taiwanese, contentType: nil, host: "shop.example.com.tw") == "<title>牛仔褲</title>")
        // A .com shop: the page's language says which.
        let withLanguage = try encoded("<html lang=\"ko-KR\"><title>니트</title>", "CP949")
        #expect(CharsetDecoder.decode(withLanguage, contentType: nil, host: "shop.example.com") == "<html lang=\"ko-KR\"><title>니트</title>")
        let traditional = try encoded("<html lang=\"zh-Hant-TW\"><title>牛仔褲</title>", "BIG5")
        #expect(CharsetDecoder.decode(traditional, contentType: nil, host: "shop.example.com").hasSuffix("牛仔褲</title>"))
        // Nothing says: windows-1252, as browsers in the West do (the text is wrong but nothing is lost or refused).
        #expect(CharsetDecoder.decode(korean, contentType: nil, host: "shop.example.com").count == korean.count)
    }

    @Test func validUTF8WinsOverAStaleLegacyLabel() {
        // A page saved as UTF-8 by a script still says euc-kr in its head.
        let saved = "<meta charset=\"euc-kr\"><title>반팔 티셔츠</title>"
        #expect(CharsetDecoder.decode(Array(saved.utf8), contentType: nil) == saved)
        #expect(CharsetDecoder.utf8(Array(saved.utf8), contentType: "text/html; charset=euc-kr") == Array(saved.utf8))
        let latin = "<meta charset=\"iso-8859-1\">Pantalón"
        #expect(CharsetDecoder.decode(Array(latin.utf8), contentType: nil) == latin)
    }

    @Test func pureASCIIUnderAStatefulLabelIsDecodedWithIt() throws {
        // ISO-2022-JP is all 7-bit bytes, so valid UTF-8, yet only the label reads it right.
        let text = "カートに入れる"
        let jis = try encoded(text, "ISO-2022-JP")
        #expect(CharsetDecoder.decode(jis, contentType: "text/html; charset=ISO-2022-JP") == text)
    }

    @Test func brokenLegacyBytesBecomeReplacementCharacters() throws {
        let bytes = try encoded("<meta charset=\"big5\">上衣", "BIG5") + [0xFF, 0x41] + [0xA4]
        let text = CharsetDecoder.decode(bytes, contentType: nil)
        #expect(text == "<meta charset=\"big5\">上衣\u{FFFD}A\u{FFFD}")
    }

    @Test func whatwgLabelsMapToTheSupersetsBrowsersRead() throws {
        // "ks_c_5601-1987" is EUC-KR read as windows-949, whose extra syllables ("똠") EUC-KR lacks.
        let extra = try encoded("똠", "CP949")
        #expect(Iconv.bytes(fromUTF8: Array("똠".utf8), encoding: "EUC-KR") == nil)
        #expect(CharsetDecoder.decode(extra, contentType: "text/html; charset=ks_c_5601-1987") == "똠")
        // ISO-8859-9 is read as windows-1254, whose 0x80 is the euro sign.
        #expect(CharsetDecoder.decode([0x80], contentType: "text/html; charset=iso-8859-9") == "€")
    }
}
