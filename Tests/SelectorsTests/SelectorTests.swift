import HTML
import Selectors
import Testing

@Suite("Selector")
struct SelectorTests {
    let page = try! HTMLDocument.parse("""
        <html><body>
        <div id="buybox" class="box main"><span class="price now" data-price="12.5">€12,50</span>
          <p><span class="price was">€20,00</span></p></div>
        <ul class="sizes"><li data-size="S">S</li><li data-size="M" aria-disabled="true">M</li></ul>
        <a href="https://shop.example/brand/acme" rel="brand">Acme</a>
        </body></html>
        """)

    private func texts(_ selector: String) throws -> [String] {
        try Selector(selector).select(in: page).map { page.text(of: $0) }
    }

    @Test func aTagSelectorFindsEveryElementWithThatTag() throws {
        #expect(try texts("li") == ["S", "M"])
    }

    @Test func idAndClassesMustAllMatch() throws {
        #expect(try Selector("#buybox.box.main").select(in: page).count == 1)
        #expect(try Selector("#buybox.other").select(in: page).isEmpty)
        #expect(try texts(".price.now") == ["€12,50"])
    }

    @Test func childCombinatorOnlyMatchesDirectChildren() throws {
        #expect(try texts("#buybox > .price") == ["€12,50"])
        #expect(try texts("#buybox .price") == ["€12,50", "€20,00"])
    }

    @Test func attributeTestsCompareValues() throws {
        #expect(try texts("[data-size]") == ["S", "M"])
        #expect(try texts("li[data-size=M]") == ["M"])
        #expect(try texts("li[data-size='S']") == ["S"])
        #expect(try texts("a[href^=\"https://shop\"]") == ["Acme"])
        #expect(try texts("a[href$=acme]") == ["Acme"])
        #expect(try texts("a[href*=brand]") == ["Acme"])
        #expect(try texts("span[class~=was]") == ["€20,00"])
    }

    @Test func aListMatchesAnyAlternativeInDocumentOrder() throws {
        #expect(try texts("a[rel=brand], .price.was") == ["€20,00", "Acme"])
    }

    @Test func dataAttributeSelectorsAnswerFromTheDocumentsIndexInDocumentOrder() throws {
        // The last compound names a data attribute, so only the elements that carry it are tried: each once, in page order.
        #expect(try texts("[data-size=M], [data-price], li[data-size]") == ["€12,50", "S", "M"])
        #expect(try texts("[data-size=XL]").isEmpty)
        #expect(try texts("[data-missing]").isEmpty)
        #expect(try texts("#buybox [data-price]") == ["€12,50"])
    }

    @Test func descendantsOfDataAttributeRootsAreFoundOnceInDocumentOrder() throws {
        let page = try HTMLDocument.parse("""
            <html><body><span>outside</span><div data-box="1"><span>a</span><div data-box="2"><span>b</span></div></div>
            <section id="s"><span>c</span></section><div data-box="3"><p><span>d</span></p></div></body></html>
            """)
        let found = try Selector("[data-box] span, #s span").select(in: page).map { page.text(of: $0) }
        #expect(found == ["a", "b", "c", "d"])
        #expect(try Selector("[data-box=\"2\"] > span").select(in: page).map { page.text(of: $0) } == ["b"])
    }

    @Test func firstReturnsTheEarliestMatch() throws {
        let first = try Selector(".price").first(in: page)
        #expect(first.map { page.text(of: $0) } == "€12,50")
    }

    @Test func selectUnderAScopeStaysInsideIt() throws {
        let list = try #require(try Selector("ul.sizes").first(in: page))
        #expect(try Selector("li").select(in: page, under: list).count == 2)
        #expect(try Selector("span").select(in: page, under: list).isEmpty)
    }

    @Test(arguments: ["", "div >", "[", "[x", "a[href=", "#", ".", "a!b", "div,,p"])
    func malformedSelectorsAreRejectedWithAReason(text: String) {
        #expect(throws: SelectorError.self) { try Selector(text) }
    }

    @Test func overlongSelectorsAreRejected() {
        #expect(throws: SelectorError.self) { try Selector(String(repeating: "div ", count: 200)) }
    }
}
