import Foundation
import ProductImport
import Testing

/// House styles of single shops that generic reading meets elsewhere too: a buy box in an `aside`, a line logo
/// naming an age range, a stock banner drawn by scripts, a brand only the host or the name's first word gives,
/// a subtitle under the name, a style number, an Etsy listing number.
@Suite struct ShopHouseStyleTests {
    private func page(_ body: String, title: String, head: String = "") -> String {
        "<!doctype html><html lang=\"en\"><head><title>\(title)</title>\(head)</head><body>\(body)</body></html>"
    }

    @Test func aBuyBoxInAnAsideMarkedAsTheProductsIsRead() throws {
        let html = page("""
            <section class="book-item" id="productDetail"><h1 itemprop="name">Astrophysics for People in a Hurry</h1>
            <aside id="prodInfoContainer"><span class="price">$11.37</span><form class="pdp-form"><input type="submit" value="Add to Bag" class="btn-addtocart"></form></aside></section>
            <aside class="sidebar"><a class="btn" href="/cart">Add to Bag</a></aside>
            """, title: "Astrophysics for People in a Hurry by Neil deGrasse Tyson, Hardcover | Barnes & Noble")
        let draft = try TestSupport.draft(html, url: "https://www.barnesandnoble.com/w/astrophysics-for-people-in-a-hurry/1125419184")
        #expect(draft.availability == .inStock)
        #expect(draft.price == 11.37)
    }

    @Test func aLineLogoThatNamesAnAgeRangeIsNoBrandAndTheShopsDomainIs() throws {
        let html = page("""
            <div class="prod-brand-logo"><img src="/graphics/category_images/polo_productbrand_1000006.gif" alt="Boys 2-7"></div>
            <h1 class="prod-title">Cable-Knit Cashmere Sweater</h1><span class="prod-price">$165.00</span>
            <div id="mt-outOfStockBanner" class="stock-banner">We're sorry, this item is no longer available for waitlist.</div>
            <a href="#" id="addToCart" class="css-button primary">Add To Shopping Bag</a>
            """, title: "Cable-Knit Cashmere Sweater - Boys 2-7 - RalphLauren.com")
        let draft = try TestSupport.draft(html, url: "http://www.ralphlauren.com/product/index.jsp?productId=129356156")
        #expect(draft.brand == "Ralph Lauren")
        // The banner is the sold-out state's message, shown by scripts; the live button says in stock.
        #expect(draft.availability == .inStock)
    }

    @Test func aNameThatStartsWithTheShopsOwnNameOnItsHostGivesTheBrandAndItsSubtitleTheKind() throws {
        let html = page("""
            <div class="exp-product-header"><h1 class="exp-product-title">Nike Auralux Solid Club</h1>
            <h2 class="exp-product-subtitle">Training Bag</h2><span class="exp-pdp-local-price">$75</span></div>
            <span class="exp-style-color">Style: BA5208-010</span><button class="add-to-cart-btn">Add to Cart</button>
            """, title: "Nike Auralux Solid Club Training Bag")
        let draft = try TestSupport.draft(html, url: "https://store.nike.com/us/en_us/pd/auralux-solid-club-training-bag/pid-11071203")
        #expect(draft.name == "Nike Auralux Solid Club Training Bag")
        #expect(draft.brand == "Nike")
        #expect(draft.category == .accessory)
        #expect(draft.sku == "BA5208-010")
        // Elsewhere a name's first word is no brand, unless it is a well-known maker's (`KnownBrandsTests`).
        let elsewhere = try TestSupport.draft(html.replacingOccurrences(of: "Nike", with: "Nyke"), url: "https://www.sportshop.example/p/auralux")
        #expect(elsewhere.brand == nil)
    }

    @Test func anEtsyListingsNumberIsItsIdentifier() throws {
        let html = page("""
            <h1 data-buy-box-listing-title="true">Happy Soba graphic toddler baby kid tee</h1><span id="listing-price">$28.50+</span>
            <button type="submit" class="btn-buy-box">Add to cart</button>
            """, title: "Happy Soba graphic toddler baby kid tee | Etsy")
        let draft = try TestSupport.draft(html, url: "https://www.etsy.com/listing/252423036/happy-soba-graphic-toddler-baby-kid-tee")
        #expect(draft.sku == "252423036")
    }

    @Test func aSoldOutHintSaysSoldOutAndAControlHiddenByItsClassSaysNothing() throws {
        let soldOut = page("""
            <h1>Funny Eye Stickers</h1><div class="soldout-hint"><span class="soldout-hinticon"></span>Sorry, this product is no longer available!</div>
            <span class="price">US $38.17</span>
            """, title: "Funny Eye Stickers")
        let draft = try TestSupport.draft(soldOut, url: "https://www.dhgate.com/product/funny-eye-stickers-creative-eyes-sticker/120629211.html")
        #expect(draft.availability == .outOfStock)
        #expect(draft.sku == "120629211")
        #expect(draft.brand == nil)
        // Cafe24 hides the sold-out button with a class until a script shows it.
        let live = page("""
            <h1 class="-font-ns">HEART CLUB<br>Heart Button Knit Cardigan</h1><span class="price">$43.80</span>
            <a href="#none" class="displaynone -soldout">SOLD OUT</a><a href="#none" class="btn -addcart" onclick="product_submit(2, '/exec/front/order/basket/', this)">ADD TO CART</a>
            """, title: "HEART CLUB Heart Button Knit Cardigan | mixxmix")
        #expect(try TestSupport.draft(live, url: "https://mixxmix.us/product/detail.html?product_no=40172").availability == .inStock)
    }

    @Test func aSiteNameWithItsCountryAndAnArticleCodeClosingTheAddressAreRead() throws {
        let html = page("""
            <h1 itemprop="name">Wanderlust Festival Poncho</h1><span class="sale-price" itemprop="price" data-sale-price="100.00">$100</span>
            <div class="paired-article-tile"><div class="paired-article-name">Wanderflex Iconic Tights</div><span class="paired-article-soldout">Sold out</span></div>
            <button type="submit" class="add-to-bag btn">Add to bag</button>
            """, title: "adidas Wanderlust Festival Poncho - Grey | adidas US",
            head: "<meta property=\"og:site_name\" content=\"adidas United States\">")
        let draft = try TestSupport.draft(html, url: "https://www.adidas.com/us/wanderlust-festival-poncho/CE5145.html")
        #expect(draft.brand == "adidas")
        #expect(draft.sku == "CE5145")
        // The "complete the look" tile's "Sold out" is another product's.
        #expect(draft.availability == .inStock)
    }

    @Test func aProductItemMarkedAsAPropertyWithNoItemAroundItIsStillTheProduct() throws {
        let html = page("""
            <div id="pdpProductContainer" itemprop="product" itemscope="" itemtype="http://www.schema.org/Product">
            <h1 class="section-headline" itemprop="name">Men's Columbia Golf Black Stanford Cardinal Quarter-Zip Pullover Jacket</h1>
            <meta itemprop="brand" content="Columbia Golf">
            <span itemprop="offers" itemscope="" itemtype="http://www.schema.org/Offer"><span itemprop="price" content="69.99">$69.99</span>
            <meta itemprop="priceCurrency" content="USD"></span>
            <a href="/HelpDesk/Sizing_Chart?sizeChartNavState=/league/College/brand/Columbia Golf/genderagegroup/Mens" title="Size Chart">Size Chart</a>
            </div><button>Add to Cart</button>
            """, title: "Men's Columbia Golf Black Stanford Cardinal Quarter-Zip Pullover Jacket | Official Stanford Athletics Shop",
            head: "<meta property=\"og:site_name\" content=\"Stanford Athletics Official Online Store\">")
        let draft = try TestSupport.draft(html, url: "https://www.shopstanford.example/stanford-cardinal/mens-jacket/t-1234+p-5678")
        #expect(draft.brand == "Columbia Golf")
        #expect(draft.sources[.brand] == .microdata)
        #expect(draft.price == 69.99)
    }

    @Test func aTranslationKeyInPlaceOfTheNameIsNoName() throws {
        let html = page("""
            <div itemscope itemtype="http://schema.org/Product"><meta itemprop="name" content="productname_wms_4">
            <h1 class="bose-title bose-title--product">Wave® music system IV</h1>
            <span itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" content="499.95"><meta itemprop="priceCurrency" content="USD"></span></div>
            <button>Add to cart</button>
            """, title: "Wave® music system IV")
        let draft = try TestSupport.draft(html, url: "https://www.bose.example/en_us/products/speakers/wave_music_system_iv.html")
        #expect(draft.name == "Wave® music system IV")
    }

    @Test func aCurrencyTheAnalyticsLayerNamesBesideTheProductIsItsCurrency() throws {
        let html = page("""
            <script>var dataLayer={"ecommerce":{"currency":"USD"},"products":[{"sku":"30399048","name":"tiffany novo ring in platinum",
            "price":"34300.00","stockStatus":"in stock","brand":"Tiffany & Co."}]};</script>
            <h1>Tiffany Novo® Ring</h1><div id="itemPrice"><div>$34,300</div></div><button>Add to Shopping Bag</button>
            """, title: "Tiffany Novo® Ring | Tiffany & Co.")
        let draft = try TestSupport.draft(html, url: "https://www.tiffany.com/jewelry/rings/tiffany-novo-ring-30399048")
        #expect(draft.price == 34300)
        #expect(draft.currency == "USD")
    }

    @Test func theNumberAfterProductInTheAddressIsTheIdentifierAndAnEnglishGonnaNoSkirt() throws {
        let html = page("""
            <h1>Tulip Hem Long Sleeve Knit Top</h1><span class="price">$39.98</span><button>Add to Cart</button>
            """, title: "Tulip Hem Long Sleeve Knit Top",
            head: "<meta name=\"description\" content=\"Slap one on. You know you're gonna need all six!\">")
        let draft = try TestSupport.draft(html, url: "http://www.qvc.com/Lisa-Rinna-Collection-Tulip-Hem-Long-Sleeve-Knit-Top.product.A294466.html")
        #expect(draft.sku == "A294466")
        #expect(draft.subcategory == "top")
        let kit = try TestSupport.draft(page("<h1>Emergency Mustache Kit</h1><span class=\"price\">$4.99</span><button>Add to Cart</button>",
            title: "Emergency Mustache Kit", head: "<meta name=\"description\" content=\"Slap one on. You know you're gonna need all six!\">"),
            url: "https://www.stupid.example/emergency-mustache-kit.html")
        #expect(kit.category == nil)
    }

    @Test func anInstallmentLineAndARegularPriceWithoutASaleAreReadRight() throws {
        // Magento 1: `regular-price` is the price when nothing is on sale; Affirm's line is a monthly payment.
        let html = page("""
            <h1>SKINMESH</h1><div class="price-box"><span itemprop="price" class="regular-price" id="product-price-33219"><span class="price">$125.00</span></span></div>
            <a class="affirm-as-low-as" data-amount="12500">Starting at <span class="affirm-ala-price">$11</span>/month with Affirm.</a>
            <button type="button" title="Add to Cart" class="button btn-cart">Add to Cart</button>
            """, title: "SKINMESH")
        #expect(try TestSupport.draft(html, url: "http://shop.swatch.example/en_us/skinmesh-svom100m").price == 125)
    }
}
