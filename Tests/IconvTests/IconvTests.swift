import Testing
import Iconv

@Suite struct IconvTests {
    private let korean = "해피머니 온라인 상품권 5만원권"

    @Test func legacyBytesComeBackAsTheSameText() throws {
        for encoding in ["CP949", "EUC-KR", "UHC"] {
            let legacy = try #require(Iconv.bytes(fromUTF8: Array(korean.utf8), encoding: encoding))
            #expect(legacy.count < korean.utf8.count, "two bytes per syllable, not three")
            #expect(Iconv.utf8(from: legacy, encoding: encoding) == Array(korean.utf8))
        }
        let chinese = "現貨 NT$1,280 加入購物車"
        let big5 = try #require(Iconv.bytes(fromUTF8: Array(chinese.utf8), encoding: "BIG5-HKSCS"))
        #expect(Iconv.utf8(from: big5, encoding: "BIG5-HKSCS") == Array(chinese.utf8))
        let japanese = "在庫あり ￥3,980（税込）"
        let shiftJIS = try #require(Iconv.bytes(fromUTF8: Array(japanese.utf8), encoding: "CP932"))
        #expect(Iconv.utf8(from: shiftJIS, encoding: "CP932") == Array(japanese.utf8))
    }

    @Test func unknownEncodingsAreNil() {
        #expect(Iconv.utf8(from: Array("abc".utf8), encoding: "X-NO-SUCH-ENCODING") == nil)
        // A known converter turns nothing into nothing; an unknown one gives no answer at all.
        #expect(Iconv.utf8(from: [], encoding: "X-NO-SUCH-ENCODING") == nil)
        #expect(Iconv.utf8(from: [], encoding: "BIG5-HKSCS") == [])
    }

    @Test func unreadableBytesBecomeReplacementCharactersAndReadingGoesOn() throws {
        // 0xFF is no lead byte in CP949; "A" after it is still read.
        let bytes: [UInt8] = [0x41, 0xFF, 0x42] + (try #require(Iconv.bytes(fromUTF8: Array("원".utf8), encoding: "CP949")))
        #expect(Iconv.utf8(from: bytes, encoding: "CP949").map { String(decoding: $0, as: UTF8.self) } == "A\u{FFFD}B원")
        // A lead byte cut off at the end is one replacement character.
        let cut: [UInt8] = Array("ok".utf8) + [0xB0]
        #expect(Iconv.utf8(from: cut, encoding: "CP949").map { String(decoding: $0, as: UTF8.self) } == "ok\u{FFFD}")
        // A character the target cannot write fails the whole conversion.
        #expect(Iconv.bytes(fromUTF8: Array("😀".utf8), encoding: "CP949") == nil)
    }

    @Test func outputLargerThanOneChunkIsKeptWhole() throws {
        // 100,000 syllables: 200 KB in, 300 KB out, several of the converter's 64 KB chunks.
        let text = String(repeating: "가나다라마", count: 20_000)
        let legacy = try #require(Iconv.bytes(fromUTF8: Array(text.utf8), encoding: "CP949"))
        #expect(legacy.count == 200_000)
        let back = try #require(Iconv.utf8(from: legacy, encoding: "CP949"))
        #expect(back.count == 300_000)
        #expect(back == Array(text.utf8))
    }

    @Test func statefulEncodingsAreRead() throws {
        // ISO-2022-JP is 7-bit: escape sequences switch between ASCII and JIS X 0208.
        let japanese = "カートに入れる"
        let jis = try #require(Iconv.bytes(fromUTF8: Array(japanese.utf8), encoding: "ISO-2022-JP"))
        #expect(jis.allSatisfy { $0 < 0x80 })
        #expect(Iconv.utf8(from: jis, encoding: "ISO-2022-JP") == Array(japanese.utf8))
    }

    @Test func emptyInputIsEmptyOutput() {
        #expect(Iconv.utf8(from: [], encoding: "CP949") == [])
    }
}
