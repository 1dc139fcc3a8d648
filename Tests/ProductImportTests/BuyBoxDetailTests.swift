import Foundation
import ProductImport
import Testing

/// Buy-box details of older shop layouts: cents drawn apart from the whole part, a stock-labelled block around
/// the size picker, an add-to-cart that waits for a size, a size list under its prompt, a breadcrumb of bare
/// links, and a title's hidden prefix.
@Suite struct BuyBoxDetailTests {
    private func page(_ body: String, title: String = "Textured shift dress") -> String {
        "<!doctype html><html lang=\"en\"><head><title>\(title)</title></head><body><h1>\(title)</h1>\(body)</body></html>"
    }

    @Test func centsDrawnApartFromTheWholePartArePartOfThePrice() throws {
        let html = page("""
            <div class="precioProducto"><span itemprop="price"><span class="strikethrough">$</span><span class="strikethrough">79.</span>
            <span class="strikethrough">99</span><span class="ficha_precio_venta_entero">$</span><span class="ficha_precio_venta_entero">39.</span>
            <span class="ficha_precio_venta_decimal">99</span></span></div><button>Add to bag</button>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.price == 39.99)
        #expect(draft.currency == "USD")
    }

    @Test func aStockLabelledBlockAroundTheSizePickerIsNotReadAsAStockLine() throws {
        let html = page("""
            <div class="productPage__actionContainer stock_true"><select class="size-selector" name="size"><option value="0">Choose your size</option>
            <option value="19">2</option><option value="20">4</option><option value="22">8 - Not available</option></select>
            <button class="button-addCart" type="button">Add to bag</button></div><span class="price">$39.99</span>
            """)
        let draft = try TestSupport.draft(html)
        #expect(draft.availability == .inStock)
        #expect(draft.sizes == ["2", "4", "8"])
    }

    @Test(arguments: [("please Select a Size first", Availability.inStock), ("Sold out – select another colour", nil)])
    func aDisabledAddToCartThatWaitsForASizeMeansInStock(title: String, availability: Availability?) throws {
        let html = page("""
            <span class="price">$39.90</span><button id="add-to-cart" type="button" title="\(title)" class="add-to-cart add-to-cart-disabled">Add to Bag</button>
            """, title: "Women Extra Fine Merino Crew Neck Cardigan")
        #expect(try TestSupport.draft(html).availability == availability, "\(title)")
    }

    @Test(arguments: [("Please Select a Size", Availability.inStock), ("Sold out", nil)])
    func aDisabledAddToBagLinkWhoseTooltipWaitsForASizeMeansInStock(hover: String, availability: Availability?) throws {
        let html = page("""
            <span class="price">$39.90</span><a href="javascript:verifyFields('');" id="addToCart" title="Add To Shopping Bag"
            class="css-button primary disabled" data-hover="\(hover)">Add To Shopping Bag</a>
            """, title: "Cable-Knit Cashmere Sweater")
        #expect(try TestSupport.draft(html).availability == availability, "\(hover)")
    }

    @Test(arguments: [("Choose size", Availability.inStock), ("Size guide", nil)])
    func aDisabledAddToBagRightAfterASizePromptMeansInStock(prompt: String, availability: Availability?) throws {
        // Weekday's and COS's templates: the add-to-bag is enabled by a script once a size is picked.
        let html = page("""
            <span class="price">€49</span><div class="product-form"><div id="sizesDropdown" class="m-dropdown">
            <button type="button" id="selectSizeLabel" class="a-button-nostyle placeholder">\(prompt)</button><ul class="options"></ul></div>
            <button id="addToBagButton" type="submit" class="a-button add-to-bag is-disabled"><span>Add to bag</span></button></div>
            """, title: "Spit Velvet Shirt")
        #expect(try TestSupport.draft(html).availability == availability, "\(prompt)")
    }

    @Test func aDisabledAddToBagRightAfterTheSizePickersChoicesMeansInStock() throws {
        let html = page("""
            <span class="price">€35</span><div class="product-form"><div class="size-picker">
            <button type="button" class="size-options" id="size_1">S</button><button type="button" class="size-options" id="size_2">M</button>
            <button type="button" class="size-options" id="size_3">L</button></div>
            <button id="addToBagButton" type="submit" class="a-button is-primary is-disabled"><span>ADD TO BAG</span></button></div>
            """, title: "Ribbed Long-Sleeved T-Shirt")
        let draft = try TestSupport.draft(html)
        #expect(draft.sizes == ["S", "M", "L"])
        #expect(draft.availability == .inStock)
    }

    @Test(arguments: [
        ("<div class=\"productATP\"><div class=\"atp atp--show\">IN STOCK</div></div>", Availability.inStock),
        ("<p>Sofort lieferbar</p>", Availability.inStock),
        ("<div class=\"notice\">Currently unavailable</div>", Availability.outOfStock),
        // A sentence that mentions stock, a hidden line and another product's tile say nothing.
        ("<p>Free returns on all items that are in stock</p>", nil),
        ("<div hidden>Out of stock</div>", nil),
        ("<h2>You may also like</h2><div class=\"tile\"><span>Sold out</span></div>", nil),
    ] as [(String, Availability?)])
    func aShortStockLineUnderTheNameStatesTheStock(line: String, availability: Availability?) throws {
        let html = page("<span class=\"price\">$499.00</span><p>Item #: 737251-1710</p><a href=\"/cart?add=wms_4\">Buy</a>\(line)", title: "Wave Music System IV")
        #expect(try TestSupport.draft(html).availability == availability, "\(line)")
    }

    @Test func aSizeListUnderItsPromptIsTheSizePickerEvenWhenItsValuesAreAddresses() throws {
        let html = page("""
            <span class="price">$39.90</span><div class="nice-select variation-select"><span class="current">Select Size</span><ul class="list">
            <li data-value="https://shop.example/Product-Variation?pid=400438&amp;size=SMA002" class="option">XS</li>
            <li data-value="https://shop.example/Product-Variation?pid=400438&amp;size=SMA003" class="option">S</li>
            <li data-value="https://shop.example/Product-Variation?pid=400438&amp;size=SMA004" class="option">M</li></ul></div>
            <button type="submit" class="add-to-cart">Add to Bag</button>
            """, title: "Women Extra Fine Merino Crew Neck Cardigan")
        #expect(try TestSupport.draft(html).sizes == ["XS", "S", "M"])
    }

    @Test func aBreadcrumbOfBareLinksInADivGivesTheCategory() throws {
        let html = page("""
            <div id="breadcrumbs"><a id="browse" href="#">« Back</a> | <a href="/search/zc1/Shoes">Shoes</a>
            › <a href="/search/zc1/Shoes/zc2/Sneakers">Sneakers &amp; Athletic Shoes</a> › <a href="/skechers">SKECHERS</a></div>
            <span class="price nowPrice">$75.00</span><button>Add to Cart</button>
            """, title: "Prima - Leather Laces")
        let draft = try TestSupport.draft(html)
        #expect(draft.category == .shoes)
    }

    @Test func anEbayTitlesHiddenPrefixIsNotPartOfTheName() throws {
        let html = """
            <html lang="en"><head><title>Electric Full Body Shiatsu Massage Chair Recliner 06C | eBay</title></head><body>
            <h1 class="it-ttl" itemprop="name" id="itemTitle"><span class="g-hdn">Details about  &nbsp;</span>Electric Full Body Shiatsu Massage Chair Recliner 06C</h1>
            <span class="notranslate" id="prcIsum" itemprop="price" content="649.99">US $649.99</span><a id="binBtn_btn" class="btn btn-prim" href="#">Buy It Now</a></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.ebay.com/itm/Electric-Full-Body-Shiatsu-Massage-Chair/390985762669")
        #expect(draft.name == "Electric Full Body Shiatsu Massage Chair Recliner 06C")
        // "Full Body" is no bodysuit: the chair is the thing sold.
        #expect(draft.category == nil)
        #expect(draft.goods != nil)
        #expect(draft.price == 649.99)
    }

    @Test func aSizeRadioThatCarriesTheOptionsNumberIsNamedByItsLabel() throws {
        // Shopware 6: the input's value is the option's id, the label says the size.
        let html = page("""
            <span class="price">49,95 €</span><div class="product-detail-configurator-group"><div class="product-detail-configurator-group-title">Größe</div>
            <div class="product-detail-configurator-options">
            <div class="product-detail-configurator-option"><input type="radio" name="8a2c" value="11" id="8a2c-11"><label title="S" for="8a2c-11">S</label></div>
            <div class="product-detail-configurator-option"><input type="radio" name="8a2c" value="12" id="8a2c-12"><label for="8a2c-12">M</label></div>
            <div class="product-detail-configurator-option"><input type="radio" name="8a2c" value="13" id="8a2c-13"><label for="8a2c-13">42<span class="visually-hidden">Variante ausverkauft</span></label></div>
            </div></div><button>In den Warenkorb</button>
            """, title: "Leinenhemd Regular Fit")
        #expect(try TestSupport.draft(html, url: "https://shop.example/leinenhemd/NM-4711").sizes == ["S", "M", "42"])
    }

    @Test(arguments: ["price price--non-sale", "price"])
    func aPriceTheParentCallsOldIsNotThePriceToPay(wasClass: String) throws {
        // BigCommerce's Cornerstone theme: "Was:" sits in the block, the amount in its own span.
        let html = page("""
            <div class="productView-price"><div class="price-section non-sale-price--withoutTax">Was: <span class="\(wasClass)">$120.00</span></div>
            <div class="price-section price-section--withoutTax"><span class="price-now-label" hidden>Now:</span><span class="price price--withoutTax">$109.00</span></div></div>
            <input id="form-action-addToCart" class="button button--primary" type="submit" value="Add to Cart">
            """, title: "Orbit Terrarium - Large")
        #expect(try TestSupport.draft(html).price == 109)
    }

    @Test func theChosenVariantsSkuInTheCartFormIsTheIdentifier() throws {
        let html = page("""
            <span class="price">$59.00</span><form action="/cart/add" method="post"><select name="id" id="product-select">
            <option selected="selected" data-sku="HB002-BU" value="27401614339">Free size / Blue - $59.00 USD</option></select>
            <button type="submit" name="add">Add to Cart</button></form>
            """, title: "Cotton Linen Dress Robe")
        #expect(try TestSupport.draft(html, url: "https://www.shop.example/products/cotton-linen-robe").sku == "HB002-BU")
    }

    @Test(arguments: [("El precio original era", "El precio actual es"), ("Original price was", "Current price is"),
                      ("Ursprünglicher Preis war", "Aktueller Preis ist")])
    func wooCommercesSalePriceIsReadWithItsScreenReaderLines(original: String, current: String) throws {
        // Every WooCommerce amount holds a labelled currency symbol; the old and the new price each get a line for screen readers.
        let amount = { (value: String) in
            "<span class=\"woocommerce-Price-amount amount\"><bdi>\(value)&nbsp;<span class=\"woocommerce-Price-currencySymbol\">&euro;</span></bdi></span>"
        }
        let html = page("""
            <p class="price"><del aria-hidden="true">\(amount("45,00"))</del> <span class="screen-reader-text">\(original): 45,00&nbsp;&euro;.</span>
            <ins aria-hidden="true">\(amount("39,00"))</ins><span class="screen-reader-text">\(current): 39,00&nbsp;&euro;.</span></p>
            <p class="stock in-stock">Hay existencias</p><button type="submit" name="add-to-cart" value="42" class="single_add_to_cart_button button alt">Añadir al carrito</button>
            """, title: "Sudadera con capucha")
        let draft = try TestSupport.draft(html, url: "https://tiendalana.example/producto/sudadera-con-capucha/")
        #expect(draft.price == 39, "\(original)")
        #expect(draft.currency == "EUR")
    }

    /// Shopify Dawn's size radios: every label carries the screen-reader line, the input's class says which is gone.
    private func dawnSizes(disabled: Set<String>, spokenIn: Set<String>? = nil) -> String {
        let radios = ["S", "M", "L"].enumerated().map { index, size in
            let line = (spokenIn ?? ["S", "M", "L"]).contains(size)
                ? "<span class=\"visually-hidden label-unavailable\">Variant sold out or unavailable</span>" : ""
            return "<input type=\"radio\" id=\"size-\(index)\" name=\"Size\" value=\"\(size)\"\(disabled.contains(size) ? " class=\"disabled\"" : "")>"
                + "<label for=\"size-\(index)\">\(size)\(line)</label>"
        }.joined()
        return page("""
            <span class="price-item price-item--sale">$39.00 USD</span><fieldset class="product-form__input"><legend class="form__label">Size</legend>\(radios)</fieldset>
            <form method="post" action="/cart/add"><button type="submit" name="add" class="product-form__submit button">Add to cart</button></form>
            """, title: "Linen Camp Shirt")
    }

    @Test func aScreenReaderLineEverySizeCarriesIsATemplateNotAState() throws {
        #expect(try TestSupport.draft(dawnSizes(disabled: ["L"])).availability == .inStock)
        #expect(try TestSupport.draft(dawnSizes(disabled: [])).availability == .inStock)
        // Every input marked: nothing left to add, whatever the button says.
        #expect(try TestSupport.draft(dawnSizes(disabled: ["S", "M", "L"])).availability == .outOfStock)
        // Themes that write the line only into sold-out sizes still mark them: some sizes left is in stock.
        #expect(try TestSupport.draft(dawnSizes(disabled: [], spokenIn: ["S", "M"])).availability == .inStock)
        #expect(try TestSupport.draft(dawnSizes(disabled: [], spokenIn: ["S", "M"])).sizes == ["S", "M", "L"])
    }

    @Test func aSiteRulesPriceElementGivesItsContentWhenItsTextIsSplit() throws {
        let html = """
            <html lang="en"><head><title>Evenflo Big Kid AMP Booster Car Seat - Walmart.com</title></head><body>
            <h1 class="prod-ProductTitle" itemprop="name">Evenflo Big Kid AMP Booster Car Seat</h1>
            <span class="Price-group" aria-label="$37.30"><span class="Price-currency" itemprop="priceCurrency" content="USD">$</span>
            <span aria-hidden="true" class="Price-characteristic" itemprop="price" content="37.30">37</span><span aria-hidden="true" class="Price-mark">.</span>
            <span aria-hidden="true" class="Price-mantissa">30</span></span><button class="prod-ProductCTA--primary button">Add to Cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.walmart.com/ip/Evenflo-Big-Kid-AMP-Booster-Car-Seat/42338107")
        #expect(draft.price == 37.30)
    }

    @Test func aBrandLinkThatShowsOnlyALogoNamesTheBrandInItsAddress() throws {
        let html = """
            <html lang="en"><head><title>Amazon.com | AmazonBasics 360-Piece Clear Plastic Cutlery Set</title></head><body>
            <div id="bylineInfo_feature_div"><a id="brand" class="a-link-normal" href="/AmazonBasics/b/ref=w_bl_hsx?ie=UTF8&amp;node=2528919011&amp;field-lbr_brands_browse-bin=AmazonBasics">
            <img alt="" src="https://images-na.ssl-images-amazon.com/images/G/01/x-locale/brands/byline-logo.png"></a></div>
            <h1 id="title"><span id="productTitle">AmazonBasics 360-Piece Clear Plastic Cutlery Set</span></h1>
            <span id="priceblock_ourprice" class="a-size-medium a-color-price">$18.99</span><input id="add-to-cart-button" type="submit" value="Add to Cart"></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.amazon.com/AmazonBasics-360-Piece-Clear-Plastic-Cutlery/dp/B010RLC7P2")
        #expect(draft.brand == "AmazonBasics")
        #expect(draft.goods != nil)
    }

    @Test func aBrandWhoseTemplateLeftTheVendorEmptyIsNoBrand() throws {
        let html = """
            <html lang="en"><head><title>Daisy Metal Banner | Acme Home</title><meta property="og:type" content="product">
            <meta property="og:title" content="Daisy Metal Banner"><meta property="product:brand" content=" | Acme Home">
            <meta property="product:price:amount" content="29.00"><meta property="product:price:currency" content="USD"></head>
            <body><h1>Daisy Metal Banner</h1><button>Add to Cart</button></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://www.shop.example/shop/daisy-metal-banner")
        #expect(draft.brand == nil)
        #expect(draft.goods == "home decor")
    }
}
