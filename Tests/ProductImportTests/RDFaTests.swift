import Foundation
import ProductImport
import Testing

/// Product data written as RDFa: GoodRelations, as older shop systems print it, and schema.org's own terms.
@Suite struct RDFaTests {
    /// A GoodRelations offering in the shape PowerBoutique prints (dragees-massardier.fr): the price in a unit price
    /// specification under a hanging `rel`, the product under `gr:includesObject` → `gr:typeOfGood`. The visible
    /// page shows a name and a price but no reference.
    static let offering = """
        <html><head><title>Guimauve Croissant Marshmallow</title></head><body>
        <h1>Guimauve Croissant Marshmallow</h1><p class="prix">1,40 €</p><button>Ajouter au panier</button>
        <div xmlns:gr="http://purl.org/goodrelations/v1#" xmlns:foaf="http://xmlns.com/foaf/0.1/"
         about="https://shop.example/guimauve#offer_data" typeof="gr:Offering">
        <span rel="foaf:depiction" resource="https://shop.example/images/croissant_guimauve-3.jpg"></span>
        <span property="gr:name" content="Guimauve Croissant Marshmallow" xml:lang="fr-FR"></span>
        <span property="gr:hasStockKeepingUnit" content="DI152" datatype="xsd:string"></span>
        <div rel="gr:hasPriceSpecification">
         <div about="https://shop.example/guimauve#delivery" typeof="gr:DeliveryChargeSpecification">
          <span property="gr:hasCurrency" content="EUR"></span><span property="gr:hasCurrencyValue" content="6.9"></span></div>
         <div about="https://shop.example/guimauve#price_data" typeof="gr:UnitPriceSpecification">
          <span property="gr:hasCurrency" content="EUR" datatype="xsd:string"></span>
          <span property="gr:hasCurrencyValue" content="1.4" datatype="xsd:float"></span></div>
        </div>
        <div rel="gr:includesObject"><div typeof="gr:TypeAndQuantityNode">
         <div property="gr:amountOfThisGood" content="1.0"></div>
         <div rel="gr:typeOfGood"><div about="https://shop.example/guimauve#product_data" typeof="gr:SomeItems">
          <span property="gr:name" content="Guimauve Croissant Marshmallow"></span>
          <span property="gr:hasEAN_UCC-13" content="3760123450017"></span>
          <div rel="gr:hasBrand"><div typeof="gr:Brand"><span property="gr:name" content="Massardier"></span></div></div>
         </div></div>
        </div></div>
        </div></body></html>
        """

    @Test func aGoodRelationsOfferingGivesItsPriceReferenceAndMaker() throws {
        let draft = try TestSupport.draft(Self.offering, url: "https://shop.example/guimauve-croissant-marshmallow,fr,4,DI152.cfm")
        #expect(draft.sku == "DI152")
        #expect(draft.price == 1.4)
        #expect(draft.currency == "EUR")
        #expect(draft.brand == "Massardier")
        #expect(draft.name == "Guimauve Croissant Marshmallow")
        #expect(draft.sources[.sku] == .rdfa)
        #expect(draft.images.first?.absoluteString == "https://shop.example/images/croissant_guimauve-3.jpg")
    }

    @Test func aDeliveryChargeAloneIsNoPrice() throws {
        let page = Self.offering.replacingOccurrences(of: "typeof=\"gr:UnitPriceSpecification\"", with: "typeof=\"gr:PaymentChargeSpecification\"")
            .replacingOccurrences(of: "<p class=\"prix\">1,40 €</p>", with: "")
        let draft = try TestSupport.draft(page, url: "https://shop.example/guimauve-croissant-marshmallow,fr,4,DI152.cfm")
        #expect(draft.price == nil)
        #expect(draft.sku == "DI152")
    }

    /// schema.org in RDFa Lite: `vocab` on the item, bare property names, the offer as a nested item.
    @Test func schemaOrgInRDFaLiteIsReadLikeMicrodata() throws {
        let page = """
            <html><head><title>Linen Shirt – Shop</title></head><body>
            <div vocab="https://schema.org/" typeof="Product">
              <h1 property="name">Linen Shirt</h1>
              <span property="brand" typeof="Brand"><span property="name">Atelier Nord</span></span>
              <img property="image" src="/img/linen-shirt.jpg" alt="">
              <span property="sku">LN-204</span>
              <div property="offers" typeof="Offer">
                <span property="priceCurrency" content="EUR">€</span><span property="price" content="59.00">59,00</span>
                <link property="availability" href="https://schema.org/InStock">
              </div>
            </div></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://shop.example/products/linen-shirt")
        #expect(draft.name == "Linen Shirt")
        #expect(draft.brand == "Atelier Nord")
        #expect(draft.sku == "LN-204")
        #expect(draft.price == 59)
        #expect(draft.currency == "EUR")
        #expect(draft.availability == .inStock)
        #expect(draft.sources[.price] == .rdfa)
        #expect(draft.images.first?.absoluteString == "https://shop.example/img/linen-shirt.jpg")
    }

    /// A brand written on one element: `rel` names the new item, and the `property` beside it describes that item,
    /// not the product (a Dutch wholesaler's price table).
    @Test func aBrandOnOneElementIsTheBrandsNameNotTheProducts() throws {
        let page = """
            <html><head><title>Koffiebonen 1 kg</title></head><body><table><tr typeof="schema:Product">
            <td><span rel="schema:brand" typeof="schema:Brand" property="schema:name" content="Brandt"></span></td>
            <td property="schema:name">Koffiebonen 1 kg</td><td property="schema:sku">KB-1000</td>
            <td rel="schema:offers"><span typeof="schema:Offer"><meta property="schema:priceCurrency" content="EUR">
            <span property="schema:price" content="12.95">€ 12,95</span></span></td></tr></table></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://shop.example/koffiebonen")
        #expect(draft.name == "Koffiebonen 1 kg")
        #expect(draft.brand == "Brandt")
        #expect(draft.sku == "KB-1000")
        #expect(draft.price == 12.95)
    }

    /// RDFa Lite pages often type the whole body as a WebPage; a Product inside it that no property names is an
    /// item of its own.
    @Test func aProductInsideATypedPageIsStillRead() throws {
        let page = """
            <html><head><title>Linen Shirt</title></head><body vocab="http://schema.org/" typeof="WebPage">
            <span property="name">Linen Shirt | Shop</span>
            <div typeof="Product"><h1 property="name">Linen Shirt</h1><span property="sku">LN-204</span>
            <div property="offers" typeof="Offer"><meta property="priceCurrency" content="EUR"><span property="price" content="59.00">59,00 €</span></div>
            </div></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://shop.example/products/linen-shirt")
        #expect(draft.sku == "LN-204")
        #expect(draft.price == 59)
        #expect(draft.sources[.sku] == .rdfa)
    }

    /// Drupal marks every article `typeof="sioc:Item foaf:Document"`: no product, so nothing is taken from it.
    @Test func anArticleInRDFaIsNoProduct() {
        let page = """
            <html><head><title>Our summer news</title></head><body>
            <div typeof="sioc:Item foaf:Document"><h2 property="dc:title">Our summer news</h2>
            <div property="content:encoded"><p>We are open all August.</p></div></div></body></html>
            """
        #expect(throws: ImportError.self) { try TestSupport.draft(page, url: "https://shop.example/news/summer") }
    }
}

/// Hostile RDFa: repeated properties and items nested deeper than the reader follows.
@Suite struct HostileRDFaTests {
    @Test func aPropertyRepeatedThousandsOfTimesKeepsTheFirstValues() throws {
        let repeated = String(repeating: #"<span property="gr:name" content="Other"></span>"#, count: 20_000)
        let page = RDFaTests.offering.replacingOccurrences(
            of: #"<span property="gr:hasStockKeepingUnit" content="DI152" datatype="xsd:string"></span>"#,
            with: #"<span property="gr:hasStockKeepingUnit" content="DI152" datatype="xsd:string"></span>"# + repeated)
        let draft = try TestSupport.draft(page, url: "https://shop.example/guimauve-croissant-marshmallow,fr,4,DI152.cfm")
        #expect(draft.sku == "DI152")
        #expect(draft.price == 1.4)
    }

    @Test func itemsNestedDeeperThanEightLevelsAreLeftOut() throws {
        let depth = 300
        let open = String(repeating: #"<div property="isRelatedTo" typeof="Product"><span property="name">Deep</span>"#, count: depth)
        let page = """
            <html><head><title>Linen Shirt</title></head><body>
            <div vocab="https://schema.org/" typeof="Product"><h1 property="name">Linen Shirt</h1>
            <div property="offers" typeof="Offer"><span property="price" content="59.00">59,00 €</span>
            <meta property="priceCurrency" content="EUR"></div>\(open)\(String(repeating: "</div>", count: depth))</div></body></html>
            """
        let draft = try TestSupport.draft(page, url: "https://shop.example/products/linen-shirt")
        #expect(draft.name == "Linen Shirt")
        #expect(draft.price == 59)
    }
}
