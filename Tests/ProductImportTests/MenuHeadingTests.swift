import Foundation
import ProductImport
import Testing

/// A mobile menu drawn as the page's first `h1` (meinwoody.de: `<h1><span>Menu</span><a>ccc</a></h1>`) shares no word
/// with the title: the later `h1` that does names the product.
@Suite struct MenuHeadingTests {
    @Test func theHeadingSharingAWordWithTheTitleNamesTheProduct() throws {
        let html = """
            <!doctype html><html lang="de"><head><title>Pflanzset Obst-Baum Wildbirne Sommergrüner Obstbaum</title></head><body>
            <div class="mobMenu span12"><h1><span>Menu</span><a class="menuBox highlight" href="javascript:void(0);">ccc</a></h1></div>
            <div class="product-view"><h1>Pflanzset Wildbirne Baum </h1><span class="price">8,90 €</span>
            <button class="btn-cart">In den Warenkorb</button></div></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.baumschule.example.de/pflanzset-wildbirne-baum")
        #expect(draft.name == "Pflanzset Wildbirne Baum")
        #expect(draft.price == 8.9)
    }
}
