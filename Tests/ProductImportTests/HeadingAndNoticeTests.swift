import Foundation
@testable import ProductImport
import Testing

/// The heading a shopper sees wins over an og:title that dresses it up with the brand and
/// title segments; a notice box saying the article is gone gives the stock state.
@Suite struct HeadingAndNoticeTests {
    @Test func aHeadingBetweenTheBrandAndTitleSegmentsIsTheName() {
        #expect(ProductExtractor.decorates("ARMEDANGELS JAAMES TURNTABLES - T-Shirt print - acid black/dunkelgrau - Zalando.de", "JAAMES TURNTABLES - T-Shirt print"))
        #expect(ProductExtractor.decorates("Levi's 501 Original Fit Jeans | Levi's", "501 Original Fit Jeans"))
        // A heading that is only the end of the name, or a category word in it, is not the name.
        #expect(!ProductExtractor.decorates("JAAMES TURNTABLES - T-Shirt print", "T-Shirt print"))
        #expect(!ProductExtractor.decorates("Linen Shirt - Shirts - Shop", "Shirts"))
        #expect(!ProductExtractor.decorates("Linen Shirt", "Linen Shirt"))
    }

    @Test func aShareTitleThatRunsOnAfterTheHeadingInOtherCapitalsGivesWayToIt() {
        let meta = "Funny Eye Stickers Creative Eyes Sticker Fake Sticker Joggle Eyes Simulation Person Eye Temporary Tattoo Silver From Mrtang, $38.17| Dhgate.Com"
        #expect(ProductExtractor.extends(meta, "Funny Eye stickers creative Eyes Sticker Fake sticker joggle eyes simulation person eye"))
        // Without a title separator the longer text is the name, and a heading that stops inside a word is not its start.
        #expect(!ProductExtractor.extends("Linen Shirt With Pockets In Blue", "Linen shirt with pockets"))
        #expect(!ProductExtractor.extends("Linen Shirtdress In Blue | Acme", "Linen Shirt"))
        #expect(!ProductExtractor.extends("Wool Coat | Acme", "Wool"))
    }

    @Test func aBarSpacedOnOneSideEndsTheTitlesName() {
        #expect(PageExtractor.nameFromTitle("Eye Stickers From Mrtang, $38.17| Dhgate.Com") == "Eye Stickers From Mrtang, $38.17")
        #expect(PageExtractor.nameFromTitle("Linen Shirt |Acme") == "Linen Shirt")
        #expect(PageExtractor.nameFromTitle("Linen Shirt | Acme") == "Linen Shirt")
        #expect(PageExtractor.nameFromTitle("AC|DC Shirt") == "AC|DC Shirt")
    }

    private func page(_ body: String) -> String {
        """
        <!doctype html><html lang="de"><head><title>ARMEDANGELS JAAMES - T-Shirt print - schwarz - Zalando.de</title>
        <meta property="og:title" content="ARMEDANGELS JAAMES - T-Shirt print - schwarz - Zalando.de"><meta property="og:type" content="product">
        <meta name="twitter:data1" content="14,90 €"><meta name="twitter:label1" content="Preis"></head><body>\(body)</body></html>
        """
    }

    @Test func aGoneNoticeAtTheTopIsSoldOutAndTheHeadingNamesIt() throws {
        let html = page("""
            <div role="status"><p>Leider ist der gewünschte Artikel nicht mehr verfügbar. Hinterlass einfach deine E-Mail.</p></div>
            <a href="/armedangels/"><h3>ARMEDANGELS</h3></a><h1><span>JAAMES - T-Shirt print</span></h1><p>ab 14,90 €</p>
            """)
        let draft = try TestSupport.draft(html, url: "https://www.zalando.de/armedangels-jaames-t-shirt-ar322o0bc-c11.html")
        #expect(draft.name == "JAAMES - T-Shirt print")
        #expect(draft.availability == .outOfStock)
    }

    @Test func aHiddenAlertSaysNothingAboutStock() throws {
        let html = page("""
            <div class="variationUnavailable" style="display: none;"><div class="a-alert" role="alert"><h4>Bild nicht verfügbar</h4></div></div>
            <h1><span>JAAMES - T-Shirt print</span></h1><p>ab 14,90 €</p>
            """)
        let draft = try TestSupport.draft(html, url: "https://www.zalando.de/armedangels-jaames-t-shirt-ar322o0bc-c11.html")
        #expect(draft.availability == nil)
    }

    @Test func anAddedToBagNoticeSaysNothingAboutStock() throws {
        let html = page("""
            <div role="status"><p>Artikel wurde in den Warenkorb gelegt</p></div>
            <h1><span>JAAMES - T-Shirt print</span></h1><p>ab 14,90 €</p>
            """)
        let draft = try TestSupport.draft(html, url: "https://www.zalando.de/armedangels-jaames-t-shirt-ar322o0bc-c11.html")
        #expect(draft.availability == nil)
    }
}
