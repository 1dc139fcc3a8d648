import Testing
@testable import HTML

@Suite struct NestingLimitTests {
    @Test func onlyElementsWithARequiredEndTagCount() {
        #expect(NestingLimit.kind(of: bytes("IMG")) == .void)
        #expect(NestingLimit.kind(of: bytes("br")) == .void)
        #expect(NestingLimit.kind(of: bytes("li")) == .optionalEnd)
        #expect(NestingLimit.kind(of: bytes("Option")) == .optionalEnd)
        #expect(NestingLimit.kind(of: bytes("div")) == .counted)
        #expect(NestingLimit.kind(of: bytes("my-long-custom-element")) == .counted)
    }

    @Test func tagsBeyondTheLimitAndTheirEndTagsAreLeftOut() {
        var limit = NestingLimit()
        var kept = 0
        for _ in 0..<NestingLimit.maximumDepth where limit.opens(.counted) { kept += 1 }
        #expect(kept == NestingLimit.maximumDepth)
        let tooDeep = limit.opens(.counted), void = limit.opens(.void)
        let itsEnd = limit.closes(.counted), nextEnd = limit.closes(.counted)  // the end tag of the one left out, then a kept one
        #expect(!tooDeep && void && !itsEnd && nextEnd)
        #expect(limit.depth == NestingLimit.maximumDepth - 1)
    }

    @Test func strayEndTagsDoNotGoBelowZero() {
        var limit = NestingLimit()
        let kept = limit.closes(.counted)
        #expect(kept && limit.depth == 0)
    }

    @Test func aPageNestedAHundredThousandDeepParsesToTheLimit() throws {
        let html = "<html><body>" + String(repeating: "<div><span><b>", count: 100_000) + "<p id=end>hello</p></body></html>"
        let document = try HTMLDocument.parse(html)
        #expect(document.elements.map(\.depth).max()! <= NestingLimit.maximumDepth + 4)
        #expect(document.texts.contains { $0.contains("hello") })
    }

    private func bytes(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let array = Array(text.utf8)
        let pointer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: array.count)
        _ = pointer.initialize(from: array)
        return UnsafeBufferPointer(pointer)  // a few bytes per test, left to the process
    }
}
