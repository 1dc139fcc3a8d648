import Foundation
@testable import ProductImport
import Testing

/// Stock states from schema.org values in every spelling, from several offers, and from the buy
/// box's buttons when no element is labelled with the stock.
@Suite struct AvailabilityTests {
    private func jsonLD(_ offers: String) -> String {
        """
        <html><head><title>Linen shirt</title><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Product", "name": "Linen shirt", "image": "https://shop.example/shirt.jpg",
         "brand": "Acme", "sku": "LS-1", "description": "A shirt", "color": "white", "offers": \(offers)}
        </script></head><body><h1>Linen shirt</h1></body></html>
        """
    }

    @Test(arguments: [
        ("http://schema.org/InStock", "in_stock"), ("https://schema.org/InStock", "in_stock"), ("schema:InStock", "in_stock"),
        ("InStock", "in_stock"), ("in_stock", "in_stock"), ("in stock", "in_stock"), ("available for order", "in_stock"),
        ("https://schema.org/OutOfStock", "out_of_stock"), ("http://schema.org/SoldOut", "out_of_stock"), ("out of stock", "out_of_stock"),
        ("PreOrder", "pre_order"), ("https://schema.org/PreSale", "pre_order"), ("http://schema.org/BackOrder", "back_order"),
        ("LimitedAvailability", "limited"), ("https://schema.org/Discontinued", "discontinued"),
        ("Auf Lager", "in_stock"), ("Agotado", "out_of_stock"), ("품절", "out_of_stock"),
    ])
    func schemaValuesAreReadInEverySpelling(value: String, expected: String) throws {
        let html = jsonLD("{\"@type\": \"Offer\", \"price\": \"49.00\", \"priceCurrency\": \"EUR\", \"availability\": \"\(value)\"}")
        let draft = try TestSupport.draft(html)
        #expect(draft.availability?.rawValue == expected, "\(value)")
    }

    @Test func oneOfferInStockAmongSoldOutSizesMakesTheProductInStock() throws {
        let html = jsonLD("""
            [{"@type": "Offer", "sku": "LS-1-S", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/OutOfStock"},
             {"@type": "Offer", "sku": "LS-1-M", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/InStock"}]
            """)
        #expect(try TestSupport.draft(html).availability == .inStock)
    }

    @Test func everyOfferSoldOutMakesTheProductSoldOut() throws {
        let html = jsonLD("""
            [{"@type": "Offer", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/OutOfStock"},
             {"@type": "Offer", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/SoldOut"}]
            """)
        #expect(try TestSupport.draft(html).availability == .outOfStock)
    }

    @Test func theOfferTheLinkSelectsGivesTheStock() throws {
        let html = jsonLD("""
            [{"@type": "Offer", "url": "https://shop.example/products/shirt?variant=1", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/InStock"},
             {"@type": "Offer", "url": "https://shop.example/products/shirt?variant=2", "price": 49, "priceCurrency": "EUR", "availability": "https://schema.org/OutOfStock"}]
            """)
        let draft = try TestSupport.draft(html, url: "https://shop.example/products/shirt?variant=2")
        #expect(draft.availability == .outOfStock)
    }

    private func bare(_ buyBox: String) -> String {
        """
        <html lang="en"><head><title>Canvas tote</title></head><body><header><a href="/cart">Cart</a></header>
        <h1>Canvas tote bag</h1><span class="price">€29.00</span><p>SKU: CT-204</p>\(buyBox)
        <div class="recommendations"><div><h3>Other bag</h3><button class="add-to-cart">Add to cart</button></div></div>
        </body></html>
        """
    }

    @Test(arguments: [
        ("<button type=\"submit\" class=\"btn\">Add to cart</button>", "in_stock"),
        ("<button class=\"btn sold-out\" disabled>Sold out</button>", "out_of_stock"),
        ("<button class=\"btn\">Notify me when available</button>", "out_of_stock"),
        ("<button class=\"btn\">Ausverkauft</button>", "out_of_stock"),
        ("<button class=\"btn\">Pre-order</button>", "pre_order"),
        ("<div class=\"size-picker\"><button>S - sold out</button><button>M</button></div><button>Add to bag</button>", "in_stock"),
        ("<input type=\"submit\" value=\"In den Warenkorb\">", "in_stock"),
        // Both rendered, one hidden by an inline style or a hiding class: the shown one counts.
        ("<button class=\"add-to-cart\">Add to cart</button><button class=\"sold-out\" style=\"display: none\">Sold out</button>", "in_stock"),
        ("<div style=\"display:none\"><button class=\"add-to-cart\">Add to cart</button></div><button class=\"sold-out\">Sold out</button>", "out_of_stock"),
        ("<button class=\"add-to-cart hidden\">Add to cart</button><button class=\"btn\">Notify me</button>", "out_of_stock"),
        ("<div class=\"availability\" style=\"visibility:hidden\">Currently unavailable</div><div id=\"availability\">In stock</div>", "in_stock"),
    ])
    func theBuyBoxButtonsTellTheStockWhenNoElementIsLabelledWithIt(buyBox: String, expected: String) throws {
        let draft = try TestSupport.draft(bare(buyBox))
        #expect(draft.availability?.rawValue == expected, "\(buyBox)")
    }

    @Test(arguments: [
        // A size must be picked before the button wakes up: that says nothing about stock.
        "<button class=\"add-to-bag\" disabled>Add to bag</button>",
        // Both buttons rendered and neither marked hidden (a script hides one): no guess.
        "<button class=\"add-to-cart\">Add to cart</button><button class=\"sold-out\">Sold out</button>",
        // Only a recommended product has a button.
        "",
    ])
    func buttonsThatSayNothingSureGiveNoStock(buyBox: String) throws {
        let draft = try TestSupport.draft(bare(buyBox))
        #expect(draft.availability == nil, "\(buyBox)")
    }

    @Test(arguments: [
        ("nicht vorrätig", "out_of_stock"), ("在庫なし", "out_of_stock"), ("판매중지", "out_of_stock"), ("판매중", "in_stock"),
        ("お取り寄せ", "back_order"), ("Disponible sur commande", "back_order"), ("Produto em falta", "out_of_stock"),
        ("已下架", "out_of_stock"), ("Nicht mehr verfügbar", "out_of_stock"), ("Back in stock soon", "out_of_stock"),
        ("Discontinued", "out_of_stock"), ("Low in stock", "limited"), ("Brak towaru", "out_of_stock"), ("库存紧张", "limited"),
        ("Usually ships within 2 to 3 days", "in_stock"), ("Solo 2 disponibili", "limited"), ("Slutsåld", "out_of_stock"),
        ("Finns i lager", "in_stock"), ("Stokta var", "in_stock"), ("Tükendi", "out_of_stock"),
        ("Sem stock", "out_of_stock"), ("Artigo fora de stock", "out_of_stock"), ("Vorbestellbar", "pre_order"),
        ("Skladem", "in_stock"), ("Není skladem", "out_of_stock"), ("Vyprodáno", "out_of_stock"),
        ("Varastossa", "in_stock"), ("Ei varastossa", "out_of_stock"),
        ("3 available", "in_stock"), ("More than 10 available", "in_stock"), ("1 available / 5 sold", "in_stock"),
        ("Last one", "limited"), ("Letzter Artikel", "limited"),
        ("Na stanie", "in_stock"), ("Brak na stanie", "out_of_stock"), ("Back soon", "out_of_stock"),
        ("В наличии", "in_stock"), ("Нет в наличии", "out_of_stock"),
    ])
    func moreStockWordsAreRead(words: String, expected: String) throws {
        let html = "<html><body><h1>Item</h1><span class=\"price\">€12.00</span><div class=\"stock-status\">\(words)</div></body></html>"
        let draft = try TestSupport.draft(html)
        #expect(draft.availability?.rawValue == expected, "\(words)")
    }

    @Test func aBareBuyBoxWhosePriceIsDrawnByScriptsIsStillOneProduct() throws {
        let html = """
            <html lang="en"><head><title>Canvas tote | Shop</title></head><body><h1>Canvas tote bag</h1>
            <div id="price-root"></div><p>SKU: CT-204</p><button class="add-to-cart">Add to cart</button></body></html>
            """
        let draft = try TestSupport.draft(html)
        #expect(draft.name == "Canvas tote bag")
        #expect(draft.price == nil)
        #expect(draft.sku == "CT-204")
        #expect(draft.availability == .inStock)
    }

    @Test func aReviewArticleWithABuyButtonIsStillNotAProduct() throws {
        let html = """
            <html><body><article><h1>Our favourite tote bags</h1><p>SKU: CT-204</p><button>Buy now</button></article></body></html>
            """
        #expect(throws: ImportError.self) { try TestSupport.draft(html) }
    }

    @Test func noCountOrACountOfNothingIsNoStockLine() {
        #expect(AvailabilityWords.countsAvailable("0 available") == false)
        #expect(AvailabilityWords.countsAvailable("available in 3 colours") == false)
        #expect(AvailabilityWords.countsAvailable("12 available") == true)
    }
}
