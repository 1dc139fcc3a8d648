import Foundation
import Testing
import ProductImport

@Suite struct ExtractorTests {
    @Test func jsonLDInAGraphWithReferencesIsResolved() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
          {"@type":"Brand","@id":"#brand","name":"Acme"},
          {"@type":"http://schema.org/Product","name":"Wool Coat","brand":{"@id":"#brand"},"offers":{"@id":"#offer"}},
          {"@type":"Offer","@id":"#offer","price":"250.00","priceCurrency":"EUR","availability":"https://schema.org/BackOrder"}]}</script>
        """)
        #expect(draft.name == "Wool Coat")
        #expect(draft.brand == "Acme")
        #expect(draft.price == 250)
        #expect(draft.availability == .backOrder)
        #expect(draft.sources[.price] == .jsonLD)
    }

    @Test func jsonLDTypesMatchWithoutCaseOrPrefix() throws {
        for type in [#""product""#, #""https://schema.org/Product""#, #"["Thing","schema:Product"]"#] {
            let draft = try TestSupport.draft(#"<script type="application/ld+json">{"@type":\#(type),"name":"Tee","image":"t.jpg"}</script>"#)
            #expect(draft.sources[.name] == .jsonLD)
        }
    }

    @Test func brandImageAndOfferShapesAreAllUnderstood() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@type":"Product","name":"Scarf","brand":[{"@type":"Organization","name":"Loom Co"}],
        "image":{"@type":"ImageObject","contentUrl":"//cdn.example/scarf.jpg","width":{"@type":"QuantitativeValue","value":1600}},
        "offers":[{"@type":"AggregateOffer","lowPrice":30,"highPrice":45,"priceCurrency":"gbp"}]}</script>
        """)
        #expect(draft.brand == "Loom Co")
        #expect(draft.images.map(\.absoluteString) == ["https://cdn.example/scarf.jpg"])
        #expect(draft.price == 30)
        #expect(draft.currency == "GBP")
    }

    @Test func microdataWithNestedItemsIsRead() throws {
        let draft = try TestSupport.draft("""
        <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Loafer</h1>
        <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Step</span></div>
        <img itemprop="image" src="/l.jpg"><link itemprop="url" href="/loafer">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="120"><meta itemprop="priceCurrency" content="USD"></div>
        <div itemscope itemtype="https://schema.org/Review"><span itemprop="name">Great shoe</span></div></div>
        """)
        #expect(draft.name == "Loafer")
        #expect(draft.brand == "Step")
        #expect(draft.price == 120)
        #expect(draft.images.map(\.absoluteString) == ["https://shop.example/l.jpg"])
        #expect(draft.sources[.name] == .microdata)
        #expect(draft.subcategory == "loafer")
    }

    @Test func openGraphAndProductMetaTagsMakeADraft() throws {
        let draft = try TestSupport.draft("""
        <meta property="og:type" content="product"><meta property="og:title" content="Canvas Tote">
        <meta property="og:image" content="/tote.jpg"><meta property="product:price:amount" content="29.90">
        <meta property="product:price:currency" content="EUR"><meta property="product:brand" content="Bag Co">
        """)
        #expect(draft.name == "Canvas Tote")
        #expect(draft.price == 29.9)
        #expect(draft.brand == "Bag Co")
        #expect(draft.sources[.name] == .meta)
        #expect(draft.subcategory == "bag")
    }

    @Test func nextDataProductsAreFoundGenerically() throws {
        let draft = try TestSupport.draft("""
        <script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"data":{"item":{"displayName":"Runner","brandName":"Fleet",
        "pricing":{"current":{"value":"89.95","currency":"EUR"}},"imageUrl":"/r.jpg","sku":"F1"}},
        "recommendedProducts":[{"name":"Other","price":5,"image":"/o.jpg","sku":"X","brand":"Y","description":"z"}]}}}</script>
        """)
        #expect(draft.name == "Runner")
        #expect(draft.brand == "Fleet")
        #expect(draft.price == 89.95)
        #expect(draft.currency == "EUR")
        #expect(draft.sources[.name] == .embedded)
    }

    @Test func shopifyProductJSONPricesAreInCents() throws {
        let draft = try TestSupport.draft("""
        <script type="application/json" id="ProductJson-main">{"title":"Rib Beanie","handle":"rib-beanie","vendor":"Knit Co","price":3500,
        "images":["//cdn.shop.example/beanie.jpg"],"options":["Colour"],"variants":[{"option1":"Rust","sku":"B1","price":3500}]}</script>
        """)
        #expect(draft.price == 35)
        #expect(draft.colors.map(\.name) == ["rust"])
        #expect(draft.sources[.colors] == .embedded)
    }

    @Test func nuxtStateFunctionsAreEvaluated() throws {
        let draft = try TestSupport.draft("""
        <script>window.__NUXT__=(function(a,b){return {data:[{product:{name:"Wrap Dress",price:a,images:[b],sku:"W1",brand:"Nx"}}]}}(59,"\\u002Fw.jpg"));</script>
        """)
        #expect(draft.name == "Wrap Dress")
        #expect(draft.price == 59)
        #expect(draft.images.map(\.absoluteString) == ["https://shop.example/w.jpg"])
    }

    @Test func thePageFillsNameAndLazyImagesWhenDataIsThin() throws {
        let draft = try TestSupport.draft("""
        <head><title>Ribbed Tank – Shop</title><meta property="og:type" content="product"></head>
        <body><header><img src="/logo.png"></header><div class="product-media">
        <img src="data:image/gif;base64,AAAA" data-srcset="/tank-400.jpg 400w, /tank-1200.jpg 1200w"></div><h1>Ribbed Tank</h1></body>
        """)
        #expect(draft.name == "Ribbed Tank")
        #expect(draft.images.map(\.absoluteString) == ["https://shop.example/tank-1200.jpg"])
        #expect(draft.sources[.name] == .page)
        #expect(draft.pattern == .texture)
    }

    @Test func imagesAreResolvedDedupedAndTheLargestLeads() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@type":"Product","name":"Tee","image":["/a_400x.jpg","https://shop.example/a_1600x.jpg","//cdn.example/b.jpg?width=2000"]}</script>
        """, url: "https://shop.example/products/tee")
        #expect(draft.images.map(\.absoluteString) == ["https://cdn.example/b.jpg?width=2000", "https://shop.example/a_1600x.jpg"])
    }

    @Test func theLinkedVariantColorComesFirst() throws {
        let draft = try TestSupport.draft("""
        <script type="application/ld+json">{"@type":"ProductGroup","name":"Tee","variesBy":"https://schema.org/color","hasVariant":[
        {"@type":"Product","color":"White","url":"https://shop.example/tee?c=white","offers":{"price":20,"priceCurrency":"EUR"}},
        {"@type":"Product","color":"Olive","url":"https://shop.example/tee?c=olive","sku":"T-OL"}]}</script>
        """, url: "https://shop.example/tee?c=olive")
        #expect(draft.colors.map(\.name) == ["olive", "white"])
        #expect(draft.sku == "T-OL")
        #expect(draft.price == 20)
    }

    @Test(arguments: [
        ("<title>Log in</title><form><input type=\"email\"><input type=\"password\"></form>", "login_required"),
        ("<title>Just a moment...</title><div id=\"cf-challenge-running\"></div>", "bot_wall"),
        ("<title>Blog</title><meta property=\"og:type\" content=\"article\"><h1>Ten outfits</h1>", "not_a_product"),
        ("", "not_a_product"),
    ])
    func pagesThatAreNotProductsGiveATypedError(html: String, code: String) {
        do {
            _ = try TestSupport.draft(html)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            #expect(!error.userMessage.isEmpty)
        }
    }

    @Test func bytesAreDecodedWithTheHeaderCharset() throws {
        let html = Array("<meta property=\"og:type\" content=\"product\"><meta property=\"og:title\" content=\"Pantal".utf8) + [0xF3] + Array("n\">".utf8)
        let draft = try TestSupport.extractor.extract(bytes: html, contentType: "text/html; charset=iso-8859-1", pageURL: URL(string: "https://shop.example/p/pantalon")!)
        #expect(draft.name == "Pantalón")
    }

    @Test func theJSONRenderingHasExactlyTheAgreedKeys() throws {
        let draft = try TestSupport.draft(#"<script type="application/ld+json">{"@type":"Product","name":"Navy wool blazer","image":"b.jpg"}</script>"#)
        let keys = Set(draft.json.object?.keys.map { $0 } ?? [])
        #expect(keys == ["name", "brand", "category", "goods", "subcategory", "fit", "formality", "warmth", "colors", "pattern", "material",
                         "price", "currency", "sku", "availability", "images", "description", "sizes", "sources"])
        #expect(draft.json["sources"]?["name"] == "json-ld")
        #expect(draft.json["colors"] == ["navy"])
    }
}
