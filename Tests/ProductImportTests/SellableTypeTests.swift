import Foundation
import ProductImport
import Testing

/// Pages that sell something schema.org does not call a Product: a ticket shop's Event, a bookshop's Book.
@Suite struct SellableTypeTests {
    @Test func aTicketShopsEventWithOffersImportsAsTicketsNotClothing() throws {
        let html = """
            <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"MusicEvent","name":"Aurora – Nordic Lights Tour",
            "startDate":"2026-05-12T20:00","location":{"@type":"Place","name":"Tempodrom"},"image":"https://tickets.example/aurora.jpg",
            "offers":{"@type":"AggregateOffer","lowPrice":"49.90","highPrice":"89.90","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script></head>
            <body><h1>Aurora – Nordic Lights Tour</h1></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://tickets.example/event/aurora-berlin")
        #expect(draft.name == "Aurora – Nordic Lights Tour")
        #expect(draft.price == 49.9)
        #expect(draft.currency == "EUR")
        #expect(draft.availability == .inStock)
        #expect(draft.goods == "ticket")
        #expect(draft.category == nil)
    }

    @Test func aBookWithAnOfferIsAProduct() throws {
        let html = """
            <script type="application/ld+json">{"@type":"Book","name":"Der Zauberberg","isbn":"9783596294336","author":{"@type":"Person","name":"Thomas Mann"},
            "offers":{"@type":"Offer","price":"14.00","priceCurrency":"EUR"}}</script><h1>Der Zauberberg</h1>
            """
        let draft = try TestSupport.draft(html, url: "https://books.example.de/p/der-zauberberg")
        #expect(draft.name == "Der Zauberberg")
        #expect(draft.price == 14)
    }

    @Test func aBookWhoseOfferSitsInItsEditionsReadActionIsABookForSale() throws {
        // Google's book-actions markup, as a Taiwanese bookshop writes it: the offer is the
        // edition's ReadAction's `expectsAcceptanceOf`, the editions nested twice, the sku an address.
        let html = """
            <head><script type="application/ld+json">{"@context":"http://schema.org/","@type":"Book","@id":"https://books.example.tw/products/0010947886",
            "sku":"https://books.example.tw/products/0010947886","name":"阿拉伯人三千年","image":"https://books.example.tw/img/0010947886.jpg",
            "workExample":{"workExample":{"@type":"Book","isbn":"9786263152236","bookFormat":"http://schema.org/Paperback",
            "potentialAction":{"@type":"ReadAction","target":{"@type":"EntryPoint","urlTemplate":"https://books.example.tw/products/0010947886"},
            "expectsAcceptanceOf":{"@type":"Offer","priceCurrency":"TWD","price":829,"availability":"http://schema.org/InStock"}}}}}</script></head>
            <body><h1>阿拉伯人三千年</h1><ul class="price"><li>定價：<em>1050</em>元</li><li>優惠價：<b>829</b>元</li></ul></body>
            """
        let draft = try TestSupport.draft(html, url: "https://books.example.tw/products/0010947886")
        #expect(draft.price == 829)
        #expect(draft.currency == "TWD")
        #expect(draft.availability == .inStock)
        #expect(draft.sku == "0010947886")
        #expect(draft.goods == "book")
        #expect(draft.category == nil)
    }

    @Test func aBookTitledLikeAGarmentIsStillABook() throws {
        let html = """
            <script type="application/ld+json">{"@type":"Book","name":"The Red Dress","offers":{"@type":"Offer","price":"9.99","priceCurrency":"GBP"}}</script><h1>The Red Dress</h1>
            """
        let draft = try TestSupport.draft(html, url: "https://books.example.co.uk/p/the-red-dress")
        #expect(draft.goods == "book")
        #expect(draft.category == nil)
    }

    @Test func anEventWithoutOffersIsNotAProduct() {
        let html = """
            <script type="application/ld+json">{"@type":"Event","name":"Open day","startDate":"2026-05-12"}</script><h1>Open day</h1><p>Come and see us.</p>
            """
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://shop.example/news/open-day") }
    }

    @Test func aConcertWhoseTicketsAreNotOnSaleYetIsStillATicket() throws {
        let html = """
            <head><meta property="og:site_name" content="Songkick"></head>
            <script type="application/ld+json">{"@type":"MusicEvent","name":"Elysian Fields","startDate":"2015-10-31T20:00:00",
            "location":{"@type":"Place","name":"The Owl Music Parlor"}}</script><h1>Elysian Fields</h1><p>We don’t know about tickets yet.</p>
            """
        let draft = try TestSupport.draft(html, url: "https://www.songkick.com/concerts/25248299-elysian-fields")
        #expect(draft.name == "Elysian Fields")
        #expect(draft.goods == "ticket")
        #expect(draft.price == nil)
        #expect(draft.brand == nil)
    }

    @Test func twoConcertsWithoutOffersAreAProgramme() {
        let event = #"{"@type":"MusicEvent","name":"Tour","startDate":"2026-05-1%d","location":{"@type":"Place","name":"Hall"}}"#
        let html = "<script type=\"application/ld+json\">[\(String(format: event, 1)),\(String(format: event, 2))]</script><h1>Tour dates</h1>"
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://tickets.example/artist/tour") }
    }

    @Test func aProgrammeOfSeveralEventsIsNotOneTicket() {
        var events: [String] = []
        for index in 1...4 {
            events.append("{\"@type\":\"Event\",\"name\":\"Concert \(index)\",\"offers\":{\"price\":\"\(20 + index)\",\"priceCurrency\":\"EUR\"}}")
        }
        let html = "<script type=\"application/ld+json\">[\(events.joined(separator: ","))]</script><h1>This month</h1>"
        #expect(throws: ImportError.self) { try TestSupport.draft(html, url: "https://tickets.example/venue/programme") }
    }
}
