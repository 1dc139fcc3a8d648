import Foundation
import ProductImport
import Testing

/// Brands a page states in words: label lines, specification rows, logos and brand-page links.
@Suite struct BrandLabelsTests {
    private func brand(_ snippet: String, header: String = "") throws -> String? {
        let html = """
            <!doctype html><html lang="en"><head><title>Linen shirt | Shop</title></head><body><header>\(header)</header>
            <main><div class="product-detail"><h1>Linen shirt</h1><span class="price">29,99 €</span>
            <button class="add-to-cart">Add to cart</button>\(snippet)</div></main></body></html>
            """
        return try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt").brand
    }

    @Test(arguments: [
        ("<p>Marke: <a href=\"/m/boss\">BOSS</a></p>", "BOSS"),
        ("<ul><li><strong>Brand:</strong> Levi's</li></ul>", "Levi's"),
        ("<table><tr><th>Material</th><td>Linen</td></tr><tr><th>Marke</th><td>Tommy Hilfiger</td></tr></table>", "Tommy Hilfiger"),
        ("<dl><dt>Marque</dt><dd>Petit Bateau</dd></dl>", "Petit Bateau"),
        ("<div><span>ブランド：</span><span>ユニクロ</span></div>", "ユニクロ"),
        ("<a class=\"brand-logo\" href=\"/x\"><img src=\"/logo/nike.svg\" alt=\"Nike logo\"></a>", "Nike"),
        ("<a href=\"/designers/acne-studios\">Acne Studios</a>", "Acne Studios"),
        ("<a href=\"/marque/petit-bateau\">Petit Bateau</a>", "Petit Bateau"),
        // A specification line in one run.
        ("<ul><li>Material: Linen</li><li>Brand: Loomworks</li></ul>", "Loomworks"),
        ("<p>Hersteller: Vaude</p>", "Vaude"),
        // An abbreviation's point is part of the name; a sentence's is not.
        ("<p>Brand: Big Mouth Inc.</p>", "Big Mouth Inc."),
        ("<dl><dt>Brand</dt><dd>Tiffany &amp; Co.</dd></dl>", "Tiffany & Co."),
        ("<p>Brand: Loomworks.</p>", "Loomworks"),
    ])
    func brandsStatedInWordsAreRead(snippet: String, expected: String) throws {
        #expect(try brand(snippet) == expected)
    }

    @Test(arguments: [
        ("<div class=\"product-brand\"><a href=\"/b/acme\"><img src=\"/l.png\" alt=\"Acme logo\"></a></div>", "Acme"),
        ("<span itemprop=\"brand\">Acme</span>", "Acme"),
        ("<div itemprop=\"brand\" itemtype=\"https://schema.org/Brand\"><meta itemprop=\"name\" content=\"Acme\"></div>", "Acme"),
        ("<p>Producent: Acme</p>", "Acme"),
        ("<p>Designer: Acme</p>", "Acme"),
        ("<p>Značka: Acme</p>", "Acme"),
    ])
    func aLinkedLogoAMarkedBrandAndMoreLabelsNameTheBrand(snippet: String, expected: String) throws {
        #expect(try brand(snippet) == expected)
    }

    @Test func aBrandBlocksPictureThatIsNoLogoAndAMarkedBrandInTheFooterNameNoBrand() throws {
        #expect(try brand(#"<div class="brand-bar"><a href="/free-shipping"><img alt="Free shipping"></a></div>"#) == nil)
        #expect(try brand(#"<footer><span itemprop="brand">Other</span></footer>"#) == nil)
        #expect(try brand(#"<div class="recommendations"><span itemprop="brand">Other</span></div>"#) == nil)
    }

    @Test func aSpecificationLineInTheSiteHeaderNamesNoBrand() throws {
        #expect(try brand("", header: "<p>Brand: Acme Outlet</p>") != "Acme Outlet")
    }

    @Test func menuLinksToBrandPagesNameOtherBrands() throws {
        let menu = #"<nav class="main-menu"><a href="/marken/">Marken</a><a href="/marken/adidas">adidas</a></nav>"#
        #expect(try brand("", header: menu) == nil)
        #expect(try brand(#"<div class="mega-menu"><a href="/brands/puma">Puma</a></div>"#) == nil)
        // A designer filter's dropdown, its placeholder option showing.
        let filter = #"<div id="divDesignersCollectionsSub" class="filterSelect"><select id="DesignersCollectionsSub"><option value="" selected>Collections</option></select></div>"#
        #expect(try brand(filter) == nil)
    }

    @Test func aLabelWithoutAValueOrAFilterWordGivesNoBrand() throws {
        #expect(try brand("<table><tr><th>Marke</th></tr></table>") == nil)
        #expect(try brand("<p>Marke: Alle Marken</p>") == nil)
    }

    @Test func aBreadcrumbLinkToTheBrandStillCounts() throws {
        let trail = #"<nav class="breadcrumb"><a href="/">Home</a> <a href="/brands">Brands</a> <a href="/brands/levis">Levi's</a></nav>"#
        #expect(try brand(trail) == "Levi's")
    }

    private func brand(underHeading byline: String) throws -> String? {
        let html = """
            <!doctype html><html lang="en"><head><title>Linen shirt | Shop</title></head><body><main><h1>Linen shirt</h1>
            \(byline)<span class="price">29,99 €</span><button class="add-to-cart">Add to cart</button>
            <p>Sold by <a href="/seller/acme">Acme Outlet</a></p></main></body></html>
            """
        return try TestSupport.draft(html, url: "https://www.shop.example/p/linen-shirt").brand
    }

    @Test(arguments: [
        ("<span>by <a href=\"/levis\">Levi's</a></span>", "Levi's"),
        ("<div class=\"subtitle\">von <a href=\"/marken/vaude\">Vaude</a></div>", "Vaude"),
    ])
    func aBylineLinkUnderTheNameIsTheBrand(byline: String, expected: String) throws {
        #expect(try brand(underHeading: byline) == expected)
    }

    @Test func aSellerLineOrABylineWithoutALinkIsNoByline() throws {
        #expect(try brand(underHeading: "") == nil)
        #expect(try brand(underHeading: "<p>by <a href=\"/a\">Ann</a> and <a href=\"/b\">Bob</a></p>") == nil)
    }
}
